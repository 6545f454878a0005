import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { Rendered } from '../../src/views/responsePanel';
import type { PanelState } from '../../src/webview/protocol';

export const EXT_ID = 'billing-workbench.billing-workbench';

export async function api(): Promise<BillingWorkbenchApi> {
  const ext = vscode.extensions.getExtension<BillingWorkbenchApi>(EXT_ID);
  assert.ok(ext, `${EXT_ID} is loaded in the extension host`);
  return ext.activate();
}

/** The response panel's state, which must be of `kind` (an answer, an error or an operation). */
export function shown<K extends PanelState['kind']>(a: BillingWorkbenchApi, kind: K): Extract<PanelState, { kind: K }> {
  const state = a.panel.state;
  assert.equal(state?.kind, kind, `the panel shows a ${kind}`);
  return state as Extract<PanelState, { kind: K }>;
}

/**
 * Polls until `check` returns a truthy value; no fixed sleeps. The deadline only ends a test that would hang:
 * it is well past what a busy machine takes (load 6 on 2 CPUs), as are those of screenshots and keys below.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 50));
  }
}

/**
 * Asks the runner for a screenshot now (it logs a handshake line the runner reads), and returns the
 * text on that screen (every frame's innerText, webviews included). Outside the runner: undefined.
 */
export async function screenshot(name: string): Promise<{ png: string; text: string } | undefined> {
  const dir = process.env.EXT_TEST_SCREENSHOT_DIR;
  if (!dir) return undefined;
  const png = path.join(dir, `${name}.png`),
    txt = path.join(dir, `${name}.txt`);
  for (const f of [png, txt]) fs.rmSync(f, { force: true });
  console.log(`[[screenshot:${name}]]`);
  await waitFor(`screenshot ${name}`, () => fs.existsSync(png), 60000);
  return { png, text: fs.readFileSync(txt, 'utf8') };
}

/**
 * What is on screen now, for a test that reads it; where there is no screen to read (the test:electron
 * runner), the test is skipped from here on with the reason, after the checks that came before.
 */
export async function onScreen(ctx: Mocha.Context, name: string): Promise<{ png: string; text: string }> {
  const shot = await screenshot(name);
  if (!shot) {
    console.log(`skipped the rest of "${ctx.test?.title}": no screen to read outside the code-server runner`);
    ctx.skip();
  }
  return shot;
}

export function manifest(): { contributes: { commands: { command: string }[] } } {
  return vscode.extensions.getExtension(EXT_ID)!.packageJSON;
}

let keyRequests = 0;
/**
 * Types into the workbench through the runner's real keyboard (Playwright), after `waitFor` (a CSS
 * selector) is visible. Outside the runner: false, and the caller skips what needs a keyboard.
 */
export async function typeKeys(spec: {
  waitFor?: string;
  /** How long the runner waits for `waitFor` (45 s unless given); past it, typeKeys throws the runner's reason. */
  waitForMs?: number;
  /** Clicked first, as a person clicks: the first element of any frame matching `selector` that holds `text`. */
  click?: { selector: string; text: string };
  type?: string;
  press?: string[];
}): Promise<boolean> {
  const dir = process.env.EXT_TEST_SCREENSHOT_DIR;
  if (!dir) return false;
  const id = `k${++keyRequests}-${process.pid}`;
  const done = path.join(dir, `keys-${id}.done`);
  console.log(`[[keys:${JSON.stringify({ id, ...spec })}]]`);
  await waitFor(`keys ${id}`, () => fs.existsSync(done), 60000);
  const said = fs.readFileSync(done, 'utf8');
  fs.rmSync(done, { force: true });
  const failed = said ? (JSON.parse(said) as { failed?: string }).failed : undefined;
  if (failed) throw new KeysNotTyped(`keys ${id} were not typed: ${failed}`);
  return true;
}

/** The runner could not type the keys (what they wait for never showed). */
export class KeysNotTyped extends Error {}

/**
 * Types `type` as typeKeys does and times what it draws: for each `watch` entry, the ms from the last key until
 * an element matching `selector` (in any frame, webviews included) first holds `text`; null if it never did
 * within `watchMs`. Outside the runner: undefined.
 */
export async function typeTimed(spec: {
  waitFor?: string;
  type: string;
  watch: { name: string; selector: string; text: string }[];
  watchMs?: number;
}): Promise<Record<string, number | null> | undefined> {
  const dir = process.env.EXT_TEST_SCREENSHOT_DIR;
  if (!dir) return undefined;
  const id = `k${++keyRequests}-${process.pid}`;
  const done = path.join(dir, `keys-${id}.done`);
  console.log(`[[keys:${JSON.stringify({ id, ...spec })}]]`);
  await waitFor(`keys ${id}`, () => fs.existsSync(done), 60000);
  const { seen } = JSON.parse(fs.readFileSync(done, 'utf8')) as { seen: Record<string, number | null> };
  fs.rmSync(done, { force: true });
  return seen;
}

/**
 * The screen once its text satisfies `ok` (the workbench draws a moment after the API answers), read again
 * until the deadline; the error quotes what the screen last read. The runner reads the text just after the
 * picture, so once the text is there one more screenshot is taken: the saved picture then shows it too.
 */
export async function screenWhen(
  ctx: Mocha.Context,
  name: string,
  ok: (text: string) => boolean,
  /** Runs before each reading: shows again what a reading may have missed (a hover computed too early). */
  before?: () => Thenable<unknown>,
): Promise<{ png: string; text: string }> {
  let last = '';
  try {
    await waitFor(`${name} on screen`, async () => {
      await before?.();
      const shot = await onScreen(ctx, name); // skips the test where there is no screen to read
      last = shot.text;
      return ok(shot.text) ? shot : undefined;
    });
  } catch (e) {
    throw new Error(`${String(e)}; the screen read:\n${last.slice(0, 3000)}`);
  }
  const again = await onScreen(ctx, name);
  return ok(again.text) ? again : { ...again, text: last };
}

/**
 * The hover at `at` on screen once `ok` holds, the cursor put there and the hover asked for again after every
 * third reading: a hover asked for once shows what its providers had at that moment, and is not computed again.
 */
export function hoverWhen(
  ctx: Mocha.Context,
  name: string,
  editor: vscode.TextEditor,
  at: vscode.Position,
  ok: (text: string) => boolean,
): Promise<{ png: string; text: string }> {
  let readings = 0;
  return screenWhen(ctx, name, ok, async () => {
    if (readings++ % 3) return; // each hover is read three times before it is asked for again
    await vscode.commands.executeCommand('editor.action.hideHover');
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.showHover');
  });
}

/**
 * The screen once it shows every text in `texts`, read again until the deadline; past it, the last screen
 * (the caller's assertions then say what is missing). Like screenWhen, the picture is taken again once ready.
 */
export async function screenShowing(ctx: Mocha.Context, name: string, texts: string[], timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const shot = await onScreen(ctx, name);
    if (texts.every(t => shot.text.includes(t))) return onScreen(ctx, name);
    if (Date.now() > end) return shot;
  }
}

/** Switches the colour theme as a person does in their settings (undefined: back to the default). */
export const theme = (name: string | undefined): Thenable<void> =>
  vscode.workspace.getConfiguration('workbench').update('colorTheme', name, vscode.ConfigurationTarget.Global);

/** Sizes the two editor groups so the panel's group is `px` wide (of a 1400 px window, side bar closed). */
export async function panelWidth(px: number): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  await vscode.commands.executeCommand('vscode.setEditorLayout', {
    orientation: 0,
    groups: [{ size: 1352 - px }, { size: px }],
  });
}

/** Runs `send` and resolves when the panel has drawn a state of `rows` rows that `accept` takes. */
export async function drawn(
  a: BillingWorkbenchApi,
  rows: number,
  send: () => Thenable<unknown> | Promise<unknown>,
  accept: () => boolean = () => true,
): Promise<Rendered> {
  const done = new Promise<Rendered>(resolve => {
    const d = a.panel.onDidRender(e => {
      if (e.rows === rows && accept()) {
        d.dispose();
        resolve(e);
      }
    });
  });
  await send();
  return done;
}

/**
 * Answers the extension's own notifications and dialogs (the test workbench refuses real ones) with
 * `answer(items)`, and records each: its message, items, whether modal, its detail. `restore` puts it back.
 */
export function answering(
  name: 'showWarningMessage' | 'showErrorMessage' | 'showInformationMessage',
  answer: (items: string[]) => string | undefined,
): { asked: { message: string; items: string[]; modal: boolean; detail?: string }[]; restore: () => void } {
  const original = vscode.window[name];
  const asked: { message: string; items: string[]; modal: boolean; detail?: string }[] = [];
  const patched = (message: string, ...rest: unknown[]) => {
    const items = rest.filter((x): x is string => typeof x === 'string');
    const options = rest.find((x): x is vscode.MessageOptions => typeof x === 'object' && x !== null);
    asked.push({ message, items, modal: !!options?.modal, detail: options?.detail });
    return Promise.resolve(answer(items));
  };
  Object.assign(vscode.window, { [name]: patched });
  return { asked, restore: () => Object.assign(vscode.window, { [name]: original }) };
}
