// The control path GET /_sandbox/callouts: every kept attempt in full, oldest first, for what the reference's
// history rows cannot hold (its schema lists no headers, body or duration): the delivery's status, its duration in
// ms, the request as sent (URL, method, headers and body, through the one redaction: never a password) and the
// answer (status, body up to the history's limit). Filters as the history's: failedOnly, eventCategory, objectId.
import type { EventHub } from '../events/hub';
import { filtered, type CalloutAttempt } from '../events/history';
import { ok, type Route } from '../http/router';

export const CALLOUTS_PATH = '/_sandbox/callouts';

export function calloutAttemptRoutes(hub: EventHub): Route[] {
  return [
    {
      method: 'GET',
      path: CALLOUTS_PATH,
      handle: call => {
        const q = call.query;
        const list = filtered(hub.deliveries.history.list, {
          failedOnly: q.get('failedOnly') === 'true',
          eventCategory: q.get('eventCategory') ?? undefined,
          objectId: q.get('objectId') ?? undefined,
        });
        return ok({ attempts: list.map(attemptView) });
      },
    },
  ];
}

export const attemptView = (a: CalloutAttempt) => ({
  id: a.id,
  deliveryId: a.deliveryId,
  definitionId: a.definitionId,
  notification: a.notification,
  ...(a.templateId ? { templateId: a.templateId } : {}),
  event: { type: a.event.type, date: a.event.date, objectId: a.event.objectId, fields: a.event.fields },
  attemptedNum: a.attemptedNum,
  createTime: a.createTime,
  status: a.status,
  durationMs: a.durationMs,
  ...(a.challenged ? { challenged: true } : {}),
  request: a.request,
  response: { status: a.responseCode, body: a.responseContent },
});
