// Completion of subscription_number, subscription_plan_id and subscription_item_number from the account the
// payload names (its subscriptions, their plans and items, fetched once in the background): plans of the
// entry's subscription, items of the update's plan. Never waits: "Loading…" until they arrive.
import * as vscode from 'vscode';
import { subscriptionRefAt, type AccountSubscription, type SubscriptionRef } from '../products';
import type { AccountSubscriptions } from '../services/accountSubscriptions';
import { namesCatalog } from './catalogFields';

export class SubscriptionCompletion implements vscode.CompletionItemProvider {
  constructor(private readonly accounts: AccountSubscriptions) {}

  provideCompletionItems(doc: vscode.TextDocument, pos: vscode.Position): vscode.CompletionList | undefined {
    if (!namesCatalog(doc)) return undefined;
    const ref = subscriptionRefAt(doc.getText(), doc.offsetAt(pos));
    if (!ref?.accountNumber) return undefined;
    const range =
      ref.offset === undefined
        ? new vscode.Range(pos, pos)
        : new vscode.Range(doc.positionAt(ref.offset), doc.positionAt(ref.offset + ref.length!));
    const state = this.accounts.peek(ref.accountNumber);
    if (!state.value) {
      const typed = doc.getText(range);
      const label = state.loading
        ? `Loading the subscriptions of ${ref.accountNumber} on ${state.connection.name}…`
        : `No subscriptions of ${ref.accountNumber} on ${state.connection.name}: ${state.error ?? 'not fetched'}`;
      const item = new vscode.CompletionItem(label, vscode.CompletionItemKind.Event);
      item.range = range;
      item.insertText = item.filterText = typed;
      return new vscode.CompletionList([item], true);
    }
    const items = suggestions(ref, state.value).map(([value, description, detail], i) => {
      const item = new vscode.CompletionItem({ label: value, description }, vscode.CompletionItemKind.Reference);
      item.insertText = item.filterText = JSON.stringify(value);
      item.detail = detail;
      item.range = range;
      item.sortText = String(i).padStart(5, '0');
      return item;
    });
    return new vscode.CompletionList(items, false);
  }
}

/** [value, short description, detail] per suggestion. */
function suggestions(ref: SubscriptionRef, subs: AccountSubscription[]): [string, string, string][] {
  const account = ref.accountNumber!;
  if (ref.field === 'subscription_number') {
    return subs.map(s => {
      const plans = s.plans.map(p => p.name ?? p.planId ?? p.id).join(', ');
      const version = s.version !== undefined ? ` · v${s.version}` : '';
      return [s.number, `${s.state ?? ''}${version}${plans ? ` · ${plans}` : ''}`, `Subscription of ${account}`];
    });
  }
  const ofEntry = ref.subscriptionNumber ? subs.filter(s => s.number === ref.subscriptionNumber) : subs;
  const plans = ofEntry.flatMap(s => s.plans.map(p => ({ s, p })));
  if (ref.field === 'subscription_plan_id') {
    return plans.map(({ s, p }) => [
      p.id,
      `${p.name ?? p.planId ?? ''} · ${s.number}`,
      `Plan ${p.planId ?? ''} of ${s.number}`,
    ]);
  }
  const ofPlan = ref.subscriptionPlanId ? plans.filter(x => x.p.id === ref.subscriptionPlanId) : plans;
  return ofPlan.flatMap(({ s, p }) =>
    p.items.map(
      i =>
        [i.number, `${i.name ?? ''}${i.priceId ? ` · ${i.priceId}` : ''}`, `Item of ${p.id} (${s.number})`] as [
          string,
          string,
          string,
        ],
    ),
  );
}
