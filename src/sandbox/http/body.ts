import type { IncomingMessage } from 'http';
import { ServiceError } from './errors';
import { tooDeepAt } from '../../schemas';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Bodies read ahead by `receiveBody`, for the handler's `readBody` to take. */
const received = new WeakMap<IncomingMessage, Promise<string>>();

/** Whether the request carries a body (HTTP/1.1: a Content-Length other than 0, or a Transfer-Encoding). */
export const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Reads the body ahead, before the request takes a slot, so that a client trickling its body holds none.
 * Resolves once the body has arrived (or failed: a 413 or a broken connection is left for the handler's
 * `readBody`, as if read there); rejects with a 408 when it has not arrived within `timeoutMs`.
 */
export function receiveBody(req: IncomingMessage, timeoutMs: number): Promise<void> {
  const body = collect(req);
  received.set(req, body);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow(timeoutMs)), timeoutMs);
  });
  const settled = body.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

/** The body, up to the limit (past it a 413; the rest is drained, never buffered); read ahead if it was. */
export function readBody(req: IncomingMessage): Promise<string> {
  return received.get(req) ?? collect(req);
}

async function collect(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Retryable (sent again at a normal pace it is served); the connection is closed after it. */
const tooSlow = (timeoutMs: number) => {
  const message = `The body did not arrive within ${timeoutMs / 1000} s; send it again, whole and without pauses.`;
  return new ServiceError(
    408,
    { type: 'request_timeout', errors: [{ code: 'request_timeout', message }] },
    { resource: 500000, category: 61 },
    { Connection: 'close' },
    undefined,
    true,
  );
};

const tooLarge = () => {
  const message = `The body is over ${MAX_BODY_BYTES / 1048576} MB.`;
  return ServiceError.v2('payload_too_large', [{ code: 'payload_too_large', message }], 20);
};

/** A path segment, percent-decoded; bad percent-encoding is the client's mistake: a 400, not a 500. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw ServiceError.v2(
      'bad_request',
      [
        {
          code: 'invalid_parameter',
          parameter: 'path',
          message: `"${segment.slice(0, 100)}" is not valid percent-encoding.`,
        },
      ],
      20,
    );
  }
}

/** Far deeper than any real payload (about 8 levels), far shallower than a stack overflow. */
export const MAX_JSON_DEPTH = 100;

/** Whether the JSON text opens more than `max` arrays/objects at once (strings skipped), in one pass. */
export const nestingExceeds = (text: string, max: number): boolean => tooDeepAt(text, max) >= 0;

/** The body as JSON; text that is not JSON is the client's mistake: category 90 (malformed request). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw ServiceError.v2(
      'bad_request',
      [{ code: 'malformed_json', message: `The body is not JSON: ${(e as Error).message}` }],
      90,
    );
  }
}
