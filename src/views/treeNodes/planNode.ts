import type * as vscode from 'vscode';
import { ItemNode } from './itemNode';
import { treeItem, type Plan, type SubscriptionAncestor, type TreeNode } from './treeNode';

export type { Plan };

export class PlanNode implements TreeNode {
  readonly kind = 'plan';
  constructor(
    readonly id: string,
    readonly parent: SubscriptionAncestor,
    readonly plan: Plan,
  ) {}

  get number(): string {
    return this.plan.id;
  }

  getTreeItem(): vscode.TreeItem {
    const item = treeItem(this, this.plan.plan_id, 'symbol-class');
    item.description = `${this.plan.subscription_items.data.length} item(s)`;
    item.tooltip = `Subscription plan ${this.plan.id} (${this.plan.plan_id})`;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.plan.subscription_items.data.map(
      i => new ItemNode(`${this.id}:item:${i.subscription_item_number}`, this, i),
    );
  }

  async asJson(): Promise<{ name: string; value: unknown }> {
    return { name: `plans/${this.number}`, value: this.plan };
  }
}
