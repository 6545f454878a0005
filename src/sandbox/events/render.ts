// A callout's request from its callout (a definition's own, or the template it names) and an event: the
// parameters' merge fields (`<Invoice.InvoiceNumber>`) filled with the event's values, sent as a JSON body (POST,
// PUT, PATCH) or as the query (GET, DELETE); a template's custom request body instead when it says so (its merge
// fields `<X.Y>` or `{{X.Y}}` filled); the template's headers; basic authentication. A merge field the event does
// not have is left empty, as the vendor does.
import type { CalloutAuth, CalloutMethod } from '../state/notifications';
import type { SandboxEvent } from './source';

export interface CalloutRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What a delivery reads of a definition's callout or of a callout template. */
export interface CalloutSpec {
  calloutBaseurl?: string;
  httpMethod: CalloutMethod;
  calloutParams: Record<string, string>;
  calloutHeaders?: Record<string, string>;
  customRequestBody?: string;
  useCustomRequestBody?: boolean;
  calloutRetry: boolean;
  requiredAuth: boolean;
  requiredOauth2?: boolean;
  calloutAuth?: CalloutAuth;
}

/** The request, and how it authenticates: sent at once (preemptive), after a 401 challenge, or not sendable. */
export interface Rendered {
  request: CalloutRequest;
  /** Not preemptive: the Authorization header to answer a Basic challenge (a 401) with. */
  onChallenge?: string;
  /** Why it cannot be sent (its password was not kept across a restart). */
  unsent?: string;
}

const MERGE_FIELD = /<([A-Za-z]\w*(?:\.[A-Za-z]\w*)+)>|\{\{\s*(?:DataSource\.)?([A-Za-z]\w*(?:\.[A-Za-z]\w*)+)\s*\}\}/g;

/** A text with its merge fields filled from `fields`. */
export const fill = (template: string, fields: Record<string, string>) =>
  template.replace(MERGE_FIELD, (_, a: string | undefined, b: string | undefined) => fields[(a ?? b)!] ?? '');

/** The parameters a callout sends: its own, filled; without any, every field of the event. */
export function renderedParams(callout: CalloutSpec, event: SandboxEvent): Record<string, string> {
  const params = Object.entries(callout.calloutParams);
  if (!params.length) return { ...event.fields };
  return Object.fromEntries(params.map(([k, v]) => [k, fill(v, event.fields)]));
}

export const PASSWORD_NOT_KEPT =
  'Not sent: the callout password is kept in memory only, never in the data file, and the Local sandbox has ' +
  'restarted since it was given: PUT the callout again with calloutAuth (username and password).';

export const NO_OAUTH2 =
  'Not sent: the callout asks for OAuth 2.0 (requiredOauth2), and the Local sandbox has no OAuth 2.0 providers ' +
  "(the service's are set up in its UI): test it with basic authentication (requiredAuth and calloutAuth).";

export function calloutRequest(callout: CalloutSpec, to: string, event: SandboxEvent): Rendered {
  const headers: Record<string, string> = {
    'User-Agent': 'billing-workbench-sandbox-callout',
    ...Object.fromEntries(Object.entries(callout.calloutHeaders ?? {}).map(([k, v]) => [k, fill(v, event.fields)])),
  };
  const auth = callout.requiredAuth ? callout.calloutAuth : undefined;
  const basic =
    auth?.password !== undefined
      ? `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`
      : undefined;
  const preemptive = auth?.preemptive !== false; // absent: sent at once, as before templates were kept
  if (basic && preemptive) headers.Authorization = basic;
  const unsent = callout.requiredOauth2 ? NO_OAUTH2 : auth && !basic ? PASSWORD_NOT_KEPT : undefined;
  const how = { ...(basic && !preemptive ? { onChallenge: basic } : {}), ...(unsent ? { unsent } : {}) };
  const method = callout.httpMethod;
  if (callout.useCustomRequestBody && callout.customRequestBody !== undefined && method !== 'GET') {
    const body = fill(callout.customRequestBody, event.fields);
    headers['Content-Type'] ??= /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain';
    return { request: { method, url: to, headers, body }, ...how };
  }
  const params = renderedParams(callout, event);
  if (method === 'GET' || method === 'DELETE') {
    const url = new URL(to);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { request: { method, url: url.toString(), headers }, ...how };
  }
  headers['Content-Type'] ??= 'application/json';
  return { request: { method, url: to, headers, body: JSON.stringify(params) }, ...how };
}
