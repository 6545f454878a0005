// v1 errors: {success:false, processId, reasons[{code, message}]}, the code being the six-digit resource code of
// the object (typically a field of it) where the problem is, then the two-digit category (spec 01). Spec 01 gives
// the shape, the range (500000-679999) and one example (531003: a subscription field); the full list is not
// shown, so the codes below are the sandbox's own, one per object of an order, with the example's for
// subscriptions. A request without a body (a GET) uses 500000, as spec 01 says.
import { ServiceError, serviceErrorOf } from '../http/errors';
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../../wire/notServed';

export const RESOURCE = {
  /** No payload to derive it from (GET, DELETE). */
  unknown: 500000,
  account: 520000,
  order: 530000,
  subscription: 531003,
  ratePlan: 532000,
  ratePlanCharge: 533000,
  billRun: 540000,
  invoice: 541000,
  billingDocument: 542000,
  payment: 550000,
  paymentMethod: 551000,
  refund: 552000,
} as const;
export type V1Resource = keyof typeof RESOURCE;

export const CATEGORY = {
  invalidValue: 20,
  missingField: 22,
  rule: 30,
  notFound: 40,
  unsupported: 45,
} as const;

/** A v1 error of the object `resource`; 400 for what a body says, 404 for a path key the store does not hold. */
export function v1Error(
  resource: V1Resource,
  category: number,
  message: string,
  status = category === CATEGORY.notFound && resource === 'unknown' ? 404 : 400,
): ServiceError {
  const type = status === 404 ? 'not_found' : status === 501 ? 'not_implemented' : 'bad_request';
  return new ServiceError(
    status,
    { type, errors: [{ code: type, message }] },
    { resource: RESOURCE[resource], category },
    status === 501 ? { [NOT_SERVED_HEADER]: NOT_SERVED_VALUE } : {},
  );
}

export const missing = (resource: V1Resource, field: string, why = '') =>
  v1Error(resource, CATEGORY.missingField, `${field} is required${why}.`);
export const invalid = (resource: V1Resource, field: string, message: string) =>
  v1Error(resource, CATEGORY.invalidValue, `Invalid value for ${field}: ${message}`);
export const notFoundIn = (resource: V1Resource, message: string) => v1Error(resource, CATEGORY.notFound, message);

/** A request the real service takes but the Local sandbox does not compute: 501 with the not-served header. */
export const notServed = (resource: V1Resource, what: string) =>
  v1Error(resource, CATEGORY.unsupported, `${what} is not served by the local sandbox.`, 501);

/** The engine speaks v2 (`subscriptions[0].add_subscription_plans[0]...`): its errors get the v1 object's code. */
export function asV1(error: unknown): unknown {
  const e = serviceErrorOf(error);
  if (!(e instanceof ServiceError) || e.v1.resource !== RESOURCE.unknown) return e;
  const parameter = e.v2.errors[0]?.parameter ?? '';
  const resource: V1Resource = /price/.test(parameter)
    ? 'ratePlanCharge'
    : /plan/.test(parameter)
      ? 'ratePlan'
      : /subscription/.test(parameter)
        ? 'subscription'
        : /account/.test(parameter)
          ? 'account'
          : 'order';
  return new ServiceError(e.status, e.v2, { resource: RESOURCE[resource], category: e.v1.category }, e.headers);
}
