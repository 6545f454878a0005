// The `vscode` the completion provider sees in a bench: the stub (bench/vscodeStub.cjs) with plain classes
// for what it builds (items, lists, ranges, markdown), so building them costs what it costs in the editor.
// Import it before anything that imports `vscode`.
import * as path from 'path';

// Benches run from the repository's root (bench/run.mjs), as the activation bench does.
const { installVscodeStub } = require(path.resolve('bench/vscodeStub.cjs')) as {
  installVscodeStub: () => Record<string, unknown>;
};

export interface Pos {
  offset: number;
}
export class Range {
  constructor(
    readonly start: Pos,
    readonly end: Pos,
  ) {}
}
class CompletionItem {
  [key: string]: unknown;
  constructor(
    readonly label: unknown,
    readonly kind?: unknown,
  ) {}
}
class CompletionList {
  constructor(
    readonly items: CompletionItem[],
    readonly isIncomplete = false,
  ) {}
}
class MarkdownString {
  constructor(readonly value: string) {}
}

const vscode = installVscodeStub();
Object.assign(vscode, { Range, CompletionItem, CompletionList, MarkdownString });

/** A document as the provider reads it: its path names the payload kind; positions are offsets. */
export function fakeDocument(path: string, text: string) {
  return {
    uri: { path, toString: () => `file://${path}` },
    getText: (r?: Range) => (r ? text.slice(r.start.offset, r.end.offset) : text),
    offsetAt: (p: Pos) => p.offset,
    positionAt: (offset: number): Pos => ({ offset }),
  };
}
