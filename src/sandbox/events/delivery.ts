// Delivering callouts: each attempt is an HTTP request through an injected Sender, on an injected Timer (tests
// step time instead of sleeping). The first attempt is scheduled, never run inside the request that caused the
// event, so no answer waits for a receiver. A failure (no answer, or not 2xx) is tried again after an
// exponential back-off (BASE_DELAY_MS, doubled each time) up to MAX_ATTEMPTS, unless the callout says no retry.
// Attempts to one receiver go one at a time, in the order they fell due (a retry waits its turn behind newer ones).
// Basic authentication is sent at once (preemptive), or only to answer a 401 whose WWW-Authenticate asks for Basic.
import * as http from 'node:http';
import * as https from 'node:https';
import { unsendable, type NotificationDefinitionRec } from '../state/notifications';
import type { SandboxEvent } from './source';
import { CalloutHistory, RESPONSE_CONTENT_LIMIT, type CalloutAttempt } from './history';
import { calloutRequest, type CalloutRequest, type CalloutSpec, type Rendered } from './render';

export const MAX_ATTEMPTS = 5;
export const BASE_DELAY_MS = 1_000;
const SEND_TIMEOUT_MS = 10_000;

export interface CalloutAnswer {
  status: number;
  body: string;
  /** The answer's WWW-Authenticate header, if any (a 401's challenge). */
  challenge?: string;
}
/** Sends one request; rejects when no answer came. */
export type Sender = (request: CalloutRequest) => Promise<CalloutAnswer>;
/** Runs `run` after `ms` milliseconds. */
export interface Timer {
  after(ms: number, run: () => void): void;
}

export const REAL_TIMER: Timer = { after: (ms, run) => void setTimeout(run, ms).unref() };

// Connections kept and reused: a burst of callouts (a bill run's) reuses one instead of opening a socket each.
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 8 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 8 }),
};

/** node's http(s), the answer's body cut to what the history keeps, within SEND_TIMEOUT_MS. */
export const httpSender: Sender = request =>
  new Promise((resolve, reject) => {
    const u = new URL(request.url);
    const send = u.protocol === 'https:' ? https.request : http.request;
    const agent = u.protocol === 'https:' ? AGENTS['https:'] : AGENTS['http:'];
    const options = { method: request.method, headers: request.headers, timeout: SEND_TIMEOUT_MS, agent };
    const req = send(u, options, res => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < RESPONSE_CONTENT_LIMIT) body += chunk;
      });
      res.on('end', () => {
        const challenge = res.headers['www-authenticate'];
        const status = res.statusCode ?? 0;
        resolve({ status, body: body.slice(0, RESPONSE_CONTENT_LIMIT), ...(challenge ? { challenge } : {}) });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });

export interface DeliveryDeps {
  send: Sender;
  timer: Timer;
  /** The sandbox clock's timestamp (the history's createTime). */
  timestamp(): string;
  newId(): string;
  /** Told of each attempt once recorded (tests wait on it; the CLI's listen prints it). */
  onAttempt?(a: CalloutAttempt): void;
  /** Milliseconds on a monotonic clock, for an attempt's duration (performance.now by default). */
  elapsed?(): number;
}

type Delivery = Pick<CalloutAttempt, 'deliveryId' | 'definitionId' | 'notification' | 'templateId'>;

/** What an attempt sends, as rendered: its request with the credentials (memory only, never in the history). */
const RAW = new WeakMap<CalloutAttempt, Rendered>();

/**
 * The secrets a rendered request carries: its credentials (the Authorization it sends or answers a challenge with,
 * and the password and its encodings inside them). The sandbox may not import the client's redaction (src/client:
 * the lint keeps the two ends apart), so it masks what it knows is secret; what it answers reaches people through
 * the client, whose one redaction (src/client/redact.ts) masks the rest.
 */
function secretsOf(r: Rendered): string[] {
  const basic = [r.request.headers.Authorization, r.onChallenge].filter((h): h is string => !!h);
  const tokens = basic.map(h => h.replace(/^\S+\s+/, ''));
  const decoded = tokens.map(t => Buffer.from(t, 'base64').toString('utf8'));
  const passwords = decoded.map(d => d.slice(d.indexOf(':') + 1));
  return [...basic, ...tokens, ...decoded, ...passwords].filter(x => x.length >= 3).sort((a, b) => b.length - a.length);
}

const MASK = '***';
const masked = (text: string, secrets: string[]) => secrets.reduce((t, s) => t.split(s).join(MASK), text);

/** A request as the history shows it: its Authorization masked, and its known secrets wherever they appear. */
function shown(r: Rendered, challenged: boolean): CalloutRequest {
  const secrets = secretsOf(r);
  const headers = Object.fromEntries(
    Object.entries(r.request.headers).map(([k, v]) => [
      k,
      k.toLowerCase() === 'authorization' ? MASK : masked(v, secrets),
    ]),
  );
  if (challenged) headers.Authorization = MASK;
  const { url, body } = r.request;
  return {
    ...r.request,
    url: masked(url, secrets),
    headers,
    ...(body !== undefined ? { body: masked(body, secrets) } : {}),
  };
}

export class Deliveries {
  readonly history = new CalloutHistory();
  /** Per receiver origin, the last attempt under way: the next waits for it. */
  private readonly lanes = new Map<string, Promise<void>>();
  constructor(private readonly deps: DeliveryDeps) {}

  /**
   * Schedules the delivery of `event` to the definition's callout, or to the callout template it names
   * (`templateId`, `callout`: the template then); with `unsent`, an attempt recorded as not sent, saying why.
   */
  deliver(
    definition: NotificationDefinitionRec,
    event: SandboxEvent,
    template?: { id: string; spec: CalloutSpec },
    unsent?: string,
  ): void {
    const callout = template?.spec ?? definition.callout;
    if (!callout?.calloutBaseurl) return; // nowhere to send it
    const rendered = calloutRequest(callout, callout.calloutBaseurl, event);
    if (unsent) rendered.unsent = unsent; // recorded, not sent: why
    const delivery: Delivery = {
      deliveryId: this.deps.newId(),
      definitionId: definition.id,
      notification: definition.name,
      ...(template ? { templateId: template.id } : {}),
    };
    this.schedule(delivery, event, rendered, 1, 0, callout.calloutRetry ? MAX_ATTEMPTS : 1);
  }

  /** Sends a recorded attempt's request again, as a new delivery (POST /notifications/callout-histories/resend). */
  resend(a: CalloutAttempt): void {
    const delivery: Delivery = {
      deliveryId: this.deps.newId(),
      definitionId: a.definitionId,
      notification: a.notification,
      ...(a.templateId ? { templateId: a.templateId } : {}),
    };
    this.schedule(delivery, a.event, RAW.get(a) ?? { request: a.request }, 1, 0, 1);
  }

  private schedule(
    delivery: Delivery,
    event: SandboxEvent,
    rendered: Rendered,
    attempt: number,
    delayMs: number,
    maxAttempts: number,
  ): void {
    const request = rendered.request;
    const elapsed = this.deps.elapsed ?? (() => performance.now());
    this.deps.timer.after(delayMs, () => {
      const createTime = onEventDay(this.deps.timestamp(), event.date);
      const started = elapsed();
      let challenged = false;
      const record = (responseCode: number, responseContent: string, retry = true, sent = true) => {
        const ok = responseCode >= 200 && responseCode < 300;
        const a: CalloutAttempt = {
          id: this.deps.newId(),
          ...delivery,
          event,
          request: shown(rendered, challenged),
          attemptedNum: attempt,
          createTime,
          durationMs: Math.max(0, Math.round((elapsed() - started) * 1000) / 1000),
          responseCode,
          responseContent: masked(responseContent, secretsOf(rendered)),
          ok,
          status: ok ? 'delivered' : sent ? 'failed' : 'not sent',
          ...(challenged ? { challenged } : {}),
        };
        RAW.set(a, rendered);
        this.history.add(a);
        this.deps.onAttempt?.(a);
        if (!ok && retry && attempt < maxAttempts) {
          const backOff = BASE_DELAY_MS * 2 ** (attempt - 1);
          this.schedule(delivery, event, rendered, attempt + 1, backOff, maxAttempts);
        }
      };
      // Trying again cannot help: the URL, or the password, must be given again.
      const refused = unsendable(request.url) ?? rendered.unsent;
      if (refused) return record(0, refused, false, false);
      // One at a time per receiver URL, in the order they fell due: a receiver gets events in date order.
      const lane = new URL(request.url).origin;
      const sendOnce = async (): Promise<CalloutAnswer> => {
        const answer = await this.deps.send(request);
        if (answer.status !== 401 || !rendered.onChallenge || !/^\s*basic/i.test(answer.challenge ?? '')) return answer;
        challenged = true;
        return this.deps.send({ ...request, headers: { ...request.headers, Authorization: rendered.onChallenge } });
      };
      const tail = (this.lanes.get(lane) ?? Promise.resolve())
        .then(sendOnce)
        .then(
          answer => record(answer.status, answer.body),
          (e: unknown) => record(0, e instanceof Error ? e.message : String(e)),
        )
        .finally(() => {
          if (this.lanes.get(lane) === tail) this.lanes.delete(lane);
        });
      this.lanes.set(lane, tail);
    });
  }
}

/**
 * When an attempt is recorded as made: the clock's time, but on the event's day when that was earlier (a clock move
 * makes a month's events at once: each is sent as on its own day, so the history's startTime and endTime find it).
 */
export function onEventDay(timestamp: string, eventDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(eventDate) && eventDate < timestamp.slice(0, 10)
    ? `${eventDate}${timestamp.slice(10)}`
    : timestamp;
}
