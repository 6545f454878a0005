import type * as vscode from 'vscode';
import { formatMoney } from '../../client/money';
import { treeItem, type Plan, type PlanAncestor, type TreeNode } from './treeNode';

type Item = Plan['subscription_items']['data'][number];

export class ItemNode implements TreeNode {
  readonly kind = 'item';
  constructor(
    readonly id: string,
    readonly parent: PlanAncestor,
    readonly item: Item,
  ) {}

  get number(): string {
    return this.item.subscription_item_number;
  }

  /** The subscription's currency where the service names one, else its account's (the price is in it). */
  get currency(): string | undefined {
    const sub = this.parent.parent;
    return sub.sub.currency || sub.parent.parent.account.currency || undefined;
  }

  getTreeItem(): vscode.TreeItem {
    const i = this.item;
    const row = treeItem(this, i.name || i.price_id, 'symbol-field', false);
    const charge = `${i.charge_type}${i.recurring ? `/${String(i.recurring.interval)}` : ''}`;
    const price = formatMoney(i.unit_amount, this.currency);
    row.description = `${i.quantity} × ${price} · ${charge} · ${i.state}`;
    row.tooltip =
      `Item ${i.subscription_item_number}\nPrice ${i.price_id} (${i.charge_model}), ${price}\n` +
      `${i.start_date} to ${i.end_date ?? 'open'}`;
    return row;
  }

  getChildren(): TreeNode[] {
    return [];
  }

  async asJson(): Promise<{ name: string; value: unknown }> {
    return { name: `items/${this.number}`, value: this.item };
  }
}
