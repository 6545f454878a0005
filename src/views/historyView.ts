// The History view: the workspace's requests, newest first (the request history's order), one row each.
// Several rows can be selected (two: Compare Answers); "Select for Compare" marks one for the next compare.
import * as vscode from 'vscode';
import type { HistoryEntry, RequestHistory } from '../services/requestHistory';
import { Disposable } from '../util/dispose';
import { HistoryNode } from './treeNodes/historyNode';

export const HISTORY_VIEW = 'billingWorkbench.history';
/** True while an entry is selected for compare: its rows offer Compare Answers (package.json `when`). */
const COMPARE_CONTEXT = 'billingWorkbench.historyCompareSelected';

export class HistoryTree extends Disposable implements vscode.TreeDataProvider<HistoryNode> {
  private readonly changed = this._register(new vscode.EventEmitter<HistoryNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private compareId: string | undefined;

  constructor(private readonly history: RequestHistory) {
    super();
    this._register(history.onDidChange(() => this.changed.fire(undefined)));
  }

  /** The entry "Select for Compare" marked, while it is still in the history. */
  get selectedForCompare(): HistoryEntry | undefined {
    return this.compareId === undefined ? undefined : this.history.get(this.compareId);
  }

  selectForCompare(entry: HistoryEntry | undefined): void {
    this.compareId = entry?.id;
    void vscode.commands.executeCommand('setContext', COMPARE_CONTEXT, !!entry);
    this.changed.fire(undefined);
  }

  getTreeItem(n: HistoryNode): vscode.TreeItem {
    return n.getTreeItem();
  }

  getChildren(n?: HistoryNode): HistoryNode[] {
    return n ? [] : this.history.entries().map(e => new HistoryNode(e, e.id === this.compareId));
  }

  /** A flat list: no parents (TreeView.reveal needs this). */
  getParent(): undefined {
    return undefined;
  }
}

export function createHistoryView(tree: HistoryTree): vscode.TreeView<HistoryNode> {
  return vscode.window.createTreeView(HISTORY_VIEW, { treeDataProvider: tree, canSelectMany: true });
}
