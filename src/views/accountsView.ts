// The Accounts & Orders view: the tree in its TreeView, revealing an order in it, and the active filter
// said where a person looks (the title's description, a message above the rows, the Clear Filter button).
import * as vscode from 'vscode';
import type { AccountsModel } from '../services/accountsModel';
import type { AccountsTree, TreeNode } from './accountsTree';

export const VIEWS = { accounts: 'billingWorkbench.accounts', endpoints: 'billingWorkbench.endpoints' } as const;
/** True while the accounts are filtered: the view shows Clear Filter (package.json `when`). */
const FILTERED_CONTEXT = 'billingWorkbench.accountsFiltered';

export class AccountsView implements vscode.Disposable {
  readonly view: vscode.TreeView<TreeNode>;
  private readonly listener: vscode.Disposable;
  private shownFilter: string | undefined;

  constructor(
    private readonly tree: AccountsTree,
    private readonly model: AccountsModel,
  ) {
    this.view = vscode.window.createTreeView(VIEWS.accounts, { treeDataProvider: tree, showCollapseAll: true });
    this.listener = model.onDidChange(() => this.showFilter());
  }

  /** Selects the order (its account expanded); a tree that cannot show it yet is left as it is. */
  async revealOrder(accountNumber: string, orderNumber: string): Promise<void> {
    const node = this.tree.nodesFor(accountNumber, orderNumber);
    await this.view.reveal(node, { select: true, focus: false, expand: true }).then(undefined, () => undefined);
  }

  private showFilter(): void {
    const filter = this.model.filter;
    if (filter === this.shownFilter) return;
    this.shownFilter = filter;
    this.view.description = filter ? `Filter: ${filter}` : undefined;
    this.view.message = filter ? `Accounts whose name or number starts with "${filter}"` : undefined;
    void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, !!filter);
  }

  dispose(): void {
    this.listener.dispose();
    this.view.dispose();
  }
}
