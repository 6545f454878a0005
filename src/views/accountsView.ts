// The Accounts & Orders view: the tree in its TreeView, and revealing an order in it.
import * as vscode from 'vscode';
import type { AccountsTree, TreeNode } from './accountsTree';

export const VIEWS = { accounts: 'billingWorkbench.accounts', endpoints: 'billingWorkbench.endpoints' } as const;

export class AccountsView implements vscode.Disposable {
  readonly view: vscode.TreeView<TreeNode>;

  constructor(private readonly tree: AccountsTree) {
    this.view = vscode.window.createTreeView(VIEWS.accounts, { treeDataProvider: tree, showCollapseAll: true });
  }

  /** Selects the order (its account expanded); a tree that cannot show it yet is left as it is. */
  async revealOrder(accountNumber: string, orderNumber: string): Promise<void> {
    const node = this.tree.nodesFor(accountNumber, orderNumber);
    await this.view.reveal(node, { select: true, focus: false, expand: true }).then(undefined, () => undefined);
  }

  dispose(): void {
    this.view.dispose();
  }
}
