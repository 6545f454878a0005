// The v2 preview's billing documents (`metrics: ["billing_documents"]`): the reference's orderPreviewResponse
// lists them once for the order (its subscriptions carry only their actions), each a
// subscriptionPreviewBillingDocumentsResponse with its items. Through: `term_end: true`, else `end_date`, else
// `number_of_periods`, else the end of the current term.
import type { PreviewRequestBody } from '../../schemas';
import type { OrderOutcome } from '../engine/orderTypes';
import { badRequest } from '../http/errors';
import type { BillingDocument, BillingItem, Through } from '../billing';
import { orderBillingDocuments } from '../engine/orderBilling';
import type { BilledRef } from '../engine/billedBefore';

type Body = Pick<PreviewRequestBody, 'metrics' | 'number_of_periods' | 'term_end' | 'end_date'>;

/** The preview's answer: as the engine made it, with the billing documents when `metrics` asks for them. */
export function previewView(outcome: OrderOutcome, body: Body) {
  const { subscriptions, line_items } = outcome.preview;
  if (!body.metrics?.includes('billing_documents')) return outcome.preview;
  const [through, parameter] = throughOf(body);
  let documents: BillingDocument<BilledRef>[];
  try {
    documents = orderBillingDocuments(outcome, through);
  } catch (e) {
    if (e instanceof RangeError) throw badRequest('invalid_parameter', parameter, e.message);
    throw e;
  }
  return { subscriptions, billing_documents: documents.map(documentView), line_items };
}

function throughOf(body: Body): [Through, string] {
  if (body.term_end === true) return [{ termEnd: true }, 'term_end'];
  if (body.end_date !== undefined) return [{ endDate: body.end_date }, 'end_date'];
  if (body.number_of_periods !== undefined) return [{ periods: body.number_of_periods }, 'number_of_periods'];
  return [{ termEnd: true }, 'metrics'];
}

const documentView = (d: BillingDocument<BilledRef>) => ({
  type: d.type,
  target_date: d.targetDate,
  subtotal: d.subtotal,
  tax: d.tax,
  total: d.total,
  billing_document_items: d.items.map(itemView),
});

function itemView(i: BillingItem<BilledRef>) {
  const amounts = { tax: i.tax, subtotal: i.amount, total: i.amount };
  const period = { service_start_date: i.serviceStart, service_end_date: i.serviceEnd };
  if (i.ref.kind === 'line_item') {
    // An order line item has no subscription item or price: its name, quantity and amounts.
    return { subscription_item_name: i.ref.lineItem.name, ...period, quantity: i.quantity, ...amounts };
  }
  const { item, productName } = i.ref;
  return {
    subscription_item_name: item.name,
    ...(item.subscription_item_number ? { subscription_item_number: item.subscription_item_number } : {}),
    processing_type: 'subscription_item',
    ...(productName ? { product_name: productName } : {}),
    price_id: item.price_id,
    ...period,
    quantity: i.quantity,
    ...(item.unit_of_measure ? { unit_of_measure: item.unit_of_measure } : {}),
    ...amounts,
  };
}
