// The Callouts view, registered at activation but built when first shown: its tree (calloutsTree.ts, a lazy
// bundle) loads on the first getChildren or callout command, so a window that never opens it never loads it.
import * as vscode from 'vscode';
import { CalloutsTree, type CalloutsDeps } from './calloutsTree';
import type { CalloutNode } from './treeNodes/calloutNodes';

export const CALLOUTS_VIEW = 'billingWorkbench.callouts';

export class CalloutsView implements vscode.TreeDataProvider<CalloutNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<CalloutNode>;
  private built: CalloutsTree | undefined;

  constructor(private readonly deps: CalloutsDeps) {
    this.view = vscode.window.createTreeView(CALLOUTS_VIEW, { treeDataProvider: this });
  }

  get tree(): CalloutsTree {
    return (this.built ??= new CalloutsTree(this.deps, this.view, () => this.changed.fire(undefined)));
  }

  getChildren(n?: CalloutNode): Promise<CalloutNode[]> {
    return this.tree.getChildren(n);
  }
  getTreeItem(n: CalloutNode): vscode.TreeItem {
    return n.getTreeItem();
  }
  getParent(n: CalloutNode): CalloutNode | undefined {
    return n.parent;
  }

  /** A Send, a Run, a clock move or a new connection: read again, if the view was ever shown. */
  activity(connectionChanged = false): void {
    if (connectionChanged) this.built?.refresh();
    else this.built?.activity();
  }

  dispose(): void {
    this.built?.dispose();
    this.view.dispose();
    this.changed.dispose();
  }
}
