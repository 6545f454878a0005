// The invoice a v1 preview answers with BillingDocs: the charges the order adds (a new subscription's, an added
// plan's), billed in advance period by period from their start through the preview's thru date. No taxes, no
// proration; changes to charges already billed (credits, prorated updates) are not billed locally. The order's
// line items are billed once, on their start.
import { round2 } from '../../wire/money';
import { addDays, addMonths } from '../../schemas/dates';
import type { LineItem, SubscriptionResult } from '../engine/orders';
import type { ItemRec, SubscriptionRec } from '../state/store';
import { numbered, planOf, productOf } from './itemFacts';

/** Through when a preview bills: previewThruType with its date or number of periods. */
export interface Thru {
  type: 'SpecificDate' | 'TermEnd' | 'NumberOfPeriods';
  date?: string;
  periods: number;
}

/** Far more periods than any term holds: a guard against a runaway loop, never reached by a real term. */
const MAX_PERIODS = 1200;
const BILLED = new Set(['create_subscription', 'add_subscription_plan']);

export function previewInvoices(results: SubscriptionResult[], lineItems: LineItem[], thru: Thru) {
  const items = [
    ...results.flatMap(r =>
      r.actions.filter(a => BILLED.has(a.action)).flatMap(a => a.touched.flatMap(it => billed(r.sub, it, thru))),
    ),
    ...lineItems.filter(li => !thru.date || li.start_date <= thru.date).map(lineItemBilled),
  ];
  if (!items.length) return [];
  const total = round2(items.reduce((sum, i) => sum + i.amountWithoutTax, 0));
  const targetDate = thru.date ?? items.map(i => i.serviceStartDate).reduce((a, b) => (a > b ? a : b));
  return [{ amount: total, amountWithoutTax: total, taxAmount: 0, targetDate, invoiceItems: items }];
}

/** The invoice items of one charge: one per billing period (a one-time charge: one). */
function billed(sub: SubscriptionRec, it: ItemRec, thru: Thru) {
  const amount = round2(it.unit_amount * it.quantity);
  const item = (start: string, end: string) => invoiceItem(sub, it, start, end, amount);
  if (it.charge_type === 'one_time')
    return thru.date && it.start_date > thru.date ? [] : [item(it.start_date, it.start_date)];
  const months = it.billing_period === 'year' ? 12 : 1;
  const until = thru.type === 'TermEnd' ? (sub.current_term_end ?? addMonths(it.start_date, months)) : undefined;
  const out = [];
  for (let n = 0, start = it.start_date; n < MAX_PERIODS; n++) {
    if (thru.type === 'NumberOfPeriods' && n >= thru.periods) break;
    if (thru.type === 'SpecificDate' && start > thru.date!) break;
    if (until && start >= until) break;
    if (it.end_date && start >= it.end_date) break;
    const next = addMonths(it.start_date, months * (n + 1));
    const end = it.end_date && it.end_date < next ? it.end_date : next;
    out.push(item(start, addDays(end, -1)));
    start = next;
  }
  return out;
}

function invoiceItem(sub: SubscriptionRec, it: ItemRec, start: string, end: string, amount: number) {
  const plan = planOf(sub, it);
  const product = plan ? productOf(plan.plan_id) : undefined;
  return {
    ...numbered('subscriptionNumber', sub.subscription_number),
    ...numbered('chargeNumber', it.subscription_item_number),
    chargeName: it.name,
    chargeDescription: '',
    ...(product ? { productName: product.name } : {}),
    productRatePlanChargeId: it.price_id,
    processingType: 'Charge',
    serviceStartDate: start,
    serviceEndDate: end < start ? start : end,
    unitPrice: it.unit_amount,
    amountWithoutTax: amount,
    taxAmount: 0,
    additionalInfo: { quantity: it.quantity, ...(it.unit_of_measure ? { unitOfMeasure: it.unit_of_measure } : {}) },
  };
}

function lineItemBilled(li: LineItem) {
  return {
    ...numbered('orderLineItemNumber', li.item_number),
    chargeName: li.name,
    chargeDescription: '',
    processingType: 'Charge',
    serviceStartDate: li.start_date,
    serviceEndDate: li.start_date,
    unitPrice: li.unit_amount,
    amountWithoutTax: li.total,
    taxAmount: 0,
    additionalInfo: { quantity: li.quantity },
  };
}
