// `listen --base-url URL --forward-to URL [--events A,B]`: registers notification definitions on a running Local
// sandbox whose callouts come to a receiver this command starts on 127.0.0.1, prints each event as it arrives,
// forwards its body to --forward-to and prints that answer's status, and answers the sandbox with it (so a failing
// endpoint is retried by the sandbox, with back-off). Ctrl+C (or `signal`) removes the definitions and stops.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, BillingClient, isLoopback } from '../client';
import { EVENT_TYPES } from '../wire/eventTypes';
import { credentials } from './clock';
import { UsageError, type Io } from './io';

export interface ListenArgs {
  baseUrl?: string;
  forwardTo?: string;
  /** Comma-separated event type names; all the sandbox emits by default. */
  events?: string;
  /** Stops listening (tests); else Ctrl+C. */
  signal?: AbortSignal;
}

const DEFINITIONS = '/notifications/notification-definitions';
const FORWARD_TIMEOUT_MS = 10_000;

export async function listenCommand(args: ListenArgs, io: Io, env = process.env): Promise<number> {
  if (!args.baseUrl) throw new UsageError('listen needs --base-url: the URL of a running Local sandbox');
  if (!args.forwardTo) throw new UsageError('listen needs --forward-to: the URL your server takes callouts on');
  const target = forwardTarget(args.forwardTo);
  const events = eventsOf(args.events);
  const client = new BillingClient({ baseUrl: args.baseUrl, ...credentials(args.baseUrl, env), surface: 'cli' });
  const receiver = http.createServer((req, res) => void forward(req, res, target, io));
  await new Promise<void>(resolve => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callout`;
  const made: string[] = [];
  try {
    for (const eventTypeName of events) {
      const body = {
        name: `listen: ${eventTypeName}`,
        eventTypeName,
        calloutActive: true,
        callout: { name: `listen ${eventTypeName}`, calloutBaseurl: hook, httpMethod: 'POST', calloutRetry: true },
      };
      made.push((await client.send<{ id: string }>({ method: 'POST', path: DEFINITIONS }, { body })).data.id);
    }
    io.out(`Forwarding ${events.join(', ')} from ${args.baseUrl} to ${target}. Ctrl+C stops.`);
    await stopped(args.signal);
    return 0;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    io.err(`error: ${e.message}`);
    return e.kind === 'config' ? 2 : 1;
  } finally {
    for (const id of made) {
      await client.send({ method: 'DELETE', path: `${DEFINITIONS}/{id}` }, { pathParams: { id } }).catch(() => {});
    }
    await client.close();
    receiver.closeAllConnections();
    await new Promise<void>(resolve => receiver.close(() => resolve()));
  }
}

/** One callout: printed, forwarded, and answered with the forward's status (502 when it got none). */
async function forward(req: http.IncomingMessage, res: http.ServerResponse, target: string, io: Io): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  io.out(describeCallout(body));
  let status = 502;
  try {
    const r = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    status = r.status;
    await r.arrayBuffer();
    io.out(`  -> ${target}: ${status}`);
  } catch (e) {
    io.out(`  -> ${target}: no answer (${(e as Error).message}); the sandbox tries again`);
  }
  res.writeHead(status).end();
}

/** `2027-02-01 InvoicePosted INV00000002 (A00000001)`, `... OrderActionProcessed Suspend S00000001 (...)`. */
export function describeCallout(body: string): string {
  let f: Record<string, string> = {};
  try {
    f = JSON.parse(body) as Record<string, string>;
  } catch {
    return `(a callout whose body is not JSON: ${body.slice(0, 80)})`;
  }
  const action = f['OrderAction.Type'] ? `${f['OrderAction.Type']} ` : '';
  const what =
    action + (f['Subscription.SubscriptionNumber'] ?? '') ||
    (f['Refund.RefundNumber'] ?? f['Payment.PaymentNumber'] ?? f['Order.OrderNumber'] ?? '') ||
    (f['Invoice.InvoiceNumber'] ?? f['BillRun.BillRunNumber'] ?? '') ||
    usageWords(f);
  const account = f['Account.AccountNumber'] ? ` (${f['Account.AccountNumber']})` : '';
  return `${f['Event.Date'] ?? ''} ${f['Event.Type'] ?? 'callout'} ${what}${account}`.replace(/ {2,}/g, ' ').trim();
}

/** An upload of usage in a few words: `2 records, 1234.5 call`. */
function usageWords(f: Record<string, string>): string {
  const n = f['Usage.RecordCount'];
  if (!n) return '';
  const quantity = f['Usage.Quantity'] ? `, ${f['Usage.Quantity']} ${f['Usage.UnitOfMeasure'] ?? ''}`.trimEnd() : '';
  return `${n} record${n === '1' ? '' : 's'}${quantity}`;
}

function forwardTarget(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`--forward-to must be a URL, like http://localhost:3000/hook, not "${url}"`);
  }
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname))) return u.toString();
  throw new UsageError(`--forward-to must use https, or http on this machine (localhost, 127.0.0.1): "${url}"`);
}

function eventsOf(list: string | undefined): string[] {
  if (list === undefined) return [...EVENT_TYPES];
  const names = list
    .split(',')
    .map(s => s.trim())
    .filter(Boolean);
  const unknown = names.filter(n => !(EVENT_TYPES as readonly string[]).includes(n));
  if (!names.length || unknown.length) {
    throw new UsageError(`--events takes names among ${EVENT_TYPES.join(', ')}; not "${unknown.join(', ') || list}"`);
  }
  return names;
}

/** Until the signal aborts, or Ctrl+C. */
function stopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise(resolve => {
    if (signal?.aborted) return resolve();
    const stop = () => {
      process.off('SIGINT', stop);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    signal?.addEventListener('abort', stop);
  });
}
