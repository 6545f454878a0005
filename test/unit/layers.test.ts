// docs/ARCHITECTURE.md's rule, checked on the source: the core folders import no `vscode`, and core never
// imports the CLI or the editor's rooms. A new import across the line fails here with its file and line.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const CORE = ['wire', 'contract', 'payloads', 'client', 'schemas', 'catalog', 'sandbox', 'products', 'scenarios'];
const EDITOR = ['commands', 'connections', 'languageFeatures', 'services', 'views', 'webview', 'util'];

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });

/** Every `from '…'` and `import('…')` of a file, with its line. */
function imports(file: string): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/(?:from\s+|import\()\s*'([^']+)'/g)) out.push({ spec: m[1], line: i + 1 });
    });
  return out;
}

test('core imports no vscode, no CLI and no editor room', () => {
  const crossings: string[] = [];
  for (const room of CORE) {
    for (const file of files(path.join('src', room))) {
      for (const { spec, line } of imports(file)) {
        const target = spec.startsWith('.') ? path.relative('src', path.resolve(path.dirname(file), spec)) : ''; // a package
        const top = target.split(path.sep)[0];
        if (spec === 'vscode' || top === 'cli' || top === 'cli.ts' || EDITOR.includes(top) || top === 'extension') {
          crossings.push(`${file}:${line} imports ${spec}`);
        }
      }
    }
  }
  assert.deepEqual(crossings, []);
});

test('the CLI imports no vscode and no editor room', () => {
  const crossings: string[] = [];
  for (const file of [...files(path.join('src', 'cli')), path.join('src', 'cli.ts')]) {
    for (const { spec, line } of imports(file)) {
      const target = spec.startsWith('.') ? path.relative('src', path.resolve(path.dirname(file), spec)) : ''; // a package
      if (spec === 'vscode' || EDITOR.includes(target.split(path.sep)[0]))
        crossings.push(`${file}:${line} imports ${spec}`);
    }
  }
  assert.deepEqual(crossings, []);
});
