// Idempotency-Key replies: the first request with a key runs, a replay with the same body gets the same
// answer (`Idempotent-Replayed: true`) for 24 h, another body with that key is refused. Bounded: past the
// limit, the oldest answered keys are forgotten first.
import { createHash } from 'crypto';
import { ServiceError } from './errors';
import type { Reply } from './router';
interface Entry {
  hash: string;
  reply?: Reply;
  expires: number;
}

const DAY_MS = 24 * 3600_000;

export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
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
      if (!prior.reply) {
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
      return { ...prior.reply, headers: { ...prior.reply.headers, 'Idempotent-Replayed': 'true' } };
    }
    this.entries.delete(key);
    this.makeRoom();
    const entry: Entry = { hash, expires: this.now() + DAY_MS };
    this.entries.set(key, entry);
    try {
      entry.reply = await handler();
      return entry.reply;
    } catch (e) {
      this.entries.delete(key); // nothing was kept (a create commits or leaves nothing): the key may be used again
      throw e;
    }
  }

  /** Drops expired keys, then the oldest answered ones, until there is room for one more. */
  private makeRoom(): void {
    if (this.entries.size < this.limit) return;
    const now = this.now();
    for (const [k, v] of this.entries) if (v.expires <= now) this.entries.delete(k);
    for (const [k, v] of this.entries) {
      if (this.entries.size < this.limit) break;
      if (v.reply) this.entries.delete(k); // running ones stay: at most maxConcurrent of them
    }
  }
}
