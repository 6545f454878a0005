// The callout history: one record per attempt (GET /v1/notification-history/callout lists them), the newest
// HISTORY_LIMIT kept so a long-running sandbox stays bounded. Each record holds its request as shown (its
// Authorization and its credentials masked wherever they appear, delivery.ts: a password never reaches an answer
// or a log), its answer (status, the body up to RESPONSE_CONTENT_LIMIT) and how long it took. A resend takes a
// record's delivery and sends it again as a new attempt.
import type { SandboxEvent } from './source';
import type { CalloutRequest } from './render';

export const HISTORY_LIMIT = 10_000;
/** Of an answer's body, what the history keeps. */
export const RESPONSE_CONTENT_LIMIT = 2_000;

export interface CalloutAttempt {
  id: string;
  /** The delivery it belongs to (its attempts share it). */
  deliveryId: string;
  definitionId: string;
  /** The definition's name. */
  notification: string;
  /** The callout template it sent, if the definition names one. */
  templateId?: string;
  event: SandboxEvent;
  /** As shown: its Authorization and any secret masked. */
  request: CalloutRequest;
  attemptedNum: number;
  /** The sandbox clock's timestamp when it was sent. */
  createTime: string;
  /** From sending to the answer (or the failure), in milliseconds. */
  durationMs: number;
  /** 0 when no answer came (refused, timed out). */
  responseCode: number;
  responseContent: string;
  /** Whether it was answered 2xx. */
  ok: boolean;
  /** delivered (2xx), failed (an answer that was not, or none), not sent (the sandbox would not send it). */
  status: 'delivered' | 'failed' | 'not sent';
  /** Sent without credentials first, answered a 401 Basic challenge, then sent with them. */
  challenged?: boolean;
}

export class CalloutHistory {
  private readonly attempts: CalloutAttempt[] = [];
  private readonly byId = new Map<string, CalloutAttempt>();

  add(a: CalloutAttempt): void {
    this.attempts.push(a);
    this.byId.set(a.id, a);
    if (this.attempts.length > HISTORY_LIMIT) this.byId.delete(this.attempts.shift()!.id);
  }
  clear(): void {
    this.attempts.length = 0;
    this.byId.clear();
  }
  get(id: string): CalloutAttempt | undefined {
    return this.byId.get(id);
  }
  get list(): readonly CalloutAttempt[] {
    return this.attempts;
  }
}

export interface HistoryFilter {
  startTime?: string;
  endTime?: string;
  objectId?: string;
  failedOnly?: boolean;
  eventCategory?: string;
}

/** The attempts the reference's filters keep, oldest first. */
export function filtered(list: readonly CalloutAttempt[], f: HistoryFilter): CalloutAttempt[] {
  const t = (s: string) => Date.parse(s);
  return list.filter(
    a =>
      (f.startTime === undefined || t(a.createTime) >= t(f.startTime)) &&
      (f.endTime === undefined || t(a.createTime) <= t(f.endTime)) &&
      (f.objectId === undefined || a.event.objectId === f.objectId) &&
      (!f.failedOnly || !a.ok) &&
      (f.eventCategory === undefined || a.event.type === f.eventCategory),
  );
}
