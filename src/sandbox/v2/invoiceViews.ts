// How the billing documents answer in v2: the reference's invoice, credit memo, debit memo and billing document,
// with their items (`expand[]=items` on the reads; always on an account's bill). A bill run's documents are posted
// when issued (a billing document says open), a memo made by a call is a draft unless posted at once, then as
// their actions left them (state/actions.ts); what payments and credit memos applied to an invoice or debit memo
// comes off its balance (and off its items' balances, in order), what a credit memo applied or refunded off its
// own; nothing left once reversed or canceled, past due once its due date has passed.
import { documentBalance, documentStatus, remaining, type DocumentStatus } from '../state/actions';
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';
import { exact, min, sub } from '../money/exact';
import { roundMoney } from '../money/rounding';

const ACTOR = 'sandbox-client';

/** An item's amount as its document shows it: a credit memo shows what it gives back as positive. */
const shown = (d: BillingDocumentRec, i: DocumentItemRec) => (d.type === 'credit_memo' ? -i.amount : i.amount);

const audit = (d: BillingDocumentRec, s: DocumentStatus) => ({
  created_by_id: ACTOR,
  updated_by_id: ACTOR,
  created_time: d.created_time,
  updated_time: s.updated_time,
});

/** Its date: as issued, or as a bill run posted it. */
const dateOf = (d: BillingDocumentRec, s: DocumentStatus) => s.document_date ?? d.document_date;
/** As issued, when the caller knows of no action on it. */
const issued = (d: BillingDocumentRec) => documentStatus(d.created_time, []);

/**
 * What is left to pay of an item: what payments applied to its invoice is taken from its charges in order, the
 * first item's first (exact), so the items' balances add up to the invoice's.
 */
function itemBalance(d: BillingDocumentRec, i: DocumentItemRec, s: DocumentStatus): number {
  const amount = shown(d, i);
  if (!s.paid || amount <= 0) return remaining(s, amount);
  let left = exact(s.paid);
  for (const j of d.items) {
    const charge = exact(Math.max(0, shown(d, j)));
    const share = min(left, charge);
    if (j === i) return roundMoney(sub(exact(remaining(s, amount)), share), d.currency);
    left = sub(left, share);
  }
  return remaining(s, amount);
}

/** The fields invoice, credit memo and billing document items share. */
export function itemFields(d: BillingDocumentRec, i: DocumentItemRec, s: DocumentStatus) {
  const amount = shown(d, i);
  return {
    id: i.id,
    ...audit(d, s),
    amount,
    quantity: i.quantity,
    service_start: i.service_start,
    service_end: i.service_end,
    discount_item: i.discount === true,
    ...(i.subscription_id ? { subscription_id: i.subscription_id, subscription_item_id: i.billed_id } : {}),
    tax_inclusive: false,
    remaining_balance: itemBalance(d, i, s),
    ...(i.unit_of_measure ? { unit_of_measure: i.unit_of_measure } : {}),
    ...(i.unit_amount !== undefined ? { unit_amount: i.unit_amount } : {}),
    name: i.name,
    ...(i.price_id ? { price_id: i.price_id } : {}),
    tax: 0,
    document_item_date: `${i.target_date}T00:00:00Z`,
  };
}

/** What every document answers: who, when, the account, the amounts (no tax, nothing paid). */
function documentFields(d: BillingDocumentRec, s: DocumentStatus) {
  const transitions = {
    ...(s.posted_time ? { posted_time: s.posted_time } : {}),
    ...(s.canceled_time ? { canceled_time: s.canceled_time } : {}),
  };
  return {
    id: d.id,
    ...audit(d, s),
    account_id: d.account_id,
    account_number: d.account_number,
    document_date: dateOf(d, s),
    currency: d.currency,
    total: d.total,
    subtotal: d.total,
    tax: 0,
    balance: documentBalance(s, d.total, d.currency),
    remaining_balance: documentBalance(s, d.total, d.currency),
    state_transitions: transitions,
    ...(s.posted_time ? { posted_by_id: ACTOR } : {}),
    ...(d.reason_code !== undefined ? { reason_code: d.reason_code } : {}),
    ...(d.description !== undefined ? { description: d.description } : {}),
    ...(d.custom_fields ? { custom_fields: d.custom_fields } : {}),
  };
}

/** Paid: nothing to pay (a 0 invoice), or payments paid it all. */
const paidInFull = (d: BillingDocumentRec, s: DocumentStatus) =>
  d.total === 0 || (!!s.paid && documentBalance(s, d.total, d.currency) === 0);

const list = <T>(data: T[]) => ({ next_page: null, data });

export function invoiceView(d: BillingDocumentRec, today: string, items: boolean, s = issued(d)) {
  return {
    ...documentFields(d, s),
    invoice_number: d.number,
    due_date: dateOf(d, s),
    state: s.state,
    paid: paidInFull(d, s),
    past_due: s.state === 'posted' && documentBalance(s, d.total, d.currency) > 0 && dateOf(d, s) < today,
    ...(items ? { items: list(d.items.map(i => invoiceItemView(d, i, s))) } : {}),
  };
}

/** An invoice's item, as the invoice and GET /v2/invoice_items show it. */
export const invoiceItemView = (d: BillingDocumentRec, i: DocumentItemRec, s = issued(d)) => ({
  ...itemFields(d, i, s),
  invoice_id: d.id,
});

/** What a credit memo's answer adds from the store: refunded, and what it stands applied to (memoViews.ts). */
export interface CreditFacts {
  amount_refunded: number;
  applied_to: { billing_document_id: string; billing_document_type: 'invoice' | 'debit_memo'; amount: number }[];
}

export function creditMemoView(d: BillingDocumentRec, _today: string, items: boolean, s = issued(d), c?: CreditFacts) {
  const invoice = d.reverses ?? d.invoice_id;
  return {
    ...documentFields(d, s),
    credit_memo_number: d.number,
    ...(invoice ? { invoice_id: invoice } : {}),
    state: s.state,
    ...(c ?? {}),
    ...(items ? { items: list(d.items.map(i => ({ ...itemFields(d, i, s), credit_memo_id: d.id }))) } : {}),
  };
}

/** A debit memo: owed like an invoice (payments and credit memos applied come off its balance). */
export function debitMemoView(d: BillingDocumentRec, today: string, items: boolean, s = issued(d)) {
  const balance = documentBalance(s, d.total, d.currency);
  const due = d.due_date ?? dateOf(d, s);
  return {
    ...documentFields(d, s),
    debit_memo_number: d.number,
    ...(d.invoice_id ? { invoice_id: d.invoice_id } : {}),
    due_date: due,
    state: s.state,
    amount_paid: s.paid ?? 0,
    paid: paidInFull(d, s),
    past_due: s.state === 'posted' && balance > 0 && due < today,
    ...(items ? { items: list(d.items.map(i => billingDocumentItemView(d, i, s))) } : {}),
  };
}

/** A billing document's item, as the document and GET /v2/billing_document_items show it. */
export const billingDocumentItemView = (d: BillingDocumentRec, i: DocumentItemRec, s = issued(d)) => ({
  ...itemFields(d, i, s),
  subtotal: shown(d, i),
  billing_document_id: d.id,
  type: d.type,
  ...(i.product_name ? { product_name: i.product_name } : {}),
});

/** Either kind, as GET /v2/billing_documents lists them (a canceled one is not listed: its state has no name). */
export function billingDocumentView(d: BillingDocumentRec, today: string, items: boolean, s = issued(d)) {
  const { currency: _c, ...fields } = documentFields(d, s); // the reference's billing document has no currency
  return {
    ...fields,
    billing_document_number: d.number,
    type: d.type,
    ...(d.reverses || d.invoice_id ? { invoice_id: d.reverses ?? d.invoice_id } : {}),
    ...(d.type !== 'credit_memo' ? { due_date: d.due_date ?? dateOf(d, s) } : {}),
    state: s.state === 'draft' ? 'draft' : 'open',
    paid: paidInFull(d, s),
    past_due:
      d.type !== 'credit_memo' &&
      s.state === 'posted' &&
      documentBalance(s, d.total, d.currency) > 0 &&
      dateOf(d, s) < today,
    ...(items ? { items: list(d.items.map(i => billingDocumentItemView(d, i, s))) } : {}),
  };
}
