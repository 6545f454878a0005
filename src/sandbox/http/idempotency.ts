// Idempotency-Key replies: the first request with a key runs, a replay with the same body gets the same
// answer (`Idempotent-Replayed: true`) for 24 h, another body with that key is refused. Bounded by count and
// by bytes: an answer is kept as its JSON text (a parsed preview takes several times its size), past either
// limit the oldest answered keys are forgotten first, and one answer over a quarter of the bytes is not kept
// (its key is forgotten: a replay runs again, which for a preview gives the same answer).
import { createHash } from 'crypto';
import { ServiceError } from './errors';
import type { Reply } from './router';

interface Kept {
  status: number;
  headers?: Record<string, string>;
  /** The body as JSON text; undefined when the answer has none (204). */
  text?: string;
}
interface Entry {
  hash: string;
  kept?: Kept;
  bytes: number;
  expires: number;
}

const DAY_MS = 24 * 3600_000;
/** Bytes of answers kept by default. */
export const IDEMPOTENCY_BYTES = 32 * 1024 * 1024;

export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  constructor(
    private readonly limit: number,
    private readonly maxBytes = IDEMPOTENCY_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }
  /** Bytes of the answers kept (their JSON text, UTF-16 code units as V8 holds one-byte strings: an upper bound). */
  get bytes(): number {
    return this.total;
  }

  /** Forgets every key (a reset: a replay runs again, on the fresh data); returns how many were kept. */
  clear(): number {
    const n = this.entries.size;
    this.entries.clear();
    this.total = 0;
    return n;
  }

  async run(key: string, request: string, handler: () => Promise<Reply>): Promise<Reply> {
    const hash = createHash('sha256').update(request).digest('hex');
    const prior = this.entries.get(key);
    if (prior && prior.expires > this.now()) {
      if (prior.hash !== hash) {
        throw ServiceError.v2(
          'unprocessable_entity',
          [
            {
              code: 'idempotency_key_reused',
              parameter: 'Idempotency-Key',
              message: 'This Idempotency-Key was used with another request body.',
            },
          ],
          30,
        );
      }
      if (!prior.kept) {
        throw ServiceError.v2(
          'conflict',
          [
            {
              code: 'idempotency_key_in_use',
              parameter: 'Idempotency-Key',
              message: 'A request with this Idempotency-Key is still running; retry shortly.',
            },
          ],
          50,
        );
      }
      const { status, headers, text } = prior.kept;
      const body: unknown = text === undefined ? undefined : JSON.parse(text);
      return { status, body, headers: { ...headers, 'Idempotent-Replayed': 'true' } };
    }
    this.forget(key);
    const entry: Entry = { hash, bytes: 0, expires: this.now() + DAY_MS };
    this.makeRoom(0, true);
    this.entries.set(key, entry);
    let reply: Reply;
    try {
      reply = await handler();
    } catch (e) {
      this.entries.delete(key); // nothing was kept (a create commits or leaves nothing): the key may be used again
      throw e;
    }
    if (this.entries.get(key) !== entry) return reply; // dropped meanwhile
    const text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
    const bytes = (text?.length ?? 0) + 256; // the entry's own keys and headers, roughly
    if (bytes > this.maxBytes / 4) {
      this.entries.delete(key); // too large to keep: one answer must not push out every other
      return reply;
    }
    this.makeRoom(bytes, false);
    entry.kept = { status: reply.status, ...(reply.headers ? { headers: reply.headers } : {}), text };
    entry.bytes = bytes;
    this.total += bytes;
    return reply;
  }

  private forget(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.total -= e.bytes;
    this.entries.delete(key);
  }

  /** Drops expired keys, then the oldest answered ones, until `bytes` more (and a new key when `adding`) fit. */
  private makeRoom(bytes: number, adding: boolean): void {
    const full = () => this.entries.size + (adding ? 1 : 0) > this.limit || this.total + bytes > this.maxBytes;
    if (!full()) return;
    const now = this.now();
    for (const [k, v] of this.entries) if (v.expires <= now && v.kept) this.forget(k);
    for (const [k, v] of this.entries) {
      if (!full()) break;
      if (v.kept) this.forget(k); // running ones stay: at most maxConcurrent of them
    }
  }
}
