// What the inline-metrics tests share: the template's figures for a number of seats, the payload written to the
// workspace, the lenses' titles, an edit in the editor, the editor folded for a screenshot.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { formatMoney } from '../../src/client/money';
import { TEMPLATES } from '../../src/schemas';
import { SETUP_FEE, USD, teamMonth } from '../unit/expected';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
export const file = (name: string) => vscode.Uri.joinPath(ws(), name);
export const money = (n: number) => formatMoney(n, 'USD', { signed: true });
export const figures = (mrr: number | undefined, tcb: number) =>
  [...(mrr === undefined ? [] : [`MRR ${money(mrr)}`]), `TCB ${money(tcb)}`].join(' · ');
export const config = () => vscode.workspace.getConfiguration('billingWorkbench');
export const setGlobal = (key: string, value: unknown) =>
  config().update(key, value, vscode.ConfigurationTarget.Global);
/** Longer than any test's timeout: a request held this long is answered only if a cancel failed to abort it. */
export const HELD_MS = 10 * 60_000;

/** The template's figures with `seats` on the team plan, per entry and in total. */
export function expected(seats: number) {
  const team = teamMonth(seats);
  const enterprise = USD.annualLicence;
  const sums = { currency: 'USD', mrr: team + enterprise / 12, tcb: 12 * team + enterprise + SETUP_FEE };
  // The template asks for billing documents: the first bills a month of the team plan, the year's licence, the fee.
  const firstInvoice = formatMoney(team + enterprise + SETUP_FEE, 'USD');
  return {
    sums,
    figures: figures(sums.mrr, sums.tcb),
    totals: `${figures(sums.mrr, sums.tcb)} · first invoice ${firstInvoice} on 2027-01-01`,
    sub0: `subscriptions[0]: ${figures(team, 12 * team)}`,
    sub1: `subscriptions[1]: ${figures(enterprise / 12, enterprise)}`,
    line0: `line_items[0]: ${figures(undefined, SETUP_FEE)}`,
  };
}

/** The template of examples/new-customer.preview.json with `seats` seats, written to the workspace. */
export function writePayload(name: string, seats: number): vscode.Uri {
  const body = structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) as {
    subscriptions: { subscription_plans: { prices?: { quantity: number }[] }[] }[];
  };
  body.subscriptions[0].subscription_plans[0].prices![0].quantity = seats;
  fs.writeFileSync(file(name).fsPath, JSON.stringify(body, null, 2) + '\n');
  return file(name);
}

/**
 * Gives the editor the room (side bars and the bottom panel closed), folds what a reader of the figures can do
 * without (terms, dates, the account, the second subscription), so the whole payload and every figure fit on
 * one screen, and scrolls to the top.
 */
export async function foldForScreenshot(editor: vscode.TextEditor): Promise<void> {
  for (const part of ['closeSidebar', 'closeAuxiliaryBar', 'closePanel'])
    await vscode.commands.executeCommand(`workbench.action.${part}`); // the editor gets the room
  const doc = editor.document;
  const keys = ['metrics', 'account_data', 'initial_term', 'renewal_term', 'start_on'];
  const lines = [...Array(doc.lineCount).keys()].filter(i =>
    keys.some(k => doc.lineAt(i).text.trimStart().startsWith(`"${k}"`)),
  );
  const second = (await figureHints(doc.uri)).find(h => h.label.startsWith('subscriptions[1]'));
  if (second) lines.push(second.line);
  await vscode.commands.executeCommand('editor.fold', { levels: 1, selectionLines: lines });
  editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
}

/** The figures in the file (inlay hints at the end of a line), in the order of their lines. */
export async function figureHints(uri: vscode.Uri): Promise<{ line: number; label: string }[]> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const all = new vscode.Range(0, 0, doc.lineCount, 0);
  const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', uri, all);
  const text = (h: vscode.InlayHint) => (typeof h.label === 'string' ? h.label : h.label.map(p => p.value).join(''));
  return hints.map(h => ({ line: h.position.line, label: text(h) })).sort((a, b) => a.line - b.line);
}

/** The file's actions (its CodeLens titles), then its figures: the totals, then each entry's. */
export async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return [...lenses.map(l => l.command?.title ?? ''), ...(await figureHints(uri)).map(h => h.label)];
}

/** Replaces the first `from` in the document with `to`, as an edit in the editor. */
export async function replace(editor: vscode.TextEditor, from: string, to: string): Promise<void> {
  const doc = editor.document;
  const at = doc.getText().indexOf(from);
  assert.ok(at >= 0, `"${from}" in ${doc.fileName}`);
  const done = await editor.edit(b =>
    b.replace(new vscode.Range(doc.positionAt(at), doc.positionAt(at + from.length)), to),
  );
  assert.ok(done, 'the edit was applied');
}
