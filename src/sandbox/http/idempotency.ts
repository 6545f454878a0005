// Idempotency-Key replies: the first request with a key runs, a replay with the same body gets the same
// answer (`Idempotent-Replayed: true`) for 24 h, another body with that key is refused. Bounded by count and
// by bytes: an answer is kept as its JSON text (a parsed preview takes several times its size), past either
// limit the oldest answered keys are forgotten first, and one answer over a quarter of the bytes is not kept
// (its key is forgotten: a replay runs again, which for a preview gives the same answer). With a data file the keys
// are kept with the data (state/idempotencyKeys.ts): a key is written with the change its request made, its answer
// right after, so a retry after a restart or a crash never makes the change twice.
import { createHash } from 'crypto';
import type { IdempotencyKeys, KeyRec } from '../state/idempotencyKeys';
import { ServiceError } from './errors';
import type { Reply } from './router';

/** Where keys are kept with the data: the store's records, and how to write a change of them. */
export interface KeptKeys {
  keys: IdempotencyKeys;
  save(): void;
}
/** Runs a handler's synchronous part as the request of a key: a commit in it writes the key with the change. */
export type Mark = <T>(handler: () => T) => T;

interface Kept {
  status: number;
  headers?: Record<string, string>;
  /** The body as JSON text; undefined when the answer has none (204). */
  text?: string;
}
interface Entry {
  hash: string;
  kept?: Kept;
  /** The request made its change, and its answer is not kept (a crash before it was written, or too large). */
  lost?: boolean;
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
    private readonly store?: KeptKeys,
  ) {
    const at = now();
    for (const r of store?.keys.values() ?? []) {
      const kept = r.answer && { ...r.answer };
      const bytes = (kept?.text?.length ?? 0) + 256;
      if (r.expires <= at) {
        store!.keys.delete(r.key); // expired while the sandbox was stopped: written with the next change
        continue;
      }
      this.entries.set(r.key, { hash: r.hash, expires: r.expires, bytes, kept, lost: !kept });
      this.total += bytes;
    }
  }

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
    if (this.store?.keys.size) this.store.keys.clear();
    return n;
  }

  async run(key: string, request: string, handler: (mark: Mark) => Promise<Reply>): Promise<Reply> {
    const hash = createHash('sha256').update(request).digest('hex');
    let prior = this.entries.get(key);
    if (prior && (prior.kept || prior.lost) && this.store && !this.store.keys.get(key)) {
      this.forget(key); // its change was undone (the clock moved back to before it): the key is free again
      prior = undefined;
    }
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
      if (prior.lost) {
        throw ServiceError.v2(
          'conflict',
          [
            {
              code: 'idempotency_answer_lost',
              parameter: 'Idempotency-Key',
              message:
                'The request with this Idempotency-Key was carried out, but its answer was not kept (the Local sandbox ' +
                'stopped before writing it, or it was too large): read what it made instead of sending it again.',
            },
          ],
          50,
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
    const rec: KeyRec = { key, hash, expires: entry.expires };
    const keys = this.store?.keys;
    const mark: Mark = h => (keys ? keys.during(rec, h) : h());
    const madeChange = () => keys?.get(key) === rec; // its commit wrote the key
    let reply: Reply;
    try {
      reply = await handler(mark);
    } catch (e) {
      // A create commits or leaves nothing: without a change the key may be used again.
      if (madeChange() && this.entries.get(key) === entry) entry.lost = true;
      else this.entries.delete(key);
      throw e;
    }
    if (this.entries.get(key) !== entry) return reply; // dropped meanwhile
    const text = reply.body === undefined ? undefined : JSON.stringify(reply.body);
    const bytes = (text?.length ?? 0) + 256; // the entry's own keys and headers, roughly
    if (bytes > this.maxBytes / 4) {
      // Too large to keep: one answer must not push out every other. A replay that would change nothing runs again.
      if (madeChange()) entry.lost = true;
      else this.entries.delete(key);
      return reply;
    }
    this.makeRoom(bytes, false);
    entry.kept = { status: reply.status, ...(reply.headers ? { headers: reply.headers } : {}), text };
    entry.bytes = bytes;
    this.total += bytes;
    this.keep({ ...rec, answer: entry.kept });
    return reply;
  }

  /** Writes a key's answer with the data; a write that fails leaves the key written with its change (lost answer). */
  private keep(rec: KeyRec): void {
    if (!this.store) return;
    this.store.keys.put(rec);
    try {
      this.store.save();
    } catch {
      // the disk refused: the answer is in memory, and is written with the next change that saves
    }
  }

  private forget(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.total -= e.bytes;
    this.entries.delete(key);
    if (this.store?.keys.get(key)) this.store.keys.delete(key); // written with the next change
  }

  /** Drops expired keys, then the oldest answered ones, until `bytes` more (and a new key when `adding`) fit. */
  private makeRoom(bytes: number, adding: boolean): void {
    const full = () => this.entries.size + (adding ? 1 : 0) > this.limit || this.total + bytes > this.maxBytes;
    if (!full()) return;
    const now = this.now();
    for (const [k, v] of this.entries) if (v.expires <= now && (v.kept || v.lost)) this.forget(k);
    for (const [k, v] of this.entries) {
      if (!full()) break;
      if (v.kept || v.lost) this.forget(k); // running ones stay: at most maxConcurrent of them
    }
  }
}
