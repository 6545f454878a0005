// Idempotency-Key records kept with the data (http/idempotency.ts has the rules): a request's key is written in the
// same journal record as the change it made (`during`), and its answer right after. So a retry after a restart, or
// after a crash between the change and the answer, never makes the change again: it gets the answer, or, when the
// crash came before the answer was written, a conflict that says the change was made. Each key has a place in the
// order keys were first written (`seq`): putting the store back to an earlier moment (a rollback, the clock moved
// back) forgets the keys written since, whose changes it undid, so a retry never replays what is no longer there.
import type { MapListener } from './seededCollections';

export interface KeyRec {
  key: string;
  /** SHA-256 of the request (its URL and body): another body with the key is refused. */
  hash: string;
  /** Epoch milliseconds after which the key may be used again. */
  expires: number;
  /** Its place in the order keys were first written (set when first put). */
  seq?: number;
  /** The answer, once written; absent: the change was made and its answer not yet written. */
  answer?: { status: number; headers?: Record<string, string>; text?: string };
}

export class IdempotencyKeys {
  private readonly map = new Map<string, KeyRec>();
  /** The journal's tracker (journalDiff.ts): each put and delete is written at the next save. */
  listener: MapListener | undefined;
  /** The key of the request whose handler runs now (synchronously): its first commit writes it. */
  private running: KeyRec | undefined;
  private last = 0;

  /** The place of the last key written: where the store stands, for an extent (state/store.ts). */
  get seq(): number {
    return this.last;
  }

  get size(): number {
    return this.map.size;
  }
  get(key: string): KeyRec | undefined {
    return this.map.get(key);
  }
  values(): IterableIterator<KeyRec> {
    return this.map.values();
  }
  put(rec: KeyRec): void {
    const had = this.map.get(rec.key);
    rec.seq ??= had?.seq ?? ++this.last; // an answer keeps its key's place
    this.map.set(rec.key, rec);
    this.listener?.(rec.key, had ? 'p' : 'a');
  }

  /** Forgets the keys written after place `seq` (their changes were undone); returns them, to put back. */
  forgetAfter(seq: number): KeyRec[] {
    const gone = [...this.map.values()].filter(r => (r.seq ?? 0) > seq);
    for (const r of gone) this.delete(r.key);
    this.last = Math.min(this.last, Math.max(seq, 0));
    return gone;
  }
  /** Puts back keys `forgetAfter` took (the move that took them failed). */
  restore(keys: readonly KeyRec[]): void {
    for (const r of keys) this.put(r);
    for (const r of keys) this.last = Math.max(this.last, r.seq ?? 0);
  }
  delete(key: string): void {
    if (this.map.delete(key)) this.listener?.(key, 'd');
  }
  clear(): void {
    this.map.clear();
    this.listener?.(undefined, 'clear');
  }

  /** Runs `handler` (its synchronous part) with `rec` as the running request's key: a commit in it writes the key. */
  during<T>(rec: KeyRec, handler: () => T): T {
    this.running = rec;
    try {
      return handler();
    } finally {
      this.running = undefined;
    }
  }

  /** At a commit: the running request's key, put once (nothing when none runs or it is put already). */
  takeRunning(): void {
    const rec = this.running;
    if (rec && this.map.get(rec.key) !== rec) this.put(rec);
  }

  /** The records as the data file keeps them. */
  snapshot(): KeyRec[] {
    return [...this.map.values()];
  }
  load(list: unknown): void {
    for (const r of Array.isArray(list) ? (list as KeyRec[]) : []) {
      if (typeof r?.key !== 'string' || typeof r.hash !== 'string' || typeof r.expires !== 'number') continue;
      this.map.set(r.key, r);
      this.last = Math.max(this.last, r.seq ?? 0);
    }
  }
}
