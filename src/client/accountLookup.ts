// Account search for completion, as a keystroke can afford it: debounced, one request in flight (a new
// prefix aborts the previous one, so does the caller's signal), answers kept per prefix, and never a wait
// on the network past a short bound. Past it the caller gets what is known, marked incomplete, and asks
// again on the next keystroke, by which time the answer is usually in the cache.
import { accountStartsWith, type AccountMatch } from './accountSearch';

export interface LookupAnswer {
  rows: AccountMatch[];
  /** More accounts may match than `rows` holds (a capped page, an answer still on its way, a failure). */
  incomplete: boolean;
}
export type AccountFetch = (prefix: string, signal: AbortSignal) => Promise<LookupAnswer>;
/** Resolves true after `ms`, or false as soon as `signal` aborts. */
export type Delay = (ms: number, signal?: AbortSignal) => Promise<boolean>;

export interface LookupOptions {
  /** Quiet time after a keystroke before a request is sent. */
  debounceMs: number;
  /** The longest a lookup waits for the service once its request is sent. */
  waitMs: number;
  /** Prefixes kept (the oldest are forgotten first). */
  maxEntries: number;
  delay: Delay;
}

const DEFAULTS: LookupOptions = { debounceMs: 120, waitMs: 400, maxEntries: 200, delay: realDelay };

export class AccountLookup {
  private readonly cache = new Map<string, LookupAnswer>();
  private inflight: { key: string; controller: AbortController; answer: Promise<LookupAnswer | undefined> } | undefined;
  private readonly opts: LookupOptions;

  constructor(
    private readonly fetch: AccountFetch,
    opts: Partial<LookupOptions> = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** The accounts whose number or name starts with `prefix`, within the debounce and the wait bound. */
  async lookup(prefix: string, signal: AbortSignal): Promise<LookupAnswer> {
    const key = prefix.toLowerCase();
    const exact = this.cache.get(key);
    if (exact) return exact; // incomplete only when capped: a longer prefix narrows it, not a repeat
    const known = this.narrowed(key);
    if (known && !known.incomplete) return known;
    const partial: LookupAnswer = { rows: known?.rows ?? [], incomplete: true };
    if (this.inflight?.key !== key && !(await this.opts.delay(this.opts.debounceMs, signal))) return partial;
    const answer = this.request(key, prefix);
    const onAbort = () => {
      if (this.inflight?.key === key) this.abortInflight();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const waited = new AbortController();
    try {
      const first = await Promise.race([
        answer,
        this.opts.delay(this.opts.waitMs, waited.signal).then(() => undefined),
      ]);
      return first ?? partial;
    } finally {
      waited.abort(); // ends the bound's timer
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Forgets every answer (another connection, or accounts created) and aborts the request in flight. */
  clear(): void {
    this.cache.clear();
    this.abortInflight();
  }

  /** A complete answer for a shorter prefix holds every match of a longer one: filtered, it is exact. */
  private narrowed(key: string): LookupAnswer | undefined {
    for (let n = key.length - 1; n >= 0; n--) {
      const shorter = this.cache.get(key.slice(0, n));
      if (!shorter) continue;
      const rows = shorter.rows.filter(r => accountStartsWith(r, key));
      const answer = { rows, incomplete: shorter.incomplete };
      if (!shorter.incomplete) this.remember(key, answer);
      return answer;
    }
    return undefined;
  }

  private request(key: string, prefix: string): Promise<LookupAnswer | undefined> {
    if (this.inflight?.key === key) return this.inflight.answer;
    this.abortInflight(); // the previous prefix's answer is no longer wanted
    const controller = new AbortController();
    const answer = this.fetch(prefix, controller.signal).then(
      a => {
        this.remember(key, a);
        return a;
      },
      () => undefined, // cancelled or failed: completion shows what it has and asks again later
    );
    const entry = { key, controller, answer };
    this.inflight = entry;
    void answer.finally(() => {
      if (this.inflight === entry) this.inflight = undefined;
    });
    return answer;
  }

  private abortInflight(): void {
    this.inflight?.controller.abort();
    this.inflight = undefined;
  }

  private remember(key: string, answer: LookupAnswer): void {
    this.cache.delete(key);
    this.cache.set(key, answer);
    if (this.cache.size > this.opts.maxEntries) this.cache.delete(this.cache.keys().next().value!);
  }
}

function realDelay(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise(resolve => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
