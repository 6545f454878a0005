// Turns JSON paths into text ranges, only for the paths that have findings. Valid JSON without a
// backslash first tries each path's spelling (uniqueToken); the others get one cheap scan (pathScanner)
// that stops when every path is found, and a value's length is measured only when its range is asked for.
// Text that JSON.parse rejected gets jsonc-parser's tolerant tree.
import { parseTree, type Node } from 'jsonc-parser';
import type { PathSegment } from './findings';
import { deepestSpan, scanPaths, spanLength, type Spans } from './pathScanner';
import { cutByEnd, deepestNode } from './treePlaces';
import { Spellings } from './uniqueToken';

export type Target = 'value' | 'key' | 'parentKey';

// Each spelling costs a native search of the text (about a tenth of JSON.parse per character) where the scan
// places every path in one pass: with more findings than this, the scan is the cheaper way.
const SPELT_PATHS = 2;
type Range = { offset: number; length: number };

export class Locator {
  private spans: Spans | undefined;
  private root: Node | undefined;
  /** Only for valid JSON without a backslash, its parsed value given, and few paths. */
  private readonly spellings: Spellings | undefined;

  constructor(
    private readonly text: string,
    private readonly validJson: boolean,
    private readonly paths: readonly (readonly PathSegment[])[],
    /** What JSON.parse made of `text`, when it is valid. */
    value?: unknown,
  ) {
    const few = paths.length > 0 && paths.length <= SPELT_PATHS;
    if (validJson && value !== undefined && few && !text.includes('\\')) this.spellings = new Spellings(text, value);
    if (paths.length && !validJson)
      this.root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  }

  /**
   * Range of the value at `path` ('value'), of its key ('key'),
   * or of the key of the object holding it ('parentKey').
   */
  locate(path: readonly PathSegment[], target: Target): Range {
    const wanted = target === 'parentKey' ? path.slice(0, -1) : path;
    return this.validJson ? this.fromSpans(wanted, target) : this.fromTree(wanted, target);
  }

  // A path into a missing or mistyped node points at its nearest existing ancestor.
  private fromSpans(wanted: readonly PathSegment[], target: Target): Range {
    const spelt = this.spellings?.place(wanted, target !== 'value');
    if (spelt) return spelt;
    if (this.paths.length && !this.spans) this.spans = scanPaths(this.text, this.paths);
    const span = this.spans ? deepestSpan(this.spans, wanted) : { offset: 0, length: this.text.length };
    if (target === 'value') return { offset: span.offset, length: spanLength(this.text, span) };
    if (span.keyOffset !== undefined) return { offset: span.keyOffset, length: span.keyLength! };
    // No key (root, array element): its first character, `{` or `[` (a valid JSON value is never empty).
    return { offset: span.offset, length: span.offset < this.text.length ? 1 : 0 };
  }

  /**
   * Whether what a finding at `path` says may be only the doing of a text that ends too soon: its value (or
   * key), or for a missing field the object that lacks it, reaches the end unclosed. Only for text JSON.parse refused.
   */
  cutByEnd(path: readonly PathSegment[], target: Target): boolean {
    const root = this.root;
    if (!root || !cutByEnd(this.text, root)) return false; // nothing inside a closed root reaches the end
    const node = deepestNode(root, target === 'parentKey' ? path.slice(0, -1) : path);
    const key = target === 'key' && node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    return cutByEnd(this.text, key ?? node);
  }

  private fromTree(wanted: readonly PathSegment[], target: Target): Range {
    const root = this.root;
    if (!root) return { offset: 0, length: Math.min(1, this.text.length) };
    const node = deepestNode(root, wanted);
    if (target !== 'value') {
      const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      if (key) return { offset: key.offset, length: key.length };
      return { offset: node.offset, length: Math.min(1, node.length) };
    }
    return { offset: node.offset, length: node.length };
  }
}
