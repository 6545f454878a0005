// The bodies of the v2 reads and changes served by state: checked by the project's own schemas (the ones the
// editor and the CLI check with), so the sandbox refuses what they flag and nothing else; an action whose body
// the reference makes optional (pause, activate, cancel) takes none.
import type * as z from 'zod';
import { FINDING_CODES, formatPath, isRealDate, payloadFindings, type PathSegment } from '../../schemas';
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../../wire/notServed';
import { hasBody } from '../http/body';
import { badRequest, ServiceError, type V2Detail } from '../http/errors';
import type { BodyCheck, RouteDeps } from '../http/routeDeps';
import type { Call, Reply } from '../http/router';

type Body = Record<string, unknown>;

const refused = (details: V2Detail[]) => ServiceError.v2('bad_request', details, 20);

/** A check of the body against a zod schema: every issue, each naming its field. */
export const zodCheck =
  (schema: z.ZodType) =>
  (body: unknown): void => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('invalid_parameter', undefined, 'The body must be a JSON object.');
    }
    const r = schema.safeParse(body);
    if (r.success) return;
    throw refused(
      r.error.issues.map(i => {
        const path = i.path as PathSegment[];
        const parameter = path.length ? formatPath(path) : undefined;
        const where = parameter ? { parameter } : {};
        if (i.code === 'unrecognized_keys')
          return { code: 'unknown_parameter', ...where, message: `Unknown field(s): ${i.keys.join(', ')}.` };
        if (i.code === 'invalid_type' && parameter && valueAt(body, path) === undefined)
          return { code: 'missing_parameter', ...where, message: `${parameter} is required.` }; // not zod's words
        return { code: 'invalid_parameter', ...where, message: i.message };
      }),
    );
  };

const valueAt = (body: unknown, path: readonly PathSegment[]): unknown =>
  path.reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Body)[k as string] : undefined), body);

/**
 * A subscription entry (a new one, or a change to one), checked as the same entry in an order would be
 * (`subscriptions[0]` of an order on `accountNumber`, if given): the fields are named as the caller wrote them,
 * under `under` when the body is one container.
 */
export function entryFindings(entry: Body, accountNumber: string | undefined, now: Date, under?: string): void {
  const order = { ...(accountNumber ? { account_number: accountNumber } : {}), subscriptions: [entry] };
  orderFindings(order, 'order', now, under);
}

/** An order or preview made of the caller's body, checked: its first subscription's fields named as they wrote them. */
export function orderFindings(order: Body, kind: 'order' | 'preview', now: Date, under?: string): void {
  const errors = payloadFindings(order, kind, { now }).filter(f => (f.severity ?? 'error') === 'error');
  if (!errors.length) return;
  const skip = under ? 3 : 2;
  const prefix = formatPath(['subscriptions', 0, ...(under ? [under] : [])]);
  throw refused(
    errors.map(f => {
      const path = f.path.slice(0, 2).join() === 'subscriptions,0' ? f.path.slice(skip) : f.path;
      const code = FINDING_CODES[f.code].category;
      return {
        code: code === 21 ? 'unknown_parameter' : code === 22 ? 'missing_parameter' : 'invalid_parameter',
        ...(path.length ? { parameter: formatPath(path) } : {}),
        message: f.message.split(`${prefix}.`).join('').split(` in ${prefix}`).join(''),
      };
    }),
  );
}

/**
 * The dates of an action's body (`pause_date`, `resume_behavior.resume_date`, `cancel_date`) are real YYYY-MM-DD
 * dates: the engine would otherwise take the order's date for one it cannot read, and the caller's date is lost.
 */
export function realDates(body: Body, at = ''): void {
  for (const [k, v] of Object.entries(body)) {
    const path = at ? `${at}.${k}` : k;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) realDates(v as Body, path);
    else if (k.endsWith('_date') && typeof v === 'string' && !isRealDate(v)) {
      throw badRequest('invalid_parameter', path, `${path} must be a date written YYYY-MM-DD, such as 2027-03-01.`);
    }
  }
}

/** Runs `handler` on the body (checked, once per Idempotency-Key), or on `{}` when the request has none. */
export async function withBody(
  deps: RouteDeps,
  call: Call,
  check: BodyCheck,
  handler: (body: Body) => Reply | Promise<Reply>,
): Promise<Reply> {
  if (hasBody(call.req)) return deps.idempotent(call, check, b => handler(b as Body));
  if (typeof check === 'function') check({});
  await call.hold();
  return handler({});
}

/** A 501 the client reads as "not served here" (it advises a real environment), with what to do instead. */
export const notServed = (message: string) =>
  new ServiceError(
    501,
    { type: 'not_implemented', errors: [{ code: 'not_available', message }] },
    { resource: 500000, category: 45 },
    { [NOT_SERVED_HEADER]: NOT_SERVED_VALUE },
  );

/** A change the object's state does not allow: a 400 in category 30, as the order engine answers it. */
export const invalidState = (parameter: string | undefined, message: string) =>
  badRequest('invalid_state', parameter, message, 30);
