// How the client waits between tries: bounded exponential backoff with jitter, cancelled by the call's signal.
import { ApiError } from './errors';
import type { RetryPolicy } from './clientTypes';

export const DEFAULT_RETRY: RetryPolicy = { maxTries: 4, maxTotalMs: 30_000, baseDelayMs: 250, maxDelayMs: 8_000 };

/** How long to wait before the try after `tries`: the service's Retry-After, else backoff with jitter. */
export function retryDelay(policy: RetryPolicy, tries: number, error: ApiError): number {
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (tries - 1));
  return error.retryAfterMs ?? backoff * (0.5 + Math.random() / 2);
}

const cancelled = () => new ApiError({ kind: 'cancelled', message: 'Cancelled.' });

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
