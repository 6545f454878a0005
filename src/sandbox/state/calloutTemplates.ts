// Callout templates (POST /notifications/callout-templates and its reads and changes): a reusable callout (URL,
// HTTP method, headers, parameters or a custom request body with merge fields, retry, basic authentication) that a
// notification definition names in its calloutTemplateIds; a delivery then sends the template's. Records and
// their pure rules only. The password is kept in memory, never in the data file (as a definition's).
import {
  authFrom,
  CALLOUT_METHODS,
  checkUrl,
  flag,
  isObject,
  NotificationRefused,
  text,
  withoutPassword,
  type CalloutAuth,
  type CalloutMethod,
} from './notifications';

export interface CalloutTemplateRec {
  id: string;
  name: string;
  active: boolean;
  eventTypeName?: string;
  eventTypeNamespace: 'user.notification' | 'com.zuora.notification';
  calloutBaseurl: string;
  httpMethod: CalloutMethod;
  calloutHeaders: Record<string, string>;
  calloutParams: Record<string, string>;
  /** Sent instead of the parameters when useCustomRequestBody: a text with merge fields. */
  customRequestBody?: string;
  useCustomRequestBody: boolean;
  calloutRetry: boolean;
  requiredAuth: boolean;
  requiredOauth2?: boolean; // never sent by the sandbox (notifications.ts)
  calloutAuth?: CalloutAuth;
  /** What else the body gave (hmac..., certificate, eventCategory): kept and answered, nothing computes from it. */
  details: Record<string, unknown>;
  createdOn: string;
  updatedOn: string;
}

type Body = Record<string, unknown>;

export class CalloutTemplates {
  private readonly byId = new Map<string, CalloutTemplateRec>();
  get size(): number {
    return this.byId.size;
  }
  get list(): CalloutTemplateRec[] {
    return [...this.byId.values()];
  }
  get(id: string): CalloutTemplateRec | undefined {
    return this.byId.get(id);
  }
  put(t: CalloutTemplateRec): void {
    this.byId.set(t.id, t);
  }
  delete(id: string): boolean {
    return this.byId.delete(id);
  }
  clear(): void {
    this.byId.clear();
  }
  /** As the data file keeps them: without any password. */
  snapshot(): CalloutTemplateRec[] {
    return this.list.map(withoutPassword);
  }
}

const KNOWN = new Set([
  'name',
  'active',
  'eventTypeName',
  'eventTypeNamespace',
  'calloutBaseurl',
  'httpMethod',
  'calloutHeaders',
  'calloutParams',
  'customRequestBody',
  'useCustomRequestBody',
  'calloutRetry',
  'requiredAuth',
  'calloutAuth',
  'requiredOauth2',
  'oauth2ProviderId',
]);

/** A new template from a POST body, or `before` as a PUT body changes it (what the body names changes). */
export function templateFrom(
  body: Body,
  before: CalloutTemplateRec | undefined,
  newId: () => string,
  now: string,
): CalloutTemplateRec {
  const name = text(body, 'name', 255) ?? before?.name;
  if (!name) throw new NotificationRefused('name', 'name is required: give the callout template a name.');
  const url = text(body, 'calloutBaseurl') ?? before?.calloutBaseurl;
  if (!url) throw new NotificationRefused('calloutBaseurl', 'calloutBaseurl is required: the URL the callout goes to.');
  checkUrl(url, 'calloutBaseurl');
  const method = (text(body, 'httpMethod') ?? before?.httpMethod ?? '').toUpperCase();
  if (!(CALLOUT_METHODS as readonly string[]).includes(method)) {
    throw new NotificationRefused('httpMethod', `httpMethod is required, one of ${CALLOUT_METHODS.join(', ')}.`);
  }
  const eventTypeName = text(body, 'eventTypeName') ?? before?.eventTypeName;
  const custom = typeof body.customRequestBody === 'string' ? body.customRequestBody : before?.customRequestBody;
  const auth = isObject(body.calloutAuth) ? authFrom(body.calloutAuth) : before?.calloutAuth;
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !KNOWN.has(k)));
  return {
    id: before?.id ?? newId(),
    name,
    active: flag(body, 'active', before?.active ?? true),
    ...(eventTypeName ? { eventTypeName } : {}),
    eventTypeNamespace:
      (body.eventTypeNamespace ?? before?.eventTypeNamespace) === 'com.zuora.notification'
        ? 'com.zuora.notification'
        : 'user.notification',
    calloutBaseurl: url,
    httpMethod: method as CalloutMethod,
    calloutHeaders: texts(body, 'calloutHeaders') ?? before?.calloutHeaders ?? {},
    calloutParams: texts(body, 'calloutParams') ?? before?.calloutParams ?? {},
    ...(custom !== undefined ? { customRequestBody: custom } : {}),
    useCustomRequestBody: flag(body, 'useCustomRequestBody', before?.useCustomRequestBody ?? false),
    calloutRetry: flag(body, 'calloutRetry', before?.calloutRetry ?? true),
    requiredAuth: flag(body, 'requiredAuth', before?.requiredAuth ?? false),
    ...(flag(body, 'requiredOauth2', before?.requiredOauth2 ?? false) ? { requiredOauth2: true } : {}),
    ...(auth ? { calloutAuth: auth } : {}),
    details: { ...before?.details, ...rest },
    createdOn: before?.createdOn ?? now,
    updatedOn: now,
  };
}

function texts(b: Body, key: string): Record<string, string> | undefined {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v) || Object.values(v).some(x => typeof x !== 'string')) {
    throw new NotificationRefused(key, `${key} maps each name to a text.`);
  }
  return v as Record<string, string>;
}
