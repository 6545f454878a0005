// Notification definitions (POST /notifications/notification-definitions and its reads and changes): which event
// a definition listens to, whether it is active, and its callout (URL, HTTP method, basic authentication, the
// parameters whose merge fields a delivery fills). Records and their pure rules only: no HTTP, no delivery (that
// is events/). A rule broken is a NotificationRefused saying the field and what to send instead.

/**
 * The events the sandbox emits (events/), by the vendor's event type names: its standard events (InvoicePosted,
 * BillRunCompletion, PaymentProcessed, PaymentDeclined, RefundProcessed) and its custom events for Orders
 * (OrderProcessed; OrderActionProcessed, whose `OrderAction.Type` says which: CreateSubscription,
 * RenewSubscription, CancelSubscription, Suspend, Resume).
 */
export { EVENT_TYPES, type EventTypeName } from '../../wire/eventTypes';

export const CALLOUT_METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'] as const;
export type CalloutMethod = (typeof CALLOUT_METHODS)[number];

export interface CalloutAuth {
  username: string;
  /** Memory only: never written to the data file (absent after a restart until PUT again). */
  password?: string;
  domain?: string;
  preemptive?: boolean;
}
export interface CalloutRec {
  id: string;
  name: string;
  active: boolean;
  /** Absent when none was given (a PUT's callout need not name one): nothing is sent then. */
  calloutBaseurl?: string;
  httpMethod: CalloutMethod;
  /** Parameter name -> text with merge fields (`<Invoice.InvoiceNumber>`): the body a delivery sends. */
  calloutParams: Record<string, string>;
  calloutRetry: boolean;
  requiredAuth: boolean;
  /** OAuth 2.0 asked for: the sandbox has no providers (the service's are set up in its UI), so it never sends. */
  requiredOauth2?: boolean;
  calloutAuth?: CalloutAuth;
}
export interface NotificationDefinitionRec {
  id: string;
  name: string;
  active: boolean;
  /** The event it listens to; absent: none (the reference does not require one). */
  eventTypeName?: string;
  eventTypeNamespace: 'user.notification' | 'com.zuora.notification';
  calloutActive: boolean;
  emailActive: boolean;
  callout?: CalloutRec;
  /** What else the body gave (description, filterRule, calloutTemplateIds...): kept and answered; events/ reads
   * filterRule (filterRule.ts) and calloutTemplateIds (the template a delivery sends). */
  details: Record<string, unknown>;
  createdOn: string;
  updatedOn: string;
}

/** A body field the sandbox cannot keep: the field (a path) and what to send instead. */
export class NotificationRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The callout templates a definition names (the reference's calloutTemplateIds). */
export const templateIdsOf = (d: NotificationDefinitionRec): string[] =>
  Array.isArray(d.details.calloutTemplateIds)
    ? d.details.calloutTemplateIds.filter((x): x is string => typeof x === 'string')
    : [];

/** A callout (or template) as the data file keeps it: its password left out. */
export function withoutPassword<T extends { calloutAuth?: CalloutAuth }>(c: T): T {
  if (!c.calloutAuth) return c;
  const { password: _kept, ...auth } = c.calloutAuth;
  return { ...c, calloutAuth: auth };
}

type Body = Record<string, unknown>;
export const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The definitions, in the order they were made (what the list answers), and by id. */
export class Notifications {
  private readonly byId = new Map<string, NotificationDefinitionRec>();
  get size(): number {
    return this.byId.size;
  }
  clear(): void {
    this.byId.clear();
  }
  get list(): NotificationDefinitionRec[] {
    return [...this.byId.values()];
  }
  get(id: string): NotificationDefinitionRec | undefined {
    return this.byId.get(id);
  }
  put(d: NotificationDefinitionRec): void {
    this.byId.set(d.id, d);
  }
  delete(id: string): boolean {
    return this.byId.delete(id);
  }
  /** The active definitions with an active callout (its own, or a template's) that listen to `eventType`. */
  listening(eventType: string): NotificationDefinitionRec[] {
    return this.list.filter(
      d =>
        d.active && d.calloutActive && (d.callout?.active || templateIdsOf(d).length) && d.eventTypeName === eventType,
    );
  }
  /** As the data file keeps them: without any password (memory only). */
  snapshot(): NotificationDefinitionRec[] {
    return this.list.map(d => (d.callout?.calloutAuth ? { ...d, callout: withoutPassword(d.callout) } : d));
  }
}

/** A new definition from a POST body (checked by its schema first: here the rules the schema does not say). */
export function definitionFrom(body: Body, newId: () => string, now: string): NotificationDefinitionRec {
  const name = text(body, 'name', 255);
  if (!name) throw new NotificationRefused('name', 'name is required: give the definition a name.');
  const eventTypeName =
    text(body, 'eventTypeName') ?? text(isObject(body.filterRule) ? body.filterRule : {}, 'eventTypeName');
  const d: NotificationDefinitionRec = {
    id: newId(),
    name,
    active: flag(body, 'active', true),
    ...(eventTypeName ? { eventTypeName } : {}),
    eventTypeNamespace:
      body.eventTypeNamespace === 'com.zuora.notification' ? 'com.zuora.notification' : 'user.notification',
    calloutActive: flag(body, 'calloutActive', false),
    emailActive: flag(body, 'emailActive', false),
    details: rest(body),
    createdOn: now,
    updatedOn: now,
  };
  if (body.callout !== undefined) d.callout = calloutFrom(body.callout, undefined, newId, eventTypeName);
  return d;
}

/** The definition as a PUT body changes it: what the body names changes, the rest stays. */
export function updated(
  d: NotificationDefinitionRec,
  body: Body,
  newId: () => string,
  now: string,
): NotificationDefinitionRec {
  const filterType = isObject(body.filterRule) ? text(body.filterRule, 'eventTypeName') : undefined;
  const next: NotificationDefinitionRec = {
    ...d,
    name: text(body, 'name', 255) ?? d.name,
    active: flag(body, 'active', d.active),
    ...((filterType ?? d.eventTypeName) ? { eventTypeName: filterType ?? d.eventTypeName } : {}),
    calloutActive: flag(body, 'calloutActive', d.calloutActive),
    emailActive: flag(body, 'emailActive', d.emailActive),
    details: { ...d.details, ...rest(body) },
    updatedOn: now,
  };
  if (body.callout !== undefined) next.callout = calloutFrom(body.callout, d.callout, newId, next.eventTypeName);
  return next;
}

function calloutFrom(
  v: unknown,
  before: CalloutRec | undefined,
  newId: () => string,
  event: string | undefined,
): CalloutRec {
  if (!isObject(v)) throw new NotificationRefused('callout', 'callout must be an object.');
  const url = text(v, 'calloutBaseurl') ?? before?.calloutBaseurl;
  if (url) checkUrl(url);
  const method = (text(v, 'httpMethod') ?? before?.httpMethod ?? 'POST').toUpperCase();
  if (!(CALLOUT_METHODS as readonly string[]).includes(method)) {
    throw new NotificationRefused(
      'callout.httpMethod',
      `callout.httpMethod must be one of ${CALLOUT_METHODS.join(', ')}.`,
    );
  }
  const params = v.calloutParams ?? before?.calloutParams ?? {};
  if (!isObject(params) || Object.values(params).some(p => typeof p !== 'string')) {
    throw new NotificationRefused('callout.calloutParams', 'callout.calloutParams maps each parameter name to a text.');
  }
  const requiredAuth = flag(v, 'requiredAuth', before?.requiredAuth ?? false);
  const auth = isObject(v.calloutAuth) ? authFrom(v.calloutAuth) : before?.calloutAuth;
  return {
    id: before?.id ?? newId(),
    name: text(v, 'name', 255) ?? before?.name ?? event ?? 'callout',
    active: flag(v, 'active', before?.active ?? true),
    ...(url ? { calloutBaseurl: url } : {}),
    httpMethod: method as CalloutMethod,
    calloutParams: params as Record<string, string>,
    calloutRetry: flag(v, 'calloutRetry', before?.calloutRetry ?? true),
    requiredAuth,
    ...(flag(v, 'requiredOauth2', before?.requiredOauth2 ?? false) ? { requiredOauth2: true } : {}),
    ...(auth ? { calloutAuth: auth } : {}),
  };
}

export function checkUrl(url: string, field = 'callout.calloutBaseurl'): void {
  if (!URL.canParse(url)) throw new NotificationRefused(field, `${field} ${url} is not a URL.`);
}

/**
 * Why the sandbox will not send to `url`, if it will not: HTTPS for every host but loopback, so a callout never
 * sends its body or credentials in the clear. The definition is kept all the same (the service takes it).
 */
export function unsendable(url: string): string | undefined {
  const u = URL.canParse(url) ? new URL(url) : undefined;
  if (u && (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname)))) return undefined;
  return `Not sent: the Local sandbox sends callouts over https, or over http to loopback only (127.0.0.1, localhost), not to ${url}.`;
}

export function authFrom(a: Body): CalloutAuth {
  const username = text(a, 'username');
  const password = typeof a.password === 'string' ? a.password : undefined;
  if (!username || password === undefined) {
    throw new NotificationRefused('callout.calloutAuth', 'callout.calloutAuth needs both username and password.');
  }
  return {
    username,
    password,
    ...(typeof a.domain === 'string' ? { domain: a.domain } : {}),
    ...(typeof a.preemptive === 'boolean' ? { preemptive: a.preemptive } : {}),
  };
}

const KNOWN = new Set([
  'name',
  'active',
  'eventTypeName',
  'eventTypeNamespace',
  'calloutActive',
  'emailActive',
  'callout',
]);
const rest = (body: Body) => Object.fromEntries(Object.entries(body).filter(([k]) => !KNOWN.has(k)));

export function text(b: Body, key: string, max?: number): string | undefined {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new NotificationRefused(key, `${key} must be a text.`);
  if (max !== undefined && v.length > max)
    throw new NotificationRefused(key, `${key} is longer than ${max} characters.`);
  return v || undefined;
}
export function flag(b: Body, key: string, fallback: boolean): boolean {
  const v = b[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw new NotificationRefused(key, `${key} must be true or false.`);
  return v;
}
