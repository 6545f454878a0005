// The callout receiver a scenario run starts on 127.0.0.1 (an ephemeral port) when a step waits for a callout or
// names `${receiver.url}`: it answers every request 200 and keeps it, in arrival order, and tells whoever waits
// the moment one arrives (a `callout` step waits on that, never on a polling loop). The run closes it when the
// scenario ends, whatever the outcome, so no port is left open.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_TYPES } from '../sandbox';

/** Where callouts are received: `${receiver.url}`; a definition may add `/EventType` to say its event. */
export const RECEIVER_PATH = '/callouts';
/** The most of one callout's body the receiver keeps (a bill run's callouts are small). */
const MAX_BODY_BYTES = 1_000_000;

export interface Callout {
  /** 1, 2, ... in arrival order. */
  seq: number;
  /** The event type: the body's `Event.Type`, else the path's last segment if it is an event name; else null. */
  event: string | null;
  method: string;
  path: string;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** The JSON body (text when it is not JSON); a GET or DELETE callout's query parameters. */
  body: unknown;
}

export class CalloutReceiver {
  readonly received: Callout[] = [];
  private listeners = new Set<() => void>();

  private readonly server = http.createServer((req, res) => void this.take(req, res));
  /** `${receiver.url}`: http://127.0.0.1:PORT/callouts. */
  url = '';

  private constructor() {}

  static async start(): Promise<CalloutReceiver> {
    const self = new CalloutReceiver();
    await new Promise<void>((resolve, reject) => {
      self.server.once('error', reject);
      self.server.listen(0, '127.0.0.1', resolve);
    });
    self.url = `http://127.0.0.1:${(self.server.address() as AddressInfo).port}${RECEIVER_PATH}`;
    return self;
  }

  /** Calls `listener` on each arrival until the returned function is called. */
  onArrival(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops listening and drops kept-alive connections (the sandbox's agent keeps its sockets). */
  async close(): Promise<void> {
    this.listeners.clear();
    this.server.closeAllConnections();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }

  private async take(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size <= MAX_BODY_BYTES) chunks.push(c as Buffer);
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? parsed(text) : Object.fromEntries(url.searchParams);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    const seq = this.received.length + 1;
    this.received.push({
      seq,
      event: eventOf(url.pathname, body),
      method: req.method ?? '',
      path: url.pathname,
      headers,
      body,
    });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    for (const l of [...this.listeners]) l();
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The body's `Event.Type` when it has one (a definition's URL may end in anything, e.g. `/pay`); else the path's
 * last segment after /callouts/ when it names an event (`/callouts/InvoicePosted`); else null.
 */
function eventOf(pathname: string, body: unknown): string | null {
  const type = body && typeof body === 'object' ? (body as Record<string, unknown>)['Event.Type'] : undefined;
  if (typeof type === 'string' && type) return type;
  const rest = pathname.startsWith(`${RECEIVER_PATH}/`) ? pathname.slice(RECEIVER_PATH.length + 1) : '';
  const segment = rest.split('/').filter(Boolean).pop() ?? '';
  let last = segment;
  try {
    last = decodeURIComponent(segment);
  } catch {
    // kept as sent
  }
  return (EVENT_TYPES as readonly string[]).includes(last) ? last : null;
}
