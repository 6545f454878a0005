// Discount items are priced when their plan is: each takes off, every billing period, its share of what it applies
// to (the recurring items of its own plan, or of the whole subscription for a subscription-level discount), and
// that negative amount is its unit amount, so the metrics (and a bill run) treat it like any other item.
// It is fixed then: a later quantity change of a discounted item does not move it (the README says so).
import { findCharge } from '../state/activeCatalog';
import { MONTHS_IN, type Discount } from '../state/catalog';
import { refused } from './refused';
import { discountPerPeriod, monthly, price } from './metrics';
import { add, ZERO } from '../money/exact';
import type { ItemRec, PlanRec } from '../state/store';

interface DiscountItem {
  item: ItemRec;
  discount: Discount;
  plan: PlanRec;
}

const discountOf = (it: ItemRec): Discount | undefined => findCharge(it.price_id)?.charge.discount;

function discountItems(plans: PlanRec[]): DiscountItem[] {
  return plans.flatMap(plan =>
    plan.items.flatMap(item => {
      const discount = discountOf(item);
      return discount ? [{ item, discount, plan }] : [];
    }),
  );
}

/**
 * Prices the discounts of `level` among `plans`: a plan-level one against its own plan, a subscription-level one
 * against every plan given (the new subscription's). `at` names the plans in an error.
 */
export function priceDiscounts(plans: PlanRec[], level: 'plan' | 'subscription', at: string, currency?: string): void {
  for (const d of discountItems(plans)) {
    if (d.discount.level === 'account') {
      const message =
        `${d.item.price_id} is an account-level discount: it applies across the account's subscriptions, ` +
        'which the Local sandbox does not price. Preview it on the connection its catalog was copied from.';
      throw refused('invalid_parameter', at, message);
    }
    if (d.discount.level !== level) continue;
    const scope = level === 'plan' ? d.plan.items : plans.flatMap(p => p.items);
    const applied = scope.filter(x => !discountOf(x) && d.discount.appliesTo.includes(x.charge_type));
    const oneTime = applied.find(x => x.charge_type === 'one_time');
    if (oneTime) {
      const message =
        `${d.item.price_id} discounts one-time charges too (${oneTime.price_id}); the Local sandbox discounts ` +
        'recurring charges only. Order the one-time charge in another subscription, or preview on the real service.';
      throw refused('invalid_parameter', at, message);
    }
    // Usage adds nothing: what it bills is not known until it is used.
    const appliedMonthly = applied.reduce((sum, x) => add(sum, monthly(price(x)) ?? ZERO), ZERO);
    const terms = { percent: d.item.discount_percent, amount: d.item.discount_amount };
    const months = MONTHS_IN[d.item.billing_period ?? 'month'];
    d.item.unit_amount = -discountPerPeriod(terms, appliedMonthly, months, currency) || 0; // never -0
  }
}

/** A subscription-level discount added to an existing subscription: refused, as its figures would be wrong. */
export function refuseSubscriptionDiscounts(plan: PlanRec, at: string): void {
  const d = discountItems([plan]).find(x => x.discount.level === 'subscription');
  if (!d) return;
  const message =
    `${d.item.price_id} is a subscription-level discount: the Local sandbox prices it only in the order that ` +
    'creates the subscription, with the plans it discounts. Add it there, or preview on the real service.';
  throw refused('invalid_parameter', at, message);
}
