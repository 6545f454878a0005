// How the client reads an HTTP answer: the service's data, or the error it means (bodies redacted).
import { httpError, unexpectedAnswer, type ApiError } from './errors';
import type { Redactor } from './redact';
import type { RawResponse } from './transport';
import type { Surface } from './advice';

/**
 * How the service means an answer: a 3xx, or a 2xx whose body is not JSON, is not the service answering;
 * a 4xx/5xx, or a v1 200 with `success: false`, is a failure with decoded reasons. Bodies in errors are redacted.
 */
export function interpret(
  method: string,
  url: string,
  res: RawResponse,
  redactor: Redactor,
  surface: Surface | undefined,
): { data?: unknown; error?: ApiError } {
  const data = parseBody(res.text);
  if (data.json) redactor.learn(data.value); // a token or card number it holds is masked wherever it shows next
  const redirect = res.status >= 300 && res.status < 400;
  if (!redirect && (res.status >= 400 || isV1Failure(data))) {
    const body = redactor.json(data.value);
    const error = httpError(method, redactor.text(url), res.status, res.headers, body, surface);
    return { error };
  }
  // An XML answer is the service's own for a few operations (GET /v1/describe/{object}): its text is the data.
  if (!redirect && !data.json && /\bxml\b/i.test(firstHeader(res.headers['content-type']) ?? '')) {
    return { data: redactor.text(res.text) };
  }
  if (redirect || !data.json) {
    const first = firstBytes(res.text, redactor);
    const error = unexpectedAnswer(method, redactor.text(url), res.status, res.headers, first, surface);
    return { error };
  }
  return { data: data.value };
}

/** The first bytes of a body, on one line and redacted, to say what came back. */
function firstBytes(text: string, redactor: Redactor): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return redactor.text(oneLine.length > 120 ? `${oneLine.slice(0, 120)}…` : oneLine);
}

function parseBody(text: string): { json: boolean; value: unknown } {
  if (!text.trim()) return { json: true, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false, value: text };
  }
}
/** A v1 answer says `success: false` on failure, whatever the HTTP status. */
const isV1Failure = (d: { value: unknown }) =>
  !!d.value && typeof d.value === 'object' && (d.value as { success?: unknown }).success === false;
export const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
