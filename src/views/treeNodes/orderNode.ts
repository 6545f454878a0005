import type * as vscode from 'vscode';
import type { AccountsModel, OrderRow } from '../../services/accountsModel';
import { SubscriptionNode } from './subscriptionNode';
import { treeItem, type AccountAncestor, type TreeNode } from './treeNode';

export class OrderNode implements TreeNode {
  readonly kind = 'order';
  constructor(
    readonly id: string,
    readonly parent: AccountAncestor,
    readonly order: OrderRow,
  ) {}

  get number(): string {
    return this.order.orderNumber;
  }

  getTreeItem(): vscode.TreeItem {
    const o = this.order;
    const item = treeItem(this, o.orderNumber, 'package');
    item.description = `${o.orderDate} · ${o.status}${o.description ? ` · ${o.description}` : ''}`;
    item.tooltip = `Order ${o.orderNumber} of ${this.parent.number}, ${o.orderDate}`;
    return item;
  }

  async getChildren(model: AccountsModel): Promise<TreeNode[]> {
    const order = await model.order(this.number);
    return order.subscriptions.map(s => new SubscriptionNode(`${this.id}:sub:${s.subscription_number}`, this, s));
  }

  async asJson(model: AccountsModel): Promise<{ name: string; value: unknown }> {
    return { name: `orders/${this.number}`, value: await model.order(this.number) };
  }
}
