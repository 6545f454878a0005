// The callout history: one record per attempt (GET /v1/notification-history/callout lists them), the newest
// HISTORY_LIMIT kept so a long-running sandbox stays bounded. A resend takes a record's delivery and sends it again.
import type { SandboxEvent } from './events';
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
  event: SandboxEvent;
  request: CalloutRequest;
  attemptedNum: number;
  /** The sandbox clock's timestamp when it was sent. */
  createTime: string;
  /** 0 when no answer came (refused, timed out). */
  responseCode: number;
  responseContent: string;
  /** Whether it was answered 2xx. */
  ok: boolean;
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
