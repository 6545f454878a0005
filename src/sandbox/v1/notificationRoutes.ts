// Notification definitions and the callout history over HTTP (the v1 reference's /notifications/... and
// /v1/notification-history/callout): definitions kept in the event hub (state/notifications.ts's rules), the
// history its deliveries record, and resend. Answers in the reference's shapes; a callout's password is never
// answered back.
import type { EventHub } from '../events/hub';
import { filtered, type CalloutAttempt } from '../events/history';
import type { BodyCheck, RouteDeps } from '../http/routeDeps';
import { ok, type Reply, type Route } from '../http/router';
import { newId } from '../state/ids';
import {
  definitionFrom,
  NotificationRefused,
  updated,
  type CalloutAuth,
  type NotificationDefinitionRec,
} from '../state/notifications';
import { CATEGORY, notFoundIn, v1Error } from './errors';
import { pageOf } from './pages';

type Body = Record<string, unknown>;
const DEFINITIONS = '/notifications/notification-definitions';

const anObject: BodyCheck = body => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw v1Error('unknown', CATEGORY.invalidValue, 'The body must be a JSON object.');
  }
};

export function notificationRoutes(deps: RouteDeps): Route[] {
  const notifications = () => deps.events.notifications; // read per call: the table is built before the hub
  const timestamp = () => deps.clock.timestamp();
  const definition = (id: string) => {
    const d = notifications().get(id);
    if (!d) throw notFoundIn('unknown', `Notification definition ${id} does not exist.`);
    return d;
  };
  return [
    {
      method: 'POST',
      path: DEFINITIONS,
      handle: call =>
        deps.idempotent(call, anObject, body => {
          const d = refused(() => definitionFrom(body as Body, newId, timestamp()));
          kept(deps, d.id, () => notifications().put(d));
          return ok(definitionAnswer(d));
        }),
    },
    { method: 'GET', path: DEFINITIONS, handle: call => ok(definitionList(notifications().list, call.query)) },
    { method: 'GET', path: `${DEFINITIONS}/{id}`, handle: call => ok(definitionAnswer(definition(call.params.id))) },
    {
      method: 'PUT',
      path: `${DEFINITIONS}/{id}`,
      handle: call =>
        deps.idempotent(call, anObject, body => {
          const d = refused(() => updated(definition(call.params.id), body as Body, newId, timestamp()));
          kept(deps, d.id, () => notifications().put(d));
          return ok(definitionAnswer(d));
        }),
    },
    {
      method: 'DELETE',
      path: `${DEFINITIONS}/{id}`,
      handle: call => {
        const { id } = definition(call.params.id);
        kept(deps, id, () => notifications().delete(id));
        return { status: 204, body: undefined };
      },
    },
    {
      method: 'GET',
      path: '/v1/notification-history/callout',
      handle: call => ok(historyAnswer(deps.events, call.query)),
    },
    {
      method: 'POST',
      path: '/notifications/callout-histories/resend',
      handle: call =>
        deps.idempotent(
          call,
          body => {
            if (!Array.isArray(body) || body.some(id => typeof id !== 'string')) {
              throw v1Error('unknown', CATEGORY.invalidValue, 'The body is a JSON array of callout history ids.');
            }
          },
          body => resend(deps.events, body as string[]),
        ),
    },
  ];
}

/** A change to one definition, saved; a failed save puts the definition back as it was (the store's rollback
 * covers its lists, not the definitions). */
function kept(deps: RouteDeps, id: string, change: () => void): void {
  keptIn(deps, deps.events.notifications, id, change);
}

/** The same for any table of records by id (definitions, callout templates). */
export function keptIn<T>(
  deps: Pick<RouteDeps, 'commit'>,
  table: { get(id: string): T | undefined; put(t: T): void; delete(id: string): boolean },
  id: string,
  change: () => void,
): void {
  const before = table.get(id);
  try {
    deps.commit(change);
  } catch (e) {
    if (before) table.put(before);
    else table.delete(id);
    throw e;
  }
}

/** The lower room's refusal as the v1 400 naming its field. */
export function refused<T>(make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof NotificationRefused) throw v1Error('unknown', CATEGORY.invalidValue, e.message);
    throw e;
  }
}

/** Fields the request takes as any text but the answer declares uuids: answered only when they are uuids (kept). */
const UUID_ANSWERS = ['communicationProfileId', 'emailTemplateId'];
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[1-8][0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;

export function definitionAnswer(d: NotificationDefinitionRec): Body {
  const c = d.callout;
  const details = Object.entries(d.details).filter(
    ([k, v]) => !UUID_ANSWERS.includes(k) || (typeof v === 'string' && UUID.test(v)),
  );
  return {
    ...Object.fromEntries(details),
    id: d.id,
    name: d.name,
    active: d.active,
    ...(d.eventTypeName ? { eventTypeName: d.eventTypeName } : {}),
    eventTypeNamespace: d.eventTypeNamespace,
    calloutActive: d.calloutActive,
    emailActive: d.emailActive,
    createdOn: d.createdOn,
    updatedOn: d.updatedOn,
    ...(c
      ? {
          callout: {
            id: c.id,
            name: c.name,
            active: c.active,
            ...(d.eventTypeName ? { eventTypeName: d.eventTypeName } : {}),
            ...(c.calloutBaseurl ? { calloutBaseurl: c.calloutBaseurl } : {}),
            httpMethod: c.httpMethod,
            calloutParams: c.calloutParams,
            calloutRetry: c.calloutRetry,
            requiredAuth: c.requiredAuth,
            requiredOauth2: c.requiredOauth2 === true,
            // The password is kept (in memory) to send, never answered.
            ...(c.calloutAuth ? { calloutAuth: authAnswer(c.calloutAuth) } : {}),
          },
        }
      : {}),
  };
}

/** A callout's authentication as answered: never its password. */
export const authAnswer = (a: CalloutAuth) => ({
  username: a.username,
  ...(a.domain !== undefined ? { domain: a.domain } : {}),
  ...(a.preemptive !== undefined ? { preemptive: a.preemptive } : {}),
});

/** GET .../notification-definitions: filtered by eventTypeName and active, paged by start (from 0) and limit. */
function definitionList(all: NotificationDefinitionRec[], q: URLSearchParams): Body {
  const type = q.get('eventTypeName');
  const active = q.get('active');
  const start = whole(q, 'start', 0, 0);
  const limit = whole(q, 'limit', 10, 1);
  const kept = all.filter(d => (!type || d.eventTypeName === type) && (!active || String(d.active) === active));
  const page = kept.slice(start, start + limit);
  const next = start + limit < kept.length ? `${DEFINITIONS}?start=${start + limit}&limit=${limit}` : undefined;
  return { data: page.map(definitionAnswer), ...(next ? { next } : {}) };
}

/** GET /v1/notification-history/callout: the reference's filters, paged by page (from 1) and pageSize (1 to 40). */
function historyAnswer(hub: EventHub, q: URLSearchParams): Body {
  const bool = (k: string) => q.get(k) === 'true';
  const list = filtered(hub.deliveries.history.list, {
    startTime: q.get('startTime') ?? undefined,
    endTime: q.get('endTime') ?? undefined,
    objectId: q.get('objectId') ?? undefined,
    failedOnly: bool('failedOnly'),
    eventCategory: q.get('eventCategory') ?? undefined,
  });
  const { rows, nextPage } = pageOf(list, q, '/v1/notification-history/callout'); // pageSize past 40: a 400, as the other v1 lists
  return {
    calloutHistories: rows.map(a => historyRow(a, bool('includeResponseContent'))),
    ...(nextPage ? { nextPage } : {}),
    success: true,
  };
}

function historyRow(a: CalloutAttempt, content: boolean): Body {
  return {
    id: a.id,
    attemptedNum: String(a.attemptedNum),
    createTime: a.createTime,
    eventCategory: a.event.type,
    eventContext: JSON.stringify(a.event.fields),
    notification: a.notification,
    requestMethod: a.request.method,
    requestUrl: a.request.url,
    responseCode: String(a.responseCode),
    ...(content ? { responseContent: a.responseContent } : {}),
  };
}

/** 202 with the ids that could not be resent (none when all were), as the reference answers it. */
function resend(hub: EventHub, ids: string[]): Reply {
  const failed: Record<string, { code: string; message: string }> = {};
  for (const id of ids) {
    const a = hub.deliveries.history.get(id);
    if (a) hub.deliveries.resend(a);
    else
      failed[id] = {
        code: 'NOT_FOUND',
        message: `Callout history ${id} does not exist (or is older than the kept ones).`,
      };
  }
  return { status: 202, body: failed };
}

export function whole(q: URLSearchParams, key: string, fallback: number, min: number): number {
  const v = q.get(key);
  if (v === null || v === '') return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min) {
    throw v1Error('unknown', CATEGORY.invalidValue, `${key} must be a whole number of at least ${min}.`);
  }
  return Number(v);
}
