import type * as vscode from 'vscode';
import type { Subscription } from '../../client';
import { PlanNode } from './planNode';
import { treeItem, type OrderAncestor, type TreeNode } from './treeNode';

const STATE_ICONS: Record<string, string> = { active: 'sync', paused: 'debug-pause' };

export class SubscriptionNode implements TreeNode {
  readonly kind = 'subscription';
  constructor(
    readonly id: string,
    readonly parent: OrderAncestor,
    readonly sub: Subscription,
  ) {}

  get number(): string {
    return this.sub.subscription_number;
  }

  getTreeItem(): vscode.TreeItem {
    const s = this.sub;
    const item = treeItem(this, s.subscription_number, STATE_ICONS[s.state] ?? 'circle-slash');
    item.description = `${s.state} · v${s.version} · ${term(s.initial_term)}`;
    const termDates = `Term ${s.current_term.start_date} to ${s.current_term.end_date ?? 'evergreen'}`;
    item.tooltip = `Subscription ${s.subscription_number}, version ${s.version}\nState ${s.state}\n${termDates}`;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.sub.actions.flatMap(a =>
      a.subscription_plans.data.map(p => new PlanNode(`${this.id}:action:${a.sequence}:plan:${p.id}`, this, p)),
    );
  }

  async asJson(): Promise<{ name: string; value: unknown }> {
    return { name: `subscriptions/${this.number}-v${this.sub.version}`, value: this.sub };
  }
}

function term(t: { type: string; interval?: string; interval_count?: number }): string {
  return t.type === 'termed' ? `${t.interval_count} ${t.interval}(s)` : 'evergreen';
}
