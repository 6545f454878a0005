// The billing documents a v1 preview answers with BillingDocs: the billing engine's documents for the order
// (src/sandbox/billing), one per billing date: `invoices`, and `creditMemos` when a date credits more than it
// bills (a removal, cancellation or fewer units mid-period). No taxes. The order's line items bill once, on their
// start.
import type { OrderOutcome } from '../engine/orderTypes';
import type { BillingDocument, BillingItem, Through } from '../billing';
import { orderBillingDocuments } from '../engine/orderBilling';
import type { BilledRef } from '../engine/billedBefore';
import { badRequest } from '../http/errors';
import { numbered } from './itemFacts';

/** Through when a preview bills: previewThruType with its date or number of periods. */
export interface Thru {
  type: 'SpecificDate' | 'TermEnd' | 'NumberOfPeriods';
  date?: string;
  periods: number;
}

const throughOf = (thru: Thru): Through =>
  thru.type === 'NumberOfPeriods'
    ? { periods: thru.periods }
    : thru.type === 'SpecificDate' && thru.date
      ? { endDate: thru.date }
      : { termEnd: true };

/** `invoices` and, when there are any, `creditMemos`, each by billing date. */
export function previewDocuments(outcome: OrderOutcome, thru: Thru) {
  let documents: BillingDocument<BilledRef>[];
  try {
    documents = orderBillingDocuments(outcome, throughOf(thru));
  } catch (e) {
    if (e instanceof RangeError) throw badRequest('invalid_parameter', 'previewOptions', e.message);
    throw e;
  }
  const invoices = documents.filter(d => d.type === 'invoice');
  const credits = documents.filter(d => d.type === 'credit_memo');
  return {
    invoices: invoices.map(d => ({ ...amounts(d), invoiceItems: d.items.map(itemView) })),
    ...(credits.length
      ? { creditMemos: credits.map(d => ({ ...amounts(d), creditMemoItems: d.items.map(itemView) })) }
      : {}),
  };
}

const amounts = (d: BillingDocument<BilledRef>) => ({
  amount: d.total,
  amountWithoutTax: d.subtotal,
  taxAmount: d.tax,
  targetDate: d.targetDate,
});

function itemView(i: BillingItem<BilledRef>) {
  const period = { serviceStartDate: i.serviceStart, serviceEndDate: i.serviceEnd };
  const amount = { amountWithoutTax: i.amount, taxAmount: i.tax };
  if (i.ref.kind === 'line_item') {
    const li = i.ref.lineItem;
    return {
      ...numbered('orderLineItemNumber', li.item_number),
      chargeName: li.name,
      chargeDescription: '',
      processingType: 'Charge',
      ...period,
      unitPrice: li.unit_amount,
      ...amount,
      additionalInfo: { quantity: i.quantity },
    };
  }
  const { sub, item, productName } = i.ref;
  return {
    ...numbered('subscriptionNumber', sub.subscription_number),
    ...numbered('chargeNumber', item.subscription_item_number),
    chargeName: item.name,
    chargeDescription: '',
    ...(productName ? { productName } : {}),
    productRatePlanChargeId: item.price_id,
    processingType: 'Charge',
    ...period,
    ...(i.unitAmount !== undefined ? { unitPrice: i.unitAmount } : {}),
    ...amount,
    additionalInfo: { quantity: i.quantity, ...(item.unit_of_measure ? { unitOfMeasure: item.unit_of_measure } : {}) },
  };
}
