// What payments and credit memos did to the billing documents, read from the store's records (no HTTP, no clock):
// what each invoice or debit memo was paid or credited (applications less unapplications, both kept as entries),
// what is left of it, of a payment and of a credit memo, the account's balance (its posted invoices' and debit
// memos' balances) and its open invoices, oldest first. As the vendor describes it ("Application of credit memos to
// invoices and debit memos", docs.zuora.com/en/zuora-billing/bill-your-customer/invoice-settlement/
// credit-memos-and-debit-memos/application-of-credit-memos-to-invoices-and-debit-memos): invoice balance = total -
// payments applied - credit memos applied; a credit memo's balance is its unapplied amount (less what was refunded).
// Sums are exact (money/exact), each answer rounded once to the currency.
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

const net = (entries: readonly PaymentEntryRec[], from: Exact = ZERO): Exact =>
  entries.reduce(
    (s, e) =>
      e.kind === 'apply' ? add(s, exact(e.amount ?? 0)) : e.kind === 'unapply' ? sub(s, exact(e.amount ?? 0)) : s,
    from,
  );

/** What payments and credit memos applied to a document, net of unapplications. */
export const paidTo = (book: PaymentBook, documentId: string, currency: string): number =>
  roundMoney(net(book.entriesFor(documentId)), currency);

/**
 * A document's state from its actions, with what payments and credit memos applied to it (`paid`, of which
 * `credited` by credit memos); a credit memo's `paid` is what of it was applied or refunded.
 */
export function statusWithPayments(store: Store, d: BillingDocumentRec): DocumentStatus {
  const s = documentStatus(d.created_time, store.actions.of(d.id));
  if (d.type === 'credit_memo') {
    const c = creditStatus(store, d);
    const used = roundMoney(add(exact(c.applied), exact(c.refunded)), d.currency);
    return used ? { ...s, paid: used } : s;
  }
  const entries = store.payments.entriesFor(d.id);
  const paid = roundMoney(net(entries), d.currency);
  const credited = roundMoney(net(entries.filter(e => !store.payments.payment(e.id))), d.currency);
  return paid ? { ...s, paid, ...(credited ? { credited } : {}) } : s;
}

/** What is left to pay of a document (of a credit memo: what is left to apply or refund). */
export const balanceOf = (store: Store, d: BillingDocumentRec): number =>
  d.type === 'credit_memo'
    ? creditStatus(store, d).unapplied
    : documentBalance(statusWithPayments(store, d), d.total, d.currency);

export interface CreditStatus {
  applied: number;
  refunded: number;
  /** What is left to apply or refund: 0 unless posted. */
  unapplied: number;
}

/**
 * A credit memo's amounts: applied (net of unapplied; a reversal's memo stands applied to its invoice in full),
 * refunded, and what is left.
 */
export function creditStatus(store: Store, d: BillingDocumentRec): CreditStatus {
  const applied = d.reverses ? exact(d.total) : net(store.payments.entriesOf(d.id));
  const refunded = store.payments.refundsOf(d.id).reduce((s, r) => add(s, exact(r.amount)), ZERO);
  const { state } = documentStatus(d.created_time, store.actions.of(d.id));
  const left = sub(sub(exact(d.total), applied), refunded);
  return {
    applied: roundMoney(applied, d.currency),
    refunded: roundMoney(refunded, d.currency),
    unapplied: state === 'posted' ? roundMoney(left, d.currency) : 0,
  };
}

/** What a credit memo stands applied to, net per document, in the order first applied (none left: not listed). */
export function creditAppliedTo(store: Store, d: BillingDocumentRec): { id: string; amount: number }[] {
  if (d.reverses) return [{ id: d.reverses, amount: d.total }];
  const byDoc = new Map<string, Exact>();
  for (const e of store.payments.entriesOf(d.id)) {
    if (e.document_id) byDoc.set(e.document_id, net([e], byDoc.get(e.document_id)));
  }
  return [...byDoc].map(([id, amount]) => ({ id, amount: roundMoney(amount, d.currency) })).filter(a => a.amount > 0);
}

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

/** What an account owes and holds, as both families' account answers name it (each rounded once). */
export interface AccountFigures {
  /** Its posted invoices' balances. */
  invoiceBalance: number;
  /** Its posted debit memos' balances. */
  debitMemoBalance: number;
  /** What it owes: both of the above (invoice settlement keeps no separate credit balance: it stays 0). */
  balance: number;
  /** What its posted credit memos have left to apply or refund. */
  unappliedCredit: number;
  /** What its processed payments have left to apply or refund. */
  unappliedPayments: number;
  creditBalance: number;
}

export function accountFigures(store: Store, accountNumber: string, currency: string): AccountFigures {
  let invoices = ZERO;
  let debits = ZERO;
  let credit = ZERO;
  for (const d of documentsOf(store, accountNumber)) {
    if (d.type === 'credit_memo') {
      credit = add(credit, exact(creditStatus(store, d).unapplied));
      continue;
    }
    const s = statusWithPayments(store, d);
    if (s.state !== 'posted') continue;
    const left = exact(documentBalance(s, d.total, d.currency));
    if (d.type === 'invoice') invoices = add(invoices, left);
    else debits = add(debits, left);
  }
  let unapplied = ZERO;
  const accountId = store.accounts.get(accountNumber)?.id;
  for (const p of accountId ? ofAccount(store.payments.paymentList, x => x.account_id, accountId) : []) {
    unapplied = add(unapplied, exact(paymentStatus(store.payments, p).unapplied));
  }
  return {
    invoiceBalance: roundMoney(invoices, currency),
    debitMemoBalance: roundMoney(debits, currency),
    balance: roundMoney(add(invoices, debits), currency),
    unappliedCredit: roundMoney(credit, currency),
    unappliedPayments: roundMoney(unapplied, currency),
    creditBalance: 0,
  };
}

/** The account's balance: its posted invoices' and debit memos' balances (a draft or canceled one owes nothing). */
export const accountBalance = (store: Store, accountNumber: string, currency: string): number =>
  accountFigures(store, accountNumber, currency).balance;
