// A callout's request from its definition and an event: the parameters' merge fields (`<Invoice.InvoiceNumber>`)
// filled with the event's values, sent as a JSON body (POST, PUT, PATCH) or as the query (GET, DELETE), with the
// definition's basic authentication. A merge field the event does not have is left empty, as the vendor does.
import type { CalloutRec } from '../state/notifications';
import type { SandboxEvent } from './events';

export interface CalloutRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const MERGE_FIELD = /<([A-Za-z]\w*(?:\.[A-Za-z]\w*)+)>/g;

/** A text with its merge fields filled from `fields`. */
export const fill = (template: string, fields: Record<string, string>) =>
  template.replace(MERGE_FIELD, (_, name: string) => fields[name] ?? '');

/** The parameters a callout sends: its own, filled; without any, every field of the event. */
export function renderedParams(callout: CalloutRec, event: SandboxEvent): Record<string, string> {
  const params = Object.entries(callout.calloutParams);
  if (!params.length) return { ...event.fields };
  return Object.fromEntries(params.map(([k, v]) => [k, fill(v, event.fields)]));
}

export function calloutRequest(callout: CalloutRec, to: string, event: SandboxEvent): CalloutRequest {
  const params = renderedParams(callout, event);
  const headers: Record<string, string> = { 'User-Agent': 'billing-workbench-sandbox-callout' };
  if (callout.requiredAuth && callout.calloutAuth) {
    const { username, password } = callout.calloutAuth;
    headers.Authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  }
  const method = callout.httpMethod;
  if (method === 'GET' || method === 'DELETE') {
    const url = new URL(to);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { method, url: url.toString(), headers };
  }
  headers['Content-Type'] = 'application/json';
  return { method, url: to, headers, body: JSON.stringify(params) };
}
