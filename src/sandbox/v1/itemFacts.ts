// What the v1 answers say of a subscription item that the engine's records hold: its plan and product, its
// figures after the order, and whether the order numbered it (a preview numbers nothing).
import { billedOver, monthly, termMonths } from '../engine/metrics';
import { tcvOver } from '../engine/tcv';
import { add, ZERO, type Exact } from '../money/exact';
import { price } from '../engine/subscriptionBuild';
import { productOf } from '../state/activeCatalog';
import type { ItemRec, PlanRec, SubscriptionRec } from '../state/store';

export const planOf = (sub: SubscriptionRec, it: ItemRec): PlanRec | undefined =>
  sub.plans.find(p => p.id === it.subscription_plan_id);

export { productOf };

/** Monthly recurring revenue of the item as the subscription now stands (0 once removed, canceled or paused). */
export function mrrNow(sub: SubscriptionRec, it: ItemRec): Exact {
  return it.state === 'active' && sub.state === 'active' ? (monthly(price(it)) ?? ZERO) : ZERO;
}

/** What the item bills over the current term as the subscription now stands (0 once removed or canceled). */
export function tcbNow(sub: SubscriptionRec, it: ItemRec): Exact {
  return it.state === 'active' && sub.state !== 'canceled' ? billedOver(price(it), termMonths(sub.initial_term)) : ZERO;
}

/**
 * The item's total contract value as the subscription now stands (0 once removed or canceled): by the vendor's
 * definition (engine/tcv.ts), from its start to its end, apart from what the billing rules bill.
 */
export function tcvNow(sub: SubscriptionRec, it: ItemRec): Exact {
  return it.state === 'active' && sub.state !== 'canceled' ? tcvOver(price(it), it.start_date, it.end_date) : ZERO;
}

/** The exact sum of a figure over items. */
export const total = (items: readonly ItemRec[], figure: (it: ItemRec) => Exact): Exact =>
  items.reduce((sum, it) => add(sum, figure(it)), ZERO);

/** The numbers a created order gave (empty in a preview): present only when there is one. */
export const numbered = <K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> =>
  value ? ({ [key]: value } as Record<K, string>) : {};
