// How the billing documents bill runs issued answer in v2: the reference's invoice, credit memo and billing
// document, with their items (`expand[]=items` on the reads; always on an account's bill). Invoices and credit
// memos are posted when issued (a billing document says open); nothing is paid in the sandbox: the whole total is
// the remaining balance, past due once its due date (the document date) has passed.
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';

const ACTOR = 'sandbox-client';

/** An item's amount as its document shows it: a credit memo shows what it gives back as positive. */
const shown = (d: BillingDocumentRec, i: DocumentItemRec) => (d.type === 'invoice' ? i.amount : -i.amount);

const audit = (d: BillingDocumentRec) => ({
  created_by_id: ACTOR,
  updated_by_id: ACTOR,
  created_time: d.created_time,
  updated_time: d.created_time,
});

/** The fields invoice, credit memo and billing document items share. */
function itemFields(d: BillingDocumentRec, i: DocumentItemRec) {
  const amount = shown(d, i);
  return {
    id: i.id,
    ...audit(d),
    amount,
    quantity: i.quantity,
    service_start: i.service_start,
    service_end: i.service_end,
    discount_item: i.discount === true,
    ...(i.subscription_id ? { subscription_id: i.subscription_id, subscription_item_id: i.billed_id } : {}),
    tax_inclusive: false,
    remaining_balance: amount,
    ...(i.unit_of_measure ? { unit_of_measure: i.unit_of_measure } : {}),
    ...(i.unit_amount !== undefined ? { unit_amount: i.unit_amount } : {}),
    name: i.name,
    ...(i.price_id ? { price_id: i.price_id } : {}),
    tax: 0,
    document_item_date: `${i.target_date}T00:00:00Z`,
  };
}

/** What every document answers: who, when, the account, the amounts (no tax, nothing paid). */
function documentFields(d: BillingDocumentRec) {
  return {
    id: d.id,
    ...audit(d),
    account_id: d.account_id,
    account_number: d.account_number,
    document_date: d.document_date,
    currency: d.currency,
    total: d.total,
    subtotal: d.total,
    tax: 0,
    balance: d.total,
    remaining_balance: d.total,
    state_transitions: { posted_time: d.created_time },
    posted_by_id: ACTOR,
  };
}

const list = <T>(data: T[]) => ({ next_page: null, data });

export function invoiceView(d: BillingDocumentRec, today: string, items: boolean) {
  return {
    ...documentFields(d),
    invoice_number: d.number,
    due_date: d.document_date,
    state: 'posted',
    paid: d.total === 0,
    past_due: d.total > 0 && d.document_date < today,
    ...(items ? { items: list(d.items.map(i => ({ ...itemFields(d, i), invoice_id: d.id }))) } : {}),
  };
}

export function creditMemoView(d: BillingDocumentRec, _today: string, items: boolean) {
  return {
    ...documentFields(d),
    credit_memo_number: d.number,
    state: 'posted',
    ...(items ? { items: list(d.items.map(i => ({ ...itemFields(d, i), credit_memo_id: d.id }))) } : {}),
  };
}

/** Either kind, as GET /v2/billing_documents lists them. */
export function billingDocumentView(d: BillingDocumentRec, today: string, items: boolean) {
  const data = d.items.map(i => ({
    ...itemFields(d, i),
    subtotal: shown(d, i),
    billing_document_id: d.id,
    type: d.type,
    ...(i.product_name ? { product_name: i.product_name } : {}),
  }));
  const { currency: _c, ...fields } = documentFields(d); // the reference's billing document has no currency
  return {
    ...fields,
    billing_document_number: d.number,
    type: d.type,
    ...(d.type === 'invoice' ? { due_date: d.document_date } : {}),
    state: 'open',
    paid: d.total === 0,
    past_due: d.type === 'invoice' && d.total > 0 && d.document_date < today,
    ...(items ? { items: list(data) } : {}),
  };
}
