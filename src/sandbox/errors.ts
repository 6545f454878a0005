// The service's error bodies. v2: {type, errors[{code, parameter, message}], retryable}; v1: {success:false,
// processId, reasons[{code, message}]} with an eight-digit code = six-digit resource code + category.
import { randomUUID } from 'crypto';

export type V2Type = 'bad_request' | 'unauthorized' | 'not_found' | 'method_not_allowed' | 'conflict' | 'unprocessable_entity'
  | 'payload_too_large' | 'too_many_requests' | 'internal_error';
export interface V2Detail { code: string; parameter?: string; message: string }

const V2_STATUS: Record<V2Type, number> = {
  bad_request: 400, unauthorized: 401, not_found: 404, method_not_allowed: 405, conflict: 409,
  payload_too_large: 413, unprocessable_entity: 422, too_many_requests: 429, internal_error: 500,
};

/** Thrown inside a handler; the server turns it into the right body for the route's family. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly v2: { type: V2Type; errors: V2Detail[] },
    readonly v1: { resource: number; category: number },
    readonly headers: Record<string, string> = {},
  ) { super(v2.errors[0]?.message ?? v2.type); }

  static v2(type: V2Type, errors: V2Detail[], category: number, headers?: Record<string, string>): ServiceError {
    return new ServiceError(V2_STATUS[type], { type, errors }, { resource: 500000, category }, headers);
  }

  v2Body() { return { type: this.v2.type, errors: this.v2.errors, retryable: this.status === 429 || this.status >= 500 || this.status === 409 }; }
  v1Body() {
    const code = this.v1.resource * 100 + this.v1.category;
    return { success: false, processId: randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(), reasons: this.v2.errors.map(e => ({ code, message: e.message })) };
  }
}

export const badRequest = (code: string, parameter: string | undefined, message: string, category = 20) =>
  ServiceError.v2('bad_request', [{ code, ...(parameter ? { parameter } : {}), message }], category);
export const notFound = (parameter: string, message: string) => ServiceError.v2('not_found', [{ code: 'not_found', parameter, message }], 40);
export const unauthorized = (message: string) => new ServiceError(401, { type: 'unauthorized', errors: [{ code: 'invalid_token', message }] }, { resource: 900000, category: 11 });
