// Callout templates over HTTP (the v1 reference's /notifications/callout-templates: create, list, read, change,
// delete), kept in the store (state/calloutTemplates.ts's rules) and saved in its data file without their
// passwords. Answers in the reference's shape; a password is never answered back.
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { templateFrom, type CalloutTemplateRec } from '../state/calloutTemplates';
import { newId } from '../state/ids';
import { CATEGORY, notFoundIn, v1Error } from './errors';
import { authAnswer, keptIn, refused, whole } from './notificationRoutes';

type Body = Record<string, unknown>;
const TEMPLATES = '/notifications/callout-templates';

const anObject = (body: unknown) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw v1Error('unknown', CATEGORY.invalidValue, 'The body must be a JSON object.');
  }
};

/** What else a template keeps that its answer declares (the rest is kept, not answered). */
const ANSWERED_DETAILS = [
  'certificate',
  'confirmSuccessFromResponseContent',
  'eventCategory',
  'hmacAlgorithm',
  'hmacData',
  'hmacKey',
  'hmacOutputFormat',
  'hmacSecret',
  'hmacValue',
];

export function calloutTemplateRoutes(deps: RouteDeps): Route[] {
  const templates = () => deps.events.templates; // read per call: the table is built before the hub
  const timestamp = () => deps.clock.timestamp();
  const template = (id: string) => {
    const t = templates().get(id);
    if (!t) throw notFoundIn('unknown', `Callout template ${id} does not exist.`);
    return t;
  };
  const save = (t: CalloutTemplateRec) => keptIn(deps, templates(), t.id, () => templates().put(t));
  return [
    {
      method: 'POST',
      path: TEMPLATES,
      handle: call =>
        deps.idempotent(call, anObject, body => {
          const t = refused(() => templateFrom(body as Body, undefined, newId, timestamp()));
          save(t);
          return ok(templateAnswer(t));
        }),
    },
    { method: 'GET', path: TEMPLATES, handle: call => ok(templateList(templates().list, call.query)) },
    { method: 'GET', path: `${TEMPLATES}/{id}`, handle: call => ok(templateAnswer(template(call.params.id))) },
    {
      method: 'PUT',
      path: `${TEMPLATES}/{id}`,
      handle: call =>
        deps.idempotent(call, anObject, body => {
          const t = refused(() => templateFrom(body as Body, template(call.params.id), newId, timestamp()));
          save(t);
          return ok(templateAnswer(t));
        }),
    },
    {
      method: 'DELETE',
      path: `${TEMPLATES}/{id}`,
      handle: call => {
        const { id } = template(call.params.id);
        keptIn(deps, templates(), id, () => templates().delete(id));
        return { status: 204, body: undefined };
      },
    },
  ];
}

export function templateAnswer(t: CalloutTemplateRec): Body {
  const details = Object.entries(t.details).filter(([k, v]) => ANSWERED_DETAILS.includes(k) && v !== undefined);
  return {
    ...Object.fromEntries(details),
    id: t.id,
    name: t.name,
    active: t.active,
    ...(t.eventTypeName ? { eventTypeName: t.eventTypeName } : {}),
    eventTypeNamespace: t.eventTypeNamespace,
    calloutBaseurl: t.calloutBaseurl,
    httpMethod: t.httpMethod,
    calloutHeaders: t.calloutHeaders,
    calloutParams: t.calloutParams,
    ...(t.customRequestBody !== undefined ? { customRequestBody: t.customRequestBody } : {}),
    useCustomRequestBody: t.useCustomRequestBody,
    calloutRetry: t.calloutRetry,
    requiredAuth: t.requiredAuth,
    requiredOauth2: t.requiredOauth2 === true,
    ...(t.calloutAuth ? { calloutAuth: authAnswer(t.calloutAuth) } : {}),
    createdOn: t.createdOn,
    updatedOn: t.updatedOn,
  };
}

/** GET .../callout-templates: filtered by eventTypeName and name, paged by start (from 1) and limit (<= 100). */
function templateList(all: CalloutTemplateRec[], q: URLSearchParams): Body {
  const type = q.get('eventTypeName');
  const name = q.get('name');
  const start = whole(q, 'start', 1, 1);
  const limit = Math.min(100, whole(q, 'limit', 20, 1));
  const kept = all.filter(t => (!type || t.eventTypeName === type) && (!name || t.name === name));
  const page = kept.slice(start - 1, start - 1 + limit);
  const next = start - 1 + limit < kept.length ? `${TEMPLATES}?start=${start + limit}&limit=${limit}` : undefined;
  return { data: page.map(templateAnswer), ...(next ? { next } : {}) };
}
