// A quicker placing for valid JSON that has no backslash: a string value, or a key, whose spelling occurs
// once in the whole text is placed with a few indexOf searches instead of a scan. Without backslashes every
// string is spelt as its content between quotes, so the one asked for is always among the matches: when
// there is exactly one, it is that one. Otherwise this answers undefined and the scan (pathScanner) decides:
// this file changes speed, never a place.
import type { PathSegment } from './findings';
import { isObj } from './objects';
import { skipWs, spanLength } from './pathScanner';

type Range = { offset: number; length: number };

/** Places paths in `text` (valid JSON without a backslash) by spelling; `root` is its JSON.parse value. */
export class Spellings {
  private readonly found = new Map<string, number>(); // a token's unique place, per kind, searched once

  constructor(
    private readonly text: string,
    private readonly root: unknown,
  ) {}

  /** The place of the deepest value along `wanted` that the root has (its key with `key`), if spellings show it. */
  place(wanted: readonly PathSegment[], key: boolean): Range | undefined {
    let node = this.root,
      depth = 0;
    for (; depth < wanted.length; depth++) {
      const next = child(node, wanted[depth]);
      if (next === undefined) break;
      node = next;
    }
    if (depth === 0) return undefined; // the root: the scan finds it at once
    const text = this.text,
      last = wanted[depth - 1];
    if (typeof node === 'string') {
      const at = this.unique(node, false);
      if (at >= 0) {
        if (!key) return { offset: at, length: node.length + 2 };
        if (typeof last === 'number') return { offset: at, length: 1 }; // an element has no key: its first character
        return keyBefore(text, at);
      }
    }
    if (typeof last !== 'string') return undefined;
    const at = this.unique(last, true);
    if (at < 0) return undefined;
    const range = { offset: at, length: last.length + 2 };
    if (key) return range;
    const offset = skipWs(text, text.indexOf(':', at + range.length) + 1);
    return { offset, length: spanLength(text, { offset }) };
  }

  private unique(content: string, asKey: boolean): number {
    const memo = (asKey ? 'k' : 'v') + content;
    let at = this.found.get(memo);
    if (at === undefined) this.found.set(memo, (at = uniqueToken(this.text, content, asKey)));
    return at;
  }
}

/** The child JSON.parse made at `seg`, as the scan reads it: array elements by index, object members by name. */
function child(node: unknown, seg: PathSegment): unknown {
  if (Array.isArray(node)) return typeof seg === 'number' ? node[seg] : undefined;
  return isObj(node) && typeof seg === 'string' && Object.hasOwn(node, seg) ? node[seg] : undefined;
}

/**
 * Where the only key (or string value) spelt "content" starts, or -1 when there is not exactly one. A match
 * may also start at a closing quote (`": "` between a key and its value); it only adds to the count.
 */
function uniqueToken(text: string, content: string, asKey: boolean): number {
  const token = `"${content}"`;
  let found = -1;
  for (let q = text.indexOf(token); q >= 0; q = text.indexOf(token, q + 1)) {
    const isKey = text.charCodeAt(skipWs(text, q + token.length)) === 58; // a string before a colon is a key
    if (isKey !== asKey) continue;
    if (found >= 0) return -1;
    found = q;
  }
  return found;
}

/** The key of the member whose value starts at `at`. */
function keyBefore(text: string, at: number): Range | undefined {
  let j = at - 1;
  while (isWs(text.charCodeAt(j))) j--;
  if (text.charCodeAt(j) !== 58) return undefined;
  j--;
  while (isWs(text.charCodeAt(j))) j--;
  const start = text.lastIndexOf('"', j - 1);
  return start < 0 ? undefined : { offset: start, length: j + 1 - start };
}

const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
