// Accounts & Orders: the accounts model's accounts, paged ("Load more"); each expands to its orders, then
// subscriptions, plans and items. Empty, sign-in and error states are nodes with an action, never pop-ups.
import * as vscode from 'vscode';
import { COMMANDS, commandFor } from '../commands/ids';
import type { AccountsModel } from '../services/accountsModel';
import { Disposable } from '../util/dispose';
import { AccountNode } from './treeNodes/accountNode';
import { MessageNode } from './treeNodes/messageNode';
import { OrderNode } from './treeNodes/orderNode';
import type { TreeNode } from './treeNodes/treeNode';

export type { TreeNode } from './treeNodes/treeNode';

export class AccountsTree extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** A failure to list the accounts, shown until the next refresh. */
  private rootError: MessageNode | undefined;

  constructor(private readonly model: AccountsModel) {
    super();
    this._register(
      model.onDidChange(() => {
        this.rootError = undefined;
        this.changed.fire(undefined);
      }),
    );
  }

  refresh(): void {
    this.model.refresh();
  }

  /** Tree nodes for an order, for TreeView.reveal (ids match the ones getChildren builds). */
  nodesFor(accountNumber: string, orderNumber: string): OrderNode {
    const conn = this.model.connectionId;
    const row = this.model.account(accountNumber) ?? { accountNumber, name: accountNumber, currency: '', status: '' };
    const account = new AccountNode(`${conn}:account:${accountNumber}`, row);
    const order = { orderNumber, accountNumber, orderDate: '', status: '', description: '' };
    return new OrderNode(`${conn}:order:${orderNumber}`, account, order);
  }

  getParent(n: TreeNode): TreeNode | undefined {
    return 'parent' in n ? n.parent : undefined;
  }

  getTreeItem(n: TreeNode): vscode.TreeItem {
    return n.getTreeItem();
  }

  async getChildren(n?: TreeNode): Promise<TreeNode[]> {
    try {
      return n ? await n.getChildren(this.model) : await this.roots();
    } catch (e) {
      const node = MessageNode.forError(e, n ? `${n.id}:error` : `${this.model.connectionId}:error`, n);
      if (!n) this.rootError = node;
      return [node];
    }
  }

  private async roots(): Promise<TreeNode[]> {
    if (this.rootError) return [this.rootError];
    const conn = this.model.connectionId;
    const accounts = (await this.model.accounts()).map(a => new AccountNode(`${conn}:account:${a.accountNumber}`, a));
    const filter = this.model.filter;
    if (!accounts.length && filter) {
      const clear = commandFor(COMMANDS.clearAccountsFilter, 'Clear Filter');
      const none = `No account's name or number starts with "${filter}": click to clear the filter`;
      return [new MessageNode(`${conn}:no-match`, none, 'filter', clear)];
    }
    if (!accounts.length) {
      const create = commandFor(COMMANDS.newOrderPayload, 'New Order Payload');
      return [new MessageNode(`${conn}:empty`, 'No accounts yet: create one from a template', 'info', create)];
    }
    if (!this.model.hasMore) return accounts;
    const more = commandFor(COMMANDS.loadMoreAccounts, 'Load more');
    return [...accounts, new MessageNode(`${conn}:more:${accounts.length}`, 'Load more…', 'more', more)];
  }
}
