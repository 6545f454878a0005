// Places in text that JSON.parse refused, on jsonc-parser's tolerant tree. A path is walked with an index of
// each wide object's keys (findNodeAtLocation tries the members in turn: with 100,000 fields, that many steps
// for each finding), and a node can be told cut off by the end of the text (a file saved half written).
import type { Node } from 'jsonc-parser';
import type { PathSegment } from './findings';

/** Objects with more members than this get an index of their keys on first use. */
const WIDE = 16;
const keyIndexes = new WeakMap<Node, Map<unknown, Node>>();

/** The deepest node along `path` that the tree has (the root at least), each step as findNodeAtLocation takes it. */
export function deepestNode(root: Node, path: readonly PathSegment[]): Node {
  let node = root;
  for (const seg of path) {
    const next = childNode(node, seg);
    if (!next) break;
    node = next;
  }
  return node;
}

function childNode(node: Node, seg: PathSegment): Node | undefined {
  const children = node.children;
  if (!children) return undefined;
  if (typeof seg === 'number') return node.type === 'array' && seg >= 0 ? children[seg] : undefined;
  if (node.type !== 'object') return undefined;
  if (children.length <= WIDE) {
    for (const p of children) if (p.children?.length === 2 && p.children[0].value === seg) return p.children[1];
    return undefined;
  }
  let index = keyIndexes.get(node);
  if (!index) {
    index = new Map();
    for (const p of children) {
      const key = p.children?.length === 2 ? p.children[0].value : undefined;
      if (key !== undefined && !index.has(key)) index.set(key, p.children![1]); // the first, as findNodeAtLocation
    }
    keyIndexes.set(node, index);
  }
  return index.get(seg);
}

/**
 * Whether the text ends inside `node`: a container never closed, a string never ended, or a number or word
 * that reaches the very end (`12` may have been `120`). What is said about such a node may be only the cut's doing.
 */
export function cutByEnd(text: string, node: Node): boolean {
  const end = node.offset + node.length;
  if (end < text.length) return false;
  const last = text.charCodeAt(end - 1);
  if (node.type === 'object' || node.type === 'array') {
    const closing = node.type === 'object' ? 125 : 93;
    const child = node.children?.[node.children.length - 1];
    // The closing bracket must be the node's own, not the last character of a child cut off (`"}`).
    return last !== closing || node.length < 2 || (child !== undefined && child.offset + child.length === end);
  }
  if (node.type === 'string') {
    let backslashes = 0;
    for (let i = end - 2; i > node.offset && text.charCodeAt(i) === 92; i--) backslashes++;
    return node.length < 2 || last !== 34 || backslashes % 2 === 1;
  }
  return true; // a number, true, false or null that reaches the end
}
