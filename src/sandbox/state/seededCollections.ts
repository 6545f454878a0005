// A map and a list that answer seeded rows without keeping them (seededRows.ts derives them from their index).
// A row handed out by get, iteration or a callback that may keep it is materialised: kept as a real row, so a
// change made to it in place is never lost; a row the sandbox replaces (set) overrides the derived one. Read-only
// scans use `peek`/`peekAt`, which build a transient row and keep nothing.

/** How the seeded rows of one map are named and made. */
export interface RowSource<V> {
  /** Seeded rows, keyed keyAt(0) ... keyAt(count - 1) in insertion order. */
  readonly count: number;
  keyAt(i: number): string;
  /** The index of a seeded key; -1 when the key is not one. */
  indexOf(key: string): number;
  /** A new object each call: the row as the engine's seeding made it. */
  derive(i: number): V;
}

/** Told each change a map's caller makes (a key set anew or again, deleted, all cleared); a row derived is none. */
export type MapListener = (key: string | undefined, kind: 'p' | 'a' | 'd' | 'clear') => void;

export class SeededMap<V> extends Map<string, V> {
  /** The data file's journal (journalDiff.ts): what to write at the next save. */
  listener: MapListener | undefined;
  private source: RowSource<V> | undefined;
  /** Seeded keys deleted (a rollback, time travel going back). */
  private readonly gone = new Set<string>();
  /** Seeded keys held in the underlying map (materialised or replaced). */
  private held = 0;

  /** The seeded rows this map answers besides those it holds. */
  seedWith(source: RowSource<V> | undefined): void {
    this.source = source;
    this.gone.clear();
    this.held = 0;
    if (source) for (const k of super.keys()) if (source.indexOf(k) >= 0) this.held++;
  }
  /** How many seeded rows it holds (made by a read that may change them, or replaced): what a big tenant costs. */
  get heldCount(): number {
    return this.held;
  }
  get seededCount(): number {
    return this.source?.count ?? 0;
  }
  seededIndex(key: string): number {
    return this.source ? this.source.indexOf(key) : -1;
  }
  /** The key of seeded row i. */
  seededKey(i: number): string {
    return this.source!.keyAt(i);
  }

  override get(key: string): V | undefined {
    const v = super.get(key);
    if (v !== undefined || !this.source || this.gone.has(key)) return v;
    const i = this.source.indexOf(key);
    if (i < 0) return undefined;
    const row = this.source.derive(i);
    super.set(key, row);
    this.held++;
    return row;
  }
  /** The row without keeping it: a held one, else a transient derived one (read it, never change it). */
  peek(key: string): V | undefined {
    const v = super.get(key);
    if (v !== undefined || !this.source || this.gone.has(key)) return v;
    const i = this.source.indexOf(key);
    return i < 0 ? undefined : this.source.derive(i);
  }
  /** The row held for a key, if one is (never a derived one). */
  heldRow(key: string): V | undefined {
    return super.get(key);
  }
  override has(key: string): boolean {
    if (super.has(key)) return true;
    return !!this.source && !this.gone.has(key) && this.source.indexOf(key) >= 0;
  }
  override set(key: string, value: V): this {
    const had = this.listener ? this.has(key) : false;
    if (this.source && this.source.indexOf(key) >= 0) {
      this.gone.delete(key);
      if (!super.has(key)) this.held++;
    }
    super.set(key, value);
    this.listener?.(key, had ? 'p' : 'a');
    return this;
  }
  override delete(key: string): boolean {
    const seeded = !!this.source && this.source.indexOf(key) >= 0;
    const was = seeded ? this.has(key) : super.delete(key);
    if (seeded) {
      if (super.delete(key)) this.held--;
      this.gone.add(key);
    }
    if (was) this.listener?.(key, 'd');
    return was;
  }
  override clear(): void {
    super.clear();
    this.seedWith(undefined);
    this.listener?.(undefined, 'clear');
  }
  override get size(): number {
    return super.size + (this.source ? this.source.count - this.gone.size - this.held : 0);
  }

  /** Seeded keys first (in their order), then the others as Map orders them. */
  override *keys(): MapIterator<string> {
    const s = this.source;
    if (s) for (let i = 0; i < s.count; i++) if (!this.gone.has(s.keyAt(i))) yield s.keyAt(i);
    for (const k of super.keys()) if (!s || s.indexOf(k) < 0) yield k;
  }
  override *entries(): MapIterator<[string, V]> {
    for (const k of this.keys()) yield [k, this.get(k)!];
  }
  override *values(): MapIterator<V> {
    for (const k of this.keys()) yield this.get(k)!;
  }
  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
  override forEach(fn: (v: V, k: string, m: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
  /** The rows held (made by a read, replaced, or not seeded): seeded ones first, by index, then the others. */
  heldValues(): V[] {
    return this.heldWhere(() => true);
  }
  /**
   * What the data file keeps: the rows held less the seeded ones that are the same as their derivation (made by
   * a read and never changed). Derives each held seeded row to tell, so it is for saving, not for lookups.
   */
  changedValues(): V[] {
    const s = this.source;
    return this.heldWhere((k, v) => !s || JSON.stringify(v) !== JSON.stringify(s.derive(s.indexOf(k))));
  }
  private heldWhere(keepSeeded: (key: string, v: V) => boolean): V[] {
    const s = this.source;
    if (!s) return [...super.values()];
    const seeded = [...super.entries()].filter(([k, v]) => s.indexOf(k) >= 0 && keepSeeded(k, v));
    seeded.sort((a, b) => s.indexOf(a[0]) - s.indexOf(b[0]));
    return [...seeded.map(e => e[1]), ...[...super.entries()].filter(([k]) => s.indexOf(k) < 0).map(e => e[1])];
  }
  /** The seeded keys deleted (kept in the data file so they stay deleted). */
  goneKeys(): string[] {
    return [...this.gone];
  }
}

/** What a seeded list adds to an array's interface. */
export interface SeededListApi<T> {
  /** How many of its first rows are seeded (derived from their map). */
  readonly seededLength: number;
  /** Row i without keeping it (read it, never change it). */
  peekAt(i: number): T | undefined;
  /** The rows past the seeded ones, as a plain array (never changed through it). */
  readonly tail: readonly T[];
  /** The first `count` rows become the map's seeded rows (count 0: none). */
  seedWith(count: number): void;
}
export type SeededList<T> = T[] & SeededListApi<T>;
export const isSeededList = <T>(list: readonly T[]): list is SeededList<T> => 'peekAt' in list;

/** Every index of a list, in order (read lazily: a page stops early). */
export function* indicesOf(list: { length: number }): Generator<number> {
  for (let i = 0; i < list.length; i++) yield i;
}

const MUTATORS = new Set(['pop', 'shift', 'unshift', 'sort', 'reverse', 'fill', 'copyWithin']);

/**
 * A list whose first rows are the seeded rows of `map` (by index: the map's keyAt(i)), then the rows pushed. Index
 * reads, length, push, slice, splice (from an index to the end), find/findIndex/some/every/filter (tested on
 * transient rows; what is returned is materialised) and iteration are served; any other read materialises every
 * row and runs the array's own method; a reordering mutator throws rather than go wrong.
 */
export function seededList<T>(map: SeededMap<T>): SeededList<T> {
  const impl = new ListImpl(map);
  return new Proxy(impl, {
    get(target, p) {
      if (typeof p === 'string') {
        const c = p.charCodeAt(0);
        if (c >= 48 && c <= 57) return target.at(Number(p));
        if (p in target) {
          const v = (target as unknown as Record<string, unknown>)[p];
          return typeof v === 'function' ? v.bind(target) : v;
        }
        if (MUTATORS.has(p)) throw new Error(`A seeded list cannot ${p}: it keeps its rows in insertion order.`);
        const own = (Array.prototype as unknown as Record<string, unknown>)[p];
        if (typeof own === 'function') return (...args: unknown[]) => own.apply(target.toArray(), args);
        return undefined;
      }
      if (p === Symbol.iterator) return target[Symbol.iterator].bind(target);
      return undefined;
    },
    set(target, p, value) {
      if (p === 'length') {
        target.truncate(Number(value));
        return true;
      }
      throw new Error(`A seeded list is changed by push and splice only, not by setting ${String(p)}.`);
    },
    has: (target, p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) < target.length : p in target),
  }) as unknown as SeededList<T>;
}

class ListImpl<T> {
  seededLength = 0;
  tail: T[] = [];
  constructor(private readonly byKey: SeededMap<T>) {}

  seedWith(count: number): void {
    this.seededLength = count;
  }
  get length(): number {
    return this.seededLength + this.tail.length;
  }
  private keyAt(i: number): string {
    return this.byKey.seededKey(i);
  }
  at(i: number): T | undefined {
    if (i < 0) i += this.length;
    if (!(i >= 0)) return undefined;
    return i < this.seededLength ? this.byKey.get(this.keyAt(i)) : this.tail[i - this.seededLength];
  }
  peekAt(i: number): T | undefined {
    return i < this.seededLength ? this.byKey.peek(this.keyAt(i)) : this.tail[i - this.seededLength];
  }
  push(...rows: T[]): number {
    this.tail.push(...rows);
    return this.length;
  }
  truncate(n: number): void {
    if (n >= this.seededLength) this.tail.length = n - this.seededLength;
    else {
      this.seededLength = n;
      this.tail.length = 0;
    }
  }
  slice(start = 0, end = this.length): T[] {
    const n = this.length;
    const from = Math.max(0, start < 0 ? n + start : Math.min(start, n));
    const to = Math.min(n, end < 0 ? n + end : end);
    const out: T[] = [];
    for (let i = from; i < to; i++) out.push(this.at(i)!);
    return out;
  }
  /** Removes the rows from `start` on (the only splice the store makes) and returns them. */
  splice(start: number, deleteCount?: number, ...items: T[]): T[] {
    if (items.length || (deleteCount !== undefined && start + deleteCount < this.length)) {
      throw new Error('A seeded list removes only its last rows.');
    }
    const removed = this.slice(start);
    this.truncate(Math.min(start, this.length));
    return removed;
  }
  findIndex(test: (t: T, i: number) => unknown): number {
    for (let i = 0; i < this.length; i++) if (test(this.peekAt(i)!, i)) return i;
    return -1;
  }
  find(test: (t: T, i: number) => unknown): T | undefined {
    const i = this.findIndex(test);
    return i < 0 ? undefined : this.at(i);
  }
  some(test: (t: T, i: number) => unknown): boolean {
    return this.findIndex(test) >= 0;
  }
  every(test: (t: T, i: number) => unknown): boolean {
    return this.findIndex((t, i) => !test(t, i)) < 0;
  }
  filter(test: (t: T, i: number) => unknown): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.length; i++) if (test(this.peekAt(i)!, i)) out.push(this.at(i)!);
    return out;
  }
  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }
  toArray(): T[] {
    return this.slice();
  }
}
