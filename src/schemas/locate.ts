// Turns JSON paths into text ranges. Built lazily: a clean document never pays for a syntax tree.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { PathSegment } from './findings';

export type Target = 'value' | 'key' | 'parentKey';

export class Locator {
  private root: Node | undefined | null = null;
  constructor(private readonly text: string) {}

  private tree(): Node | undefined {
    if (this.root === null) this.root = parseTree(this.text, [], { allowTrailingComma: true, disallowComments: false });
    return this.root;
  }

  /** Range of the value at `path` ('value'), of its key ('key'), or of the key of the object holding it ('parentKey'). */
  locate(path: readonly PathSegment[], target: Target): { offset: number; length: number } {
    const root = this.tree();
    if (!root) return { offset: 0, length: Math.min(1, this.text.length) };
    const wanted = target === 'parentKey' ? path.slice(0, -1) : path;
    // Walk as deep as the document goes: a path into a missing or mistyped node points at its nearest ancestor.
    let node: Node | undefined;
    for (let depth = wanted.length; depth >= 0 && !node; depth--) node = findNodeAtLocation(root, wanted.slice(0, depth) as (string | number)[]);
    node ??= root;
    if (target !== 'value') {
      const prop = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      if (prop) return { offset: prop.offset, length: prop.length };
      return { offset: node.offset, length: Math.min(1, node.length) }; // no key (root, array element): its `{`
    }
    return { offset: node.offset, length: node.length };
  }
}
