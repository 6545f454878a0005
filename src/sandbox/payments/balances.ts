// What payments did to the billing documents, read from the store's records (no HTTP, no clock): what each invoice
// was paid (its applications less its unapplications), what is left of it and of a payment, the account's
// balance (the sum of its posted invoices' balances) and its open invoices, oldest first. Sums are exact
// (money/exact), each answer rounded once to the currency.
import { add, exact, sub, ZERO, type Exact } from '../money/exact';
import { roundMoney } from '../money/rounding';
import { documentBalance, documentStatus, type DocumentStatus } from '../state/actions';
import type { BillingDocumentRec } from '../state/documents';
import type { PaymentBook, PaymentEntryRec, PaymentRec } from '../state/payments';
import type { Store } from '../state/store';
import { ofAccount } from './accountIndex';

/** An account's billing documents, in the order they were issued. */
export const documentsOf = (store: Store, accountNumber: string) =>
  ofAccount(store.documentList, d => d.account_number, accountNumber);

const net = (entries: readonly PaymentEntryRec[]): Exact =>
  entries.reduce(
    (s, e) =>
      e.kind === 'apply' ? add(s, exact(e.amount ?? 0)) : e.kind === 'unapply' ? sub(s, exact(e.amount ?? 0)) : s,
    ZERO,
  );

/** What payments applied to a document, net of unapplications. */
export const paidTo = (book: PaymentBook, documentId: string, currency: string): number =>
  roundMoney(net(book.entriesFor(documentId)), currency);

/** A document's state from its actions, with what payments applied to it. */
export function statusWithPayments(store: Store, d: BillingDocumentRec): DocumentStatus {
  const s = documentStatus(d.created_time, store.actions.of(d.id));
  const paid = d.type === 'invoice' ? paidTo(store.payments, d.id, d.currency) : 0;
  return paid ? { ...s, paid } : s;
}

/** What is left to pay of a document. */
export const balanceOf = (store: Store, d: BillingDocumentRec): number =>
  documentBalance(statusWithPayments(store, d), d.total, d.currency);

export interface PaymentStatus {
  state: 'processed' | 'error' | 'canceled';
  applied: number;
  refunded: number;
  /** What is left to apply (or refund). */
  unapplied: number;
  updated_time: string;
  canceled_time?: string;
}

/** A payment as its entries left it: applied, unapplied, canceled. */
export function paymentStatus(book: PaymentBook, p: PaymentRec): PaymentStatus {
  const entries = book.entriesOf(p.id);
  const applied = net(entries);
  const canceled = entries.find(e => e.kind === 'cancel');
  const refunded = book.refundsOf(p.id).reduce((s, r) => add(s, exact(r.amount)), ZERO);
  const left = sub(sub(exact(p.amount), applied), refunded);
  return {
    state: canceled ? 'canceled' : p.state,
    applied: roundMoney(applied, p.currency),
    refunded: roundMoney(refunded, p.currency),
    unapplied: p.state === 'processed' && !canceled ? roundMoney(left, p.currency) : 0,
    updated_time: entries.length ? entries[entries.length - 1].at : p.created_time,
    ...(canceled ? { canceled_time: canceled.at } : {}),
  };
}

/** The account's invoices with something left to pay, oldest first (by date, then number): what a payment pays. */
export const openInvoices = (store: Store, accountNumber: string): BillingDocumentRec[] =>
  documentsOf(store, accountNumber)
    .filter(d => d.type === 'invoice' && isOpen(store, d))
    .sort((a, b) =>
      a.document_date === b.document_date ? (a.number < b.number ? -1 : 1) : a.document_date < b.document_date ? -1 : 1,
    );

const isOpen = (store: Store, d: BillingDocumentRec) => {
  const s = statusWithPayments(store, d);
  return s.state === 'posted' && documentBalance(s, d.total, d.currency) > 0;
};

/** The account's balance: the sum of its posted invoices' balances (a draft or canceled one owes nothing yet). */
export function accountBalance(store: Store, accountNumber: string, currency: string): number {
  let sum = ZERO;
  for (const d of documentsOf(store, accountNumber)) {
    if (d.type !== 'invoice') continue;
    const s = statusWithPayments(store, d);
    if (s.state === 'posted') sum = add(sum, exact(documentBalance(s, d.total, d.currency)));
  }
  return roundMoney(sum, currency);
}
