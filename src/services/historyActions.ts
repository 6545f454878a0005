// What the History view's rows do: open a request or its answer as read-only JSON, send it again through the
// request controller (on the active connection, writes ask as usual), compare two answers in the diff
// editor, save rows as a scenario (historyScenario.ts), clear the history (asks first).
import * as vscode from 'vscode';
import { findOperation } from '../catalog';
import { openedDocumentOperation } from './openedDocuments';
import { fillPath } from '../client';
import type { JsonDocuments } from '../views/jsonDocuments';
import type { HistoryTree } from '../views/historyView';
import { entryLabel, entryTime } from '../views/treeNodes/historyNode';
import type { Call } from './calls';
import type { RequestController } from './requestController';
import { saveHistoryAsScenario } from './historyScenario';
import { comparableAnswers } from './answerDiff';
import type { HistoryEntry, RequestHistory, StoredCall } from './requestHistory';

export class HistoryActions {
  constructor(
    private readonly history: RequestHistory,
    private readonly tree: HistoryTree,
    private readonly docs: JsonDocuments,
    private readonly controller: () => RequestController,
  ) {}

  openRequest(e: HistoryEntry): Thenable<vscode.TextEditor> {
    return this.docs.open(docName(e, 'request'), requestOf(e));
  }

  openAnswer(e: HistoryEntry): Thenable<vscode.TextEditor> {
    return this.docs.open(docName(e, 'answer'), answerOf(e));
  }

  /** The same request on the active connection. A request with masked parts asks first: the mask is sent. */
  async sendAgain(e: HistoryEntry, confirmed = false): Promise<unknown> {
    if (!e.call) {
      void vscode.window.showInformationMessage(`${entryLabel(e)} cannot be sent again from the history.`);
      return undefined;
    }
    if (e.masked && !confirmed) {
      const message = `Parts of ${entryLabel(e)} were masked (***) before it was kept in the history. Send it with them masked?`;
      if ((await vscode.window.showWarningMessage(message, { modal: true }, 'Send Masked')) !== 'Send Masked') return;
    }
    let call: Call | undefined;
    try {
      call = callOf(e.call);
    } catch (err) {
      void vscode.window.showErrorMessage((err as Error).message);
      return undefined;
    }
    return call ? this.controller().run(call) : undefined;
  }

  selectForCompare(e: HistoryEntry): void {
    this.tree.selectForCompare(e);
  }

  /**
   * Compares two answers, the older on the left. With one entry: against the one selected for compare, else
   * the person picks the other.
   */
  async compare(first: HistoryEntry, second?: HistoryEntry): Promise<void> {
    const other = second ?? this.tree.selectedForCompare ?? (await this.pickOther(first));
    if (!other || other.id === first.id) return;
    const [a, b] = first.at <= other.at ? [first, other] : [other, first];
    const side = (e: HistoryEntry) => `${entryLabel(e)} on ${e.connection.name} (${entryTime(e)})`;
    // Generated ids, numbers and times differ in every answer: placeholders, so the diff shows what differs.
    const { left, right, replaced } = comparableAnswers(answerOf(a), answerOf(b));
    await this.docs.diff(
      { name: docName(a, 'compared'), value: left }, // not the Open Answer document: that one is as answered
      { name: docName(b, 'compared'), value: right },
      `${side(a)} ↔ ${side(b)}`,
    );
    if (replaced) {
      const said = `Compare Answers: ${replaced} generated value${replaced === 1 ? '' : 's'} (ids, numbers, times) shown as <placeholders>; Open Answer shows them as answered.`;
      vscode.window.setStatusBarMessage(said, 15_000);
    }
    this.tree.selectForCompare(undefined);
  }

  /**
   * Save as Scenario: these entries, written where the person says and opened. With none (the palette, the
   * view's title bar) the person picks from the History, the view's selected rows checked.
   */
  saveAsScenario(
    entries: readonly HistoryEntry[],
    checked: readonly HistoryEntry[] = [],
  ): Promise<vscode.Uri | undefined> {
    return saveHistoryAsScenario(this.history, entries, checked);
  }

  async clear(confirmed = false): Promise<boolean> {
    const n = this.history.entries().length;
    if (!n) return true;
    const message = `Clear the request history of this workspace (${n} request${n === 1 ? '' : 's'})?`;
    if (!confirmed && (await vscode.window.showWarningMessage(message, { modal: true }, 'Clear')) !== 'Clear')
      return false;
    this.tree.selectForCompare(undefined);
    await this.history.clear();
    return true;
  }

  private async pickOther(first: HistoryEntry): Promise<HistoryEntry | undefined> {
    const items = this.history
      .entries()
      .filter(e => e.id !== first.id)
      .map(e => ({
        label: entryLabel(e),
        description: `${e.status ?? 'failed'} · ${e.connection.name} · ${entryTime(e)}`,
        e,
      }));
    const title = `Compare the answer of ${entryLabel(first)} with…`;
    return (await vscode.window.showQuickPick(items, { title, matchOnDescription: true }))?.e;
  }
}

/** A document name unique to the entry: "History/14-03-12 Preview of x.preview.json 1a2b answer". */
function docName(e: HistoryEntry, what: 'request' | 'answer' | 'compared'): string {
  const label = entryLabel(e)
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `History/${entryTime(e).replace(/:/g, '-')} ${label} ${e.id.slice(0, 4)} ${what}`;
}

function requestOf(e: HistoryEntry): unknown {
  const { method, path, target, connection, request } = e;
  return { method, path: target ?? path, connection: connection.name, ...request };
}

/** The answer, or the decoded error with the status. */
function answerOf(e: HistoryEntry): unknown {
  return e.error ? { status: e.status, error: e.error } : e.answer;
}

function callOf(c: StoredCall): Call | undefined {
  switch (c.kind) {
    case 'preview':
      return {
        kind: 'preview',
        file: c.file,
        source: c.source,
        body: c.body as never,
        ...(c.api ? { api: c.api } : {}),
      };
    case 'createOrder':
      return { kind: c.kind, file: c.file, body: c.body as never, ...(c.api ? { api: c.api } : {}) };
    case 'createAccount':
      return { kind: c.kind, file: c.file, body: c.body as never };
    case 'operation': {
      const [method, path] = c.operation.split(' ');
      // An opened invoice or memo is no catalog operation (the catalog lists 01's v2 operations): known by id.
      const op = findOperation(method, path ?? '') ?? openedDocumentOperation(c.operation);
      if (!op) throw new Error(`Unknown operation "${c.operation}": it is no longer in the catalog.`);
      const request = { pathParams: c.pathParams, query: c.query, body: c.body };
      return { kind: 'operation', op, request, target: fillPath(op, c.pathParams) };
    }
  }
}
