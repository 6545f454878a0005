// What the billing client takes and answers: its options, a call's options and an answer's shape.
import type { ApiError } from './errors';
import type { TransportOptions } from './transport';
import type { V1PreviewResult } from './v1Preview';

/** POST /v1/orders/preview's answer. */
export interface V1PreviewResponse {
  success?: boolean;
  previewResult?: V1PreviewResult;
}
/** POST /v1/orders' answer: the order and what it made. */
export interface V1OrderResponse {
  success?: boolean;
  orderNumber?: string;
  accountNumber?: string;
  status?: string;
  subscriptionNumbers?: string[];
  subscriptions?: { subscriptionNumber?: string; status?: string }[];
}

export interface RetryPolicy {
  maxTries: number;
  maxTotalMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}
export interface ClientOptions extends TransportOptions {
  clientId: string;
  clientSecret: string;
  /** v1 minor version, sent as `service-version` on v1 calls. */
  serviceVersion?: string;
  /** One redacted line per request: method, path, status, ms, request id. */
  log?: (line: string, level: 'info' | 'warn' | 'error') => void;
  retry?: Partial<RetryPolicy>;
  /** Told before each retry: how long it waits and why (progress UIs show it). */
  onRetry?: (delayMs: number, error: ApiError) => void;
  /** The clock tokens are renewed by (tests inject one instead of waiting for a token to age). */
  now?: () => number;
}
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}
/** Query parameters; an array repeats its parameter (`expand[]=prices&expand[]=product`). */
export type Query = Record<string, string | number | readonly string[] | undefined>;
export interface SendRequest extends CallOptions {
  pathParams?: Record<string, string>;
  query?: Query;
  body?: unknown;
}
export interface ApiResponse<T> {
  status: number;
  data: T;
  requestId?: string;
  ms: number;
  attempts: number;
  /** The Local sandbox simulated this answer from the contract (it keeps no state for the operation). */
  simulated?: true;
  /** The answer's headers, names in lower case (redact before showing: see Redactor.headers). */
  headers?: Record<string, string>;
  /** What was sent, for "copy as cURL" (redact before showing: see curl()). */
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
}

export type AccountRow = { accountNumber: string; name: string; currency: string; status: string };
/** An account field and the text it starts with (the service matches case-insensitively). */
export interface AccountPrefix {
  field: 'name' | 'accountNumber';
  text: string;
}
export type OrderRow = {
  orderNumber: string;
  accountId?: string;
  orderDate: string;
  status: string;
  description?: string;
};
