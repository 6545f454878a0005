import type { IncomingMessage } from 'http';
import { ServiceError } from './errors';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Reads the body up to the limit; past it, a 413 (the rest is drained, never buffered). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) { req.resume(); throw tooLarge(); }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) { req.resume(); throw tooLarge(); }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = () => ServiceError.v2('payload_too_large', [{ code: 'payload_too_large', message: `The body is over ${MAX_BODY_BYTES / 1048576} MB.` }], 20);
