import type * as vscode from 'vscode';
import type { AccountRow, AccountsModel } from '../../services/accountsModel';
import { documentGroups } from './invoiceNode';
import { MessageNode } from './messageNode';
import { OrderNode } from './orderNode';
import { treeItem, type TreeNode } from './treeNode';

export class AccountNode implements TreeNode {
  readonly kind = 'account';
  constructor(
    readonly id: string,
    readonly account: AccountRow,
  ) {}

  get number(): string {
    return this.account.accountNumber;
  }

  getTreeItem(): vscode.TreeItem {
    const a = this.account;
    const item = treeItem(this, a.name, 'account');
    item.description = `${a.accountNumber} · ${a.currency}`;
    item.tooltip = `Account ${a.accountNumber}\n${a.name}\nCurrency ${a.currency}\nStatus ${a.status}`;
    return item;
  }

  async getChildren(model: AccountsModel): Promise<TreeNode[]> {
    const [rows, documents] = await Promise.all([model.orders(this.number), model.documents(this.number)]);
    const orders: TreeNode[] = rows.map(o => new OrderNode(`${model.connectionId}:order:${o.orderNumber}`, this, o));
    const billed = documentGroups(this, documents.rows, documents.more);
    if (!orders.length) orders.push(new MessageNode(`${this.id}:none`, 'No orders', 'info', undefined, this));
    return [...billed, ...orders];
  }

  async asJson(model: AccountsModel): Promise<{ name: string; value: unknown }> {
    return { name: `accounts/${this.number}`, value: await model.accountData(this.number) };
  }
}
