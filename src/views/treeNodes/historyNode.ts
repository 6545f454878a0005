// A row of the History view: one request, newest first. The label says what was sent, the description its
// status, time taken, connection and when; a click opens its answer.
import * as vscode from 'vscode';
import { COMMANDS, commandFor } from '../../commands/ids';
import type { HistoryEntry } from '../../services/requestHistory';

/** contextValue parts (menus match them by regex): every entry, and one that can be sent again. */
export const HISTORY_ITEM = 'historyEntry';
const RESENDABLE = 'resendable';

/** What a file's call did, said before its status; an operation says it in its label. */
const ACTIONS: Record<string, string> = {
  preview: 'Preview',
  createOrder: 'Create order',
  createAccount: 'Create account',
};

/**
 * The row's label: "new-customer.preview.json" (the file sent), "GET /v1/accounts/A00000001", or a scenario
 * step's "documents · GET /v1/billing-documents" (its file is the scenario's: the step and its operation say
 * more, and stay readable in a narrow side bar).
 */
export function entryLabel(e: HistoryEntry): string {
  if (e.origin === 'scenario') return `${scenarioOf(e).step} · ${e.method} ${e.path}`;
  return e.file ?? `${e.method} ${e.target ?? e.path}`;
}

/** The local time of day, "14:03:12". */
export const entryTime = (e: HistoryEntry): string => new Date(e.at).toTimeString().slice(0, 8);

/**
 * "Preview · 200 · 84 ms · Local sandbox · 14:03:12", ending in "live" for a live preview; a scenario step's
 * starts with its scenario ("Bill run, then wait for the invoice · 200 · ...").
 */
export function entryDescription(e: HistoryEntry): string {
  const action = e.origin === 'scenario' ? scenarioOf(e).name : e.file && e.call ? ACTIONS[e.call.kind] : undefined;
  const status = e.status ?? (e.error ? 'failed' : undefined);
  const ms = e.ms === undefined ? undefined : `${Math.round(e.ms)} ms`;
  const simulated = e.note ? 'simulated' : undefined;
  return [action, status, ms, e.connection.name, entryTime(e), e.origin, simulated]
    .filter(x => x !== undefined)
    .join(' · ');
}

/** A scenario step's scenario and step; an entry kept before they were recorded apart has them in its title. */
function scenarioOf(e: HistoryEntry): { name: string; step: string } {
  if (e.scenario) return e.scenario;
  const cut = e.title.lastIndexOf(' · ');
  return cut < 0 ? { name: e.title, step: '' } : { name: e.title.slice(0, cut), step: e.title.slice(cut + 3) };
}

export const succeeded = (e: HistoryEntry): boolean =>
  !e.error && e.status !== undefined && e.status >= 200 && e.status < 300;

export class HistoryNode {
  readonly kind = 'history';
  constructor(
    readonly entry: HistoryEntry,
    /** Marked by "Select for Compare". */
    readonly selectedForCompare = false,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const e = this.entry;
    const item = new vscode.TreeItem(entryLabel(e), vscode.TreeItemCollapsibleState.None);
    item.id = e.id;
    const mark = this.selectedForCompare ? ' · selected for compare' : '';
    const departs = e.contract ? ' · departs from the contract' : '';
    item.description = entryDescription(e) + departs + mark;
    item.contextValue = e.call ? `${HISTORY_ITEM}.${RESENDABLE}` : HISTORY_ITEM;
    const ok = succeeded(e);
    item.iconPath = new vscode.ThemeIcon(
      ok ? 'pass' : 'error',
      new vscode.ThemeColor(ok ? 'testing.iconPassed' : 'testing.iconFailed'),
    );
    item.tooltip = tooltip(e);
    item.accessibilityInformation = { label: `${entryLabel(e)}, ${entryDescription(e)}${mark}` };
    item.command = commandFor(COMMANDS.openHistoryAnswer, 'Open Answer', this);
    return item;
  }
}

/** Plain text (service data is untrusted: no Markdown). */
function tooltip(e: HistoryEntry): string {
  return [
    e.title,
    `${e.method} ${e.target ?? e.path}`,
    `Connection: ${e.connection.name} (${e.connection.kind})`,
    `Status: ${e.status ?? 'none'}${e.ms === undefined ? '' : ` in ${Math.round(e.ms)} ms`}`,
    `At: ${new Date(e.at).toLocaleString()}`,
    e.requestId && `Service-Request-Id: ${e.requestId}`,
    e.note && `Answer ${e.note}`,
    e.error && `Error: ${e.error.message}`,
    e.contract &&
      `Contract: ${[...e.contract.notes, ...(e.contract.more ? [`and ${e.contract.more} more`] : [])].join('; ')}`,
    e.origin === 'live' && 'Live preview (the newest of this file replaces the one before)',
    e.masked && 'Secrets were masked (***) before this request was kept',
  ]
    .filter(Boolean)
    .join('\n');
}
