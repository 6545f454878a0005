// The manifest itself: what VS Code shows comes from here, and mistakes in it fail silently at run time.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { COMMANDS } from '../../src/commands/ids';
import { compareVersions, minVersion, parseVersion, satisfies } from './versions';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const c = pkg.contributes;
const commandIds = new Set<string>(c.commands.map((x: { command: string }) => x.command));

test('every command has a title and a category; the manifest and the typed ids agree', () => {
  for (const cmd of c.commands) {
    assert.ok(cmd.title, `${cmd.command} has a title`);
    assert.ok(cmd.category, `${cmd.command} has a category`);
  }
  assert.deepEqual([...commandIds].sort(), Object.values(COMMANDS).sort());
});

test('every menu entry names a contributed command', () => {
  for (const [menu, entries] of Object.entries(c.menus as Record<string, { command: string }[]>)) {
    for (const e of entries) assert.ok(commandIds.has(e.command), `${menu}: ${e.command}`);
  }
});

test('every view has an icon or welcome content; welcome links name real commands', () => {
  const welcome = new Set(c.viewsWelcome.map((w: { view: string }) => w.view));
  for (const views of Object.values(c.views as Record<string, { id: string; icon?: string }[]>)) {
    for (const v of views) assert.ok(v.icon || welcome.has(v.id), v.id);
  }
  for (const w of c.viewsWelcome) {
    for (const [, id] of w.contents.matchAll(/\(command:([\w.]+)/g))
      assert.ok(commandIds.has(id), `${w.view} links ${id}`);
  }
});

test('tree-only and internal commands stay out of the palette', () => {
  const hidden = new Set(
    c.menus.commandPalette
      .filter((m: { when: string }) => m.when === 'false')
      .map((m: { command: string }) => m.command),
  );
  for (const id of commandIds) if (id.includes('._')) assert.ok(hidden.has(id), `${id} is internal`);
});

test('every setting declares its scope', () => {
  for (const [k, v] of Object.entries(c.configuration.properties as Record<string, { scope?: string }>))
    assert.ok(v.scope, k);
});

test('no activation event that a contribution already implies', () => {
  for (const e of pkg.activationEvents ?? []) {
    assert.ok(!/^onCommand:|^onView:/.test(e), `${e} is implied by contributes`);
  }
});

test('jsonValidation points at the generated schema files, which exist after the build', () => {
  for (const j of c.jsonValidation) {
    assert.match(j.url, /^\.\/dist\/schemas\/(order|preview|account|scenario|request)\.schema\.json$/);
    assert.ok(fs.existsSync(j.url), `${j.url} (run the build first)`);
  }
});

// The Node each VS Code's extension host runs (its release notes), for the releases engines.vscode may name.
const NODE_OF_VSCODE: Record<string, string> = { '1.96': '20.18.1' };

test("undici's engine range is met by the oldest extension host engines.vscode admits, and by the Node of the tooling", () => {
  const undiciEngine = JSON.parse(fs.readFileSync('node_modules/undici/package.json', 'utf8')).engines.node as string;
  const oldest = parseVersion(minVersion(pkg.engines.vscode));
  const node = NODE_OF_VSCODE[`${oldest[0]}.${oldest[1]}`];
  assert.ok(node, `the Node of VS Code ${oldest.join('.')} is in NODE_OF_VSCODE`);
  assert.ok(
    satisfies(node, undiciEngine),
    `VS Code ${oldest.join('.')} runs Node ${node}; undici needs ${undiciEngine}`,
  );
  assert.ok(
    satisfies(process.version, undiciEngine),
    `the tooling runs ${process.version}; undici needs ${undiciEngine}`,
  );
});

test('@types/vscode is no newer than the oldest VS Code engines.vscode admits (vsce refuses the package otherwise)', () => {
  const types = JSON.parse(fs.readFileSync('node_modules/@types/vscode/package.json', 'utf8')).version as string;
  const oldest = minVersion(pkg.engines.vscode);
  assert.ok(
    compareVersions(types, oldest) <= 0,
    `@types/vscode ${types} is newer than engines.vscode ${pkg.engines.vscode}`,
  );
});

test('activates only where the work is: workspaces with payload or scenario files, one opened, contributions', () => {
  const payloadPatterns = ['*.order.json', '*.preview.json', '*.account.json', '*.request.json', '*.scenario.json'];
  const events: string[] = pkg.activationEvents;
  assert.ok(!events.includes('onLanguage:json'), 'not every window with a JSON file');
  assert.ok(!events.some(e => e === '*' || e === 'onStartupFinished'), 'nothing at start-up');
  const contains = events.filter(e => e.startsWith('workspaceContains:'));
  assert.deepEqual(
    contains,
    payloadPatterns.map(p => `workspaceContains:**/${p}`),
  );
  // Opening a payload file: VS Code has no glob event, so the files get a language of our own, which
  // implies onLanguage:<id> (the language has a configuration) and is not listed again.
  const [language] = c.languages;
  assert.deepEqual(language.filenamePatterns, payloadPatterns);
  assert.ok(language.configuration && fs.existsSync(language.configuration), language.configuration);
  assert.ok(!events.includes(`onLanguage:${language.id}`), 'implied by contributes.languages');
  // It stays a JSON file to VS Code's JSON service (completion, hover, formatting) and its grammar.
  assert.deepEqual(c.jsonLanguageParticipants, [{ languageId: language.id }]);
  const grammar = c.grammars.find((g: { language: string }) => g.language === language.id);
  assert.deepEqual(JSON.parse(fs.readFileSync(grammar.path, 'utf8')).patterns, [{ include: 'source.json' }]);
});
