// Credit and debit memos made by a call, as rules over the store's records: from an invoice (some of its items, or
// all of them) or from charges (ad hoc lines); a draft until posted (or posted at once when asked), posted,
// unposted while nothing is applied to it, paid or refunded, canceled while a draft. They are billing documents
// (state/documents.ts, origin set: the ledger leaves them out) and what was done to them is actions, as for
// invoices. Amounts exact (money/exact), each line rounded once as given, the total once.
import { add, exact, mul, ZERO } from '../money/exact';
import { roundMoney } from '../money/rounding';
import { currencyDecimals } from '../../wire/money';
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';
import { newId } from '../state/ids';
import type { AccountRec, Store } from '../state/store';
import { creditStatus, statusWithPayments } from './balances';
import { PaymentRefused } from './methods';

export type MemoType = 'credit_memo' | 'debit_memo';

/** One line of a memo, as a create body names it: an invoice's item (from an invoice), or a charge. */
export interface MemoItemInput {
  invoice_item_id?: string;
  amount?: number;
  unit_amount?: number;
  quantity?: number;
  name?: string;
  price_id?: string;
  service_start?: string;
  service_end?: string;
  unit_of_measure?: string;
}

export interface MemoInput {
  type: MemoType;
  account: AccountRec;
  /** From an invoice: its items (all, unless `items` names some). */
  invoice?: BillingDocumentRec;
  items?: MemoItemInput[];
  currency?: string;
  document_date: string;
  due_date?: string;
  reason_code?: string;
  description?: string;
  custom_fields?: Record<string, unknown>;
  /** Posted at once; else a draft, as the service makes it. */
  post?: boolean;
}

const NAME = { credit_memo: 'Credit memo', debit_memo: 'Debit memo', invoice: 'Invoice' } as const;
export const nameOf = (d: BillingDocumentRec) => `${NAME[d.type]} ${d.number}`;

/** Makes a memo (a draft unless `post`): its lines from the invoice's items named, or from the charges given. */
export function createMemo(store: Store, input: MemoInput, at: string): BillingDocumentRec {
  const { account, invoice, type } = input;
  const currency = invoice?.currency ?? input.currency ?? account.currency;
  if (currency !== account.currency) {
    throw new PaymentRefused(
      'currency',
      `Account ${account.account_number} is billed in ${account.currency}, not ${currency}.`,
    );
  }
  if (invoice && invoice.account_number !== account.account_number) {
    throw new PaymentRefused('invoice_id', `Invoice ${invoice.number} is account ${invoice.account_number}'s.`);
  }
  if (invoice && statusWithPayments(store, invoice).state !== 'posted') {
    const { state } = statusWithPayments(store, invoice);
    throw new PaymentRefused('invoice_id', `Invoice ${invoice.number} is ${state}: memos are made from posted ones.`);
  }
  const sign = type === 'credit_memo' ? -1 : 1; // as the documents keep it: a credit is negative
  const lines = invoice
    ? fromInvoice(invoice, input.items)
    : fromCharges(store, input.items, input.document_date, currency);
  const total = roundMoney(
    lines.reduce((s, l) => add(s, exact(l.amount)), ZERO),
    currency,
  );
  if (!(total > 0)) throw new PaymentRefused('items', 'A memo credits or charges more than 0: give its items amounts.');
  const d: BillingDocumentRec = {
    id: newId(),
    number: store.numbers.next(type === 'credit_memo' ? 'CM' : 'DM'),
    type,
    origin: invoice ? 'invoice' : 'charge',
    ...(invoice ? { invoice_id: invoice.id } : {}),
    account_number: account.account_number,
    account_id: account.id,
    currency,
    document_date: input.document_date,
    target_date: input.document_date,
    ...(input.due_date ? { due_date: input.due_date } : {}),
    ...(input.reason_code !== undefined ? { reason_code: input.reason_code } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.custom_fields ? { custom_fields: input.custom_fields } : {}),
    items: lines.map(l => ({ ...l, amount: sign * l.amount })),
    total,
    created_time: at,
  };
  store.addDocument(d);
  if (!input.post) store.actions.add({ id: d.id, action: 'unpost', at }); // made a draft
  return d;
}

/** The invoice's items named (each at most its amount), or all its charges in full. */
function fromInvoice(invoice: BillingDocumentRec, given: MemoItemInput[] | undefined): DocumentItemRec[] {
  if (!given?.length) return invoice.items.filter(i => i.amount > 0).map(i => ({ ...i, id: newId() }));
  return given.map((g, n) => {
    const at = `items[${n}]`;
    const item = invoice.items.find(i => i.id === g.invoice_item_id);
    if (!item) {
      throw new PaymentRefused(
        `${at}.invoice_item_id`,
        `Invoice ${invoice.number} has no item ${String(g.invoice_item_id)}: name one of its items (GET /v2/invoice_items).`,
      );
    }
    const amount = g.amount ?? item.amount;
    if (!(amount > 0) || amount > Math.abs(item.amount)) {
      throw new PaymentRefused(`${at}.amount`, `Give an amount more than 0, at most the item's ${item.amount}.`);
    }
    return { ...item, id: newId(), amount: money(amount, invoice.currency, `${at}.amount`) };
  });
}

/**
 * Ad hoc lines: each its amount, or its unit amount (else its catalog price's, in the currency) times its quantity,
 * rounded once.
 */
function fromCharges(
  store: Store,
  given: MemoItemInput[] | undefined,
  date: string,
  currency: string,
): DocumentItemRec[] {
  if (!given?.length) throw new PaymentRefused('items', 'Give the memo its items (or make it from an invoice).');
  return given.map((g, n) => {
    const quantity = g.quantity ?? 1;
    const charge = g.price_id ? store.catalog.findCharge(g.price_id)?.charge : undefined;
    const unit = g.unit_amount ?? charge?.prices[currency];
    const at = `items[${n}].amount`;
    const amount =
      g.amount !== undefined
        ? money(g.amount, currency, at)
        : unit !== undefined
          ? roundMoney(mul(exact(unit), exact(quantity)), currency) // a price times a quantity: rounded once
          : undefined;
    if (amount === undefined || !(amount > 0)) {
      throw new PaymentRefused(at, 'Give each item an amount (or a unit_amount, or a price_id) more than 0.');
    }
    const start = g.service_start ?? date;
    return {
      id: newId(),
      billed_id: '',
      ...(g.price_id ? { price_id: g.price_id } : {}),
      name: g.name ?? charge?.name ?? 'Charge',
      charge_type: 'one_time' as const,
      kind: 'charge' as const,
      target_date: start,
      service_start: start,
      service_end: g.service_end ?? start,
      quantity,
      ...(unit !== undefined ? { unit_amount: unit } : {}),
      ...(g.unit_of_measure ? { unit_of_measure: g.unit_of_measure } : {}),
      amount,
    };
  });
}

/** An amount as given, refused when it has more decimals than the currency takes (the vendor validates them). */
function money(amount: number, currency: string, at: string): number {
  if (roundMoney(exact(amount), currency) !== amount) {
    const places = currencyDecimals(currency);
    throw new PaymentRefused(
      at,
      `${amount} has more decimals than ${currency} takes (${places}): give it in ${currency}'s.`,
    );
  }
  return amount;
}

const stateOf = (store: Store, d: BillingDocumentRec) => statusWithPayments(store, d).state;

/** What is applied to (or from) a memo: payments and credit memos to a debit memo; a credit memo's own. */
function used(store: Store, d: BillingDocumentRec): number {
  if (d.type === 'credit_memo') {
    const s = creditStatus(store, d);
    return roundMoney(add(exact(s.applied), exact(s.refunded)), d.currency);
  }
  return statusWithPayments(store, d).paid ?? 0;
}

export function postMemo(store: Store, d: BillingDocumentRec, at: string): void {
  const state = stateOf(store, d);
  if (state !== 'draft')
    throw new PaymentRefused(undefined, `${nameOf(d)} is ${state}: only a draft is posted.`, 'invalid_state');
  store.actions.add({ id: d.id, action: 'post', at });
}

export function unpostMemo(store: Store, d: BillingDocumentRec, at: string): void {
  const state = stateOf(store, d);
  if (state !== 'posted' || d.reverses || d.origin === 'write_off') {
    const why = state !== 'posted' ? state : "an invoice's reversal or write-off";
    throw new PaymentRefused(
      undefined,
      `${nameOf(d)} is ${why}: only a posted memo made by a call is unposted.`,
      'invalid_state',
    );
  }
  const amount = used(store, d);
  if (amount > 0) {
    const what = d.type === 'credit_memo' ? 'applied or refunded' : 'paid or credited';
    throw new PaymentRefused(
      undefined,
      `${nameOf(d)} is ${what} (${amount}): unapply that first, then unpost it.`,
      'invalid_state',
    );
  }
  store.actions.add({ id: d.id, action: 'unpost', at });
}

export function cancelMemo(store: Store, d: BillingDocumentRec, at: string): void {
  const state = stateOf(store, d);
  if (state === 'posted')
    throw new PaymentRefused(undefined, `${nameOf(d)} is posted: unpost it first, then cancel it.`, 'invalid_state');
  if (state !== 'draft') throw new PaymentRefused(undefined, `${nameOf(d)} is ${state} already.`, 'invalid_state');
  store.actions.add({ id: d.id, action: 'cancel', at });
}
