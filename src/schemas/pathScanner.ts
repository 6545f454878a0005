// One pass over valid JSON that records where just the paths asked for start, skipping every other
// subtree at the speed of a character scan (strings jump with indexOf), and stopping once every
// path is found or known to be missing. Lengths are measured only when a range is asked for.
import type { PathSegment } from './findings';

export interface Span {
  keyOffset?: number;
  keyLength?: number;
  offset: number;
  length?: number;
}
/** The paths asked for, merged; each node gets the span of its value once the scan finds it. */
interface Trie {
  children: Map<PathSegment, Trie>;
  size: number;
  span?: Span;
}

// At most this many keys of one object are looked for in the rest of the text before an early stop.
const SEARCHED_KEYS = 8;
// Keys the early stop can look for verbatim in the rest of the text (no escapes possible).
const PLAIN_KEY = /^[\w$@.\- ]*$/;

// Plain functions over locals: the skipping below is where the time goes.
export function skipWs(text: string, i: number): number {
  for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++i));
  return i;
}

/** From an opening quote to just after the closing one. */
function skipString(text: string, i: number): number {
  for (let j = i + 1; ;) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    let b = q - 1;
    while (text.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** From the first character of a value to just after it. */
function skipValue(text: string, i: number): number {
  const n = text.length;
  const c = text.charCodeAt(i);
  if (c === 34) return skipString(text, i);
  if (c !== 123 && c !== 91) {
    for (let d = c; i < n && d !== 44 && d !== 125 && d !== 93 && d !== 32 && d !== 10 && d !== 13 && d !== 9;) {
      d = text.charCodeAt(++i);
    }
    return i;
  }
  let depth = 0;
  while (i < n) {
    const d = text.charCodeAt(i);
    if (d === 34) {
      i = skipString(text, i);
      continue;
    }
    i++;
    if (d === 123 || d === 91) depth++;
    else if ((d === 125 || d === 93) && --depth === 0) return i;
  }
  return i;
}

/**
 * Skips containers by jumping between the next quote and the next bracket, found with indexOf and
 * remembered while the scan moves forward: a whole subtree costs about two searches per string.
 */
class Skipper {
  private readonly next = [-1, -1, -1, -1]; // next '{', '[', '}', ']' at or after the position asked
  private quote = -1; // the next '"'
  private kind = -1; // of the bracket nextBracket found: 0 and 1 open, 2 and 3 close
  private static readonly BRACKETS = ['{', '[', '}', ']'];

  constructor(private readonly text: string) {}

  private nextBracket(from: number): number {
    let at = this.text.length,
      kind = -1;
    for (let k = 0; k < 4; k++) {
      let p = this.next[k];
      if (p < from) {
        p = this.text.indexOf(Skipper.BRACKETS[k], from);
        this.next[k] = p = p < 0 ? this.text.length : p;
      }
      if (p < at) {
        at = p;
        kind = k;
      }
    }
    this.kind = kind;
    return at;
  }

  /** From the opening bracket of a container to just after its closing one. */
  container(i: number): number {
    const text = this.text,
      n = text.length;
    let depth = 0;
    let bracket = this.nextBracket(i);
    while (bracket < n) {
      if (this.quote < i) {
        const q = text.indexOf('"', i);
        this.quote = q < 0 ? n : q;
      }
      if (this.quote < bracket) {
        i = skipString(text, this.quote);
        if (i > bracket) bracket = this.nextBracket(i); // the bracket was inside the string
        continue;
      }
      i = bracket + 1;
      if (this.kind < 2) depth++;
      else if (--depth === 0) return i;
      bracket = this.nextBracket(i);
    }
    return n;
  }
}

/** The children of a node that has none yet (most nodes end a path): shared, never added to. */
const NO_CHILDREN: Map<PathSegment, Trie> = new Map();

function buildTrie(paths: readonly (readonly PathSegment[])[]): Trie {
  const root: Trie = { children: NO_CHILDREN, size: 0 };
  for (const p of paths) {
    let t = root;
    for (const seg of p) {
      let next = t.children.get(seg);
      if (!next) {
        if (t.children === NO_CHILDREN) t.children = new Map();
        t.children.set(seg, (next = { children: NO_CHILDREN, size: 0 }));
      }
      t = next;
    }
  }
  count(root);
  return root;
}

function count(t: Trie): number {
  let size = 0;
  for (const c of t.children.values()) size += 1 + count(c);
  return (t.size = size);
}

class Scanner {
  i = 0;
  unresolved: number;
  stopped = false;
  // Keys found in each object still open, outermost first: a later duplicate key would take over.
  readonly open: Set<PathSegment>[] = [];

  private finishAt = -1;
  private settled = false; // finishAt has been worked out since the count last reached zero
  private readonly skipper: Skipper;

  constructor(
    private readonly text: string,
    private readonly root: Trie,
  ) {
    this.unresolved = root.size;
    this.skipper = new Skipper(text);
  }

  run(): Trie {
    const span: Span = { offset: 0 };
    this.root.span = span;
    this.value(this.root, span);
    return this.root;
  }

  // All found: stop, unless a key found in an object still open may occur again later in it (a
  // duplicate key takes over, as in JSON.parse); then stop when the outermost such object closes.
  private resolve(n: number): void {
    this.unresolved -= n;
    // A scalar's empty subtree (n = 0) right after its key was counted: the answer below stands.
    if (this.unresolved !== 0 || (n === 0 && this.settled)) return;
    this.settled = true;
    const escapes = this.text.includes('\\u', this.i); // a key could be spelt with \u escapes
    this.finishAt = this.open.findIndex(keys => (escapes ? keys.size > 0 : !this.allAbsentLater(keys)));
    if (this.finishAt < 0) this.stopped = true;
  }

  /** Each key is a search of the rest of the text: past a few, the scan to the object's end costs less. */
  private allAbsentLater(keys: Set<PathSegment>): boolean {
    if (keys.size > SEARCHED_KEYS) return false;
    for (const k of keys) if (!this.absentLater(k)) return false;
    return true;
  }

  private absentLater(key: PathSegment): boolean {
    if (typeof key !== 'string' || !PLAIN_KEY.test(key)) return false;
    const text = this.text;
    if (key.length < 4) return !text.includes(`"${key}"`, this.i);
    // The bare name first: a search for a pattern opening with a quote stops at every string of the text.
    for (let q = text.indexOf(key, this.i); q >= 0; q = text.indexOf(key, q + 1)) {
      if (text.charCodeAt(q - 1) === 34 && text.charCodeAt(q + key.length) === 34) return false;
    }
    return true;
  }

  /** The key of `trie`'s children that the key text at [start, end) (quotes included) names, if any. */
  private childKey(trie: Trie, start: number, end: number): string | undefined {
    const text = this.text,
      length = end - start - 2;
    let plain = trie.children.size <= 8; // compared in place, not cut out of the text and hashed
    for (let j = start + 1; j < end - 1 && plain; j++) plain = text.charCodeAt(j) !== 92;
    if (!plain) {
      const raw = text.slice(start + 1, end - 1);
      const name = raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
      return trie.children.has(name) ? name : undefined;
    }
    for (const seg of trie.children.keys()) {
      if (typeof seg === 'string' && seg.length === length && text.startsWith(seg, start + 1)) return seg;
    }
    return undefined;
  }

  private ws(): void {
    this.i = skipWs(this.text, this.i);
  }

  private skipString(): void {
    this.i = skipString(this.text, this.i);
  }

  private skipValue(): void {
    const c = this.text.charCodeAt(this.i);
    this.i = c === 123 || c === 91 ? this.skipper.container(this.i) : skipValue(this.text, this.i);
  }

  private value(trie: Trie, span: Span): void {
    this.ws();
    span.offset = this.i;
    const c = this.text.charCodeAt(this.i);
    if (trie.size && c === 123) this.object(trie);
    else if (trie.size && c === 91) this.array(trie);
    else {
      this.resolve(trie.size); // nothing below a scalar (or a container of the other kind)
      if (!this.stopped) this.skipValue();
    }
  }

  private child(trie: Trie, seg: PathSegment, span: Span, found: Set<PathSegment>): void {
    found.add(seg);
    trie.span = span;
    this.ws();
    span.offset = this.i; // known before a possible stop
    this.resolve(1);
    if (this.stopped) return;
    this.value(trie, span);
  }

  private object(trie: Trie): void {
    const text = this.text,
      n = text.length;
    const found = new Set<PathSegment>(); // a Set: an object may hold every one of many paths asked for
    this.open.push(found);
    this.i++;
    for (this.ws(); this.i < n && text.charCodeAt(this.i) !== 125 && !this.stopped; this.ws()) {
      if (text.charCodeAt(this.i) === 44) {
        this.i++;
        continue;
      }
      const keyStart = this.i;
      this.skipString();
      const keyEnd = this.i;
      this.ws();
      this.i++; // the colon
      const key = this.childKey(trie, keyStart, keyEnd);
      if (key === undefined) {
        this.ws();
        this.skipValue();
        continue;
      }
      const child = trie.children.get(key)!;
      const span: Span = { keyOffset: keyStart, keyLength: keyEnd - keyStart, offset: 0 };
      if (found.has(key)) {
        // A duplicate key: the last one counts, as in JSON.parse. Its subtree is looked for again.
        this.unresolved += 1 + child.size;
        forget(child);
      }
      this.child(child, key, span, found);
    }
    this.open.pop();
    if (this.stopped) return;
    this.i++;
    this.resolveMissing(trie, found);
    if (this.unresolved === 0 && this.open.length === this.finishAt) this.stopped = true;
  }

  private array(trie: Trie): void {
    const text = this.text,
      n = text.length;
    const found = new Set<PathSegment>();
    this.i++;
    let index = 0;
    for (this.ws(); this.i < n && text.charCodeAt(this.i) !== 93 && !this.stopped; this.ws()) {
      if (text.charCodeAt(this.i) === 44) {
        this.i++;
        index++;
        continue;
      }
      const child = trie.children.get(index);
      if (child) this.child(child, index, { offset: 0 }, found);
      else this.skipValue();
    }
    if (this.stopped) return;
    this.i++;
    this.resolveMissing(trie, found);
  }

  /** A container closed: the children not in it are missing, and so is everything below them. */
  private resolveMissing(trie: Trie, found: Set<PathSegment>): void {
    if (found.size === trie.children.size) return; // every child asked for was there
    let missing = 0;
    for (const [seg, child] of trie.children) if (!found.has(seg)) missing += 1 + child.size;
    if (missing) this.resolve(missing);
  }
}

/** The spans of a scan: where each path asked for (and each existing ancestor) starts. */
export type Spans = Trie;

/** Scans `text` (valid JSON) for where each path of `paths` starts. */
export function scanPaths(text: string, paths: readonly (readonly PathSegment[])[]): Spans {
  return new Scanner(text, buildTrie(paths)).run();
}

/** The span of the deepest value along `path` that the text has (the root at least). */
export function deepestSpan(spans: Spans, path: readonly PathSegment[]): Span {
  let node: Trie | undefined = spans,
    span = spans.span!;
  for (let d = 0; d < path.length && node; d++) {
    node = node.children.get(path[d]);
    if (!node?.span) break;
    span = node.span;
  }
  return span;
}

/** A key found again: what was found below its first value is not in the text JSON.parse reads. */
function forget(t: Trie): void {
  t.span = undefined;
  for (const c of t.children.values()) forget(c);
}

/** The length of the value at `span`, measured on first use. */
export function spanLength(text: string, span: Span): number {
  if (span.length === undefined) {
    span.length = skipValue(text, span.offset) - span.offset;
  }
  return span.length;
}
