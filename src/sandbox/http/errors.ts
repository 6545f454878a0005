// The service's error bodies. v2: {type, errors[{code, parameter, message}], retryable}, with the reference's
// types and codes (`resource_not_found`; an empty `errors` where the reference answers one, as on 401);
// v1: {success:false, processId, reasons[{code, message}]} with an eight-digit code = six-digit resource
// code + category.
import { randomUUID } from 'crypto';
import { OrderRefused } from '../engine/refused';
import { ClockMoving, MoveRefused } from '../timeTravel/moveErrors';

export type V2Type =
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'conflict'
  | 'unprocessable_entity'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'internal_server_error'
  | 'service_unavailable'
  | 'not_implemented';
export interface V2Detail {
  code: string;
  parameter?: string;
  message: string;
}

const V2_STATUS: Record<V2Type, number> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unprocessable_entity: 422,
  too_many_requests: 429,
  internal_server_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
};

/** Thrown inside a handler; the server turns it into the right body for the route's family. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly v2: { type: V2Type; errors: V2Detail[] },
    readonly v1: { resource: number; category: number },
    readonly headers: Record<string, string> = {},
    /** What v1 reasons and logs say when the v2 body carries no detail. */
    message?: string,
    /** Overrides the status-based default (a failed save is a 500 that must not be retried). */
    readonly retryable?: boolean,
  ) {
    super(v2.errors[0]?.message ?? message ?? v2.type);
  }

  static v2(type: V2Type, errors: V2Detail[], category: number, headers?: Record<string, string>): ServiceError {
    return new ServiceError(V2_STATUS[type], { type, errors }, { resource: 500000, category }, headers);
  }

  /** An answer whose v2 body has an empty `errors`, as the reference shows for 401, 405, 429 and 5xx. */
  static bare(type: V2Type, category: number, message: string, headers?: Record<string, string>): ServiceError {
    return new ServiceError(V2_STATUS[type], { type, errors: [] }, { resource: 500000, category }, headers, message);
  }

  v2Body() {
    // 501: not served here, however often asked (a client honouring `retryable` would loop on it).
    const transient = this.status === 429 || this.status === 409 || (this.status >= 500 && this.status !== 501);
    const retryable = this.retryable ?? transient;
    return { type: this.v2.type, errors: this.v2.errors, retryable };
  }
  v1Body() {
    const code = this.v1.resource * 100 + this.v1.category;
    const details = this.v2.errors.length ? this.v2.errors : [{ message: this.message }];
    return {
      success: false,
      processId: randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(),
      reasons: details.map(e => ({ code, message: e.message })),
    };
  }
}

export const badRequest = (code: string, parameter: string | undefined, message: string, category = 20) =>
  ServiceError.v2('bad_request', [{ code, ...(parameter ? { parameter } : {}), message }], category);
export const notFound = (parameter: string | undefined, message: string) =>
  ServiceError.v2('not_found', [{ code: 'resource_not_found', ...(parameter ? { parameter } : {}), message }], 40);
export const unauthorized = (message: string) =>
  new ServiceError(401, { type: 'unauthorized', errors: [] }, { resource: 900000, category: 11 }, {}, message);

/**
 * What the rooms below HTTP refuse in their own terms, as the service answers it: an order the engine refuses
 * (400), a clock move refused (400) or asked while one runs (503, retry after a second); anything else as it is.
 */
export function serviceErrorOf(e: unknown): unknown {
  if (e instanceof OrderRefused) return badRequest(e.code, e.parameter, e.message, e.category);
  if (e instanceof MoveRefused) return badRequest('invalid_parameter', e.parameter, e.message);
  if (e instanceof ClockMoving) {
    const v2 = { type: 'service_unavailable' as const, errors: [{ code: 'clock_moving', message: e.message }] };
    return new ServiceError(503, v2, { resource: 500000, category: 61 }, { 'Retry-After': '1' });
  }
  return e;
}
