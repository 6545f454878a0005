// How a memo answers in v2 with what the store adds: a credit memo with what it refunded and stands applied to
// (payments/balances.ts), a debit memo like an invoice (invoiceViews.ts).
import { creditAppliedTo, creditStatus, statusWithPayments } from '../payments/balances';
import type { BillingDocumentRec } from '../state/documents';
import type { Store } from '../state/store';
import { creditMemoView, debitMemoView, type CreditFacts } from './invoiceViews';

/** What a credit memo's answer adds from the store: refunded, and where it stands applied. */
export function creditFacts(store: Store, d: BillingDocumentRec): CreditFacts {
  return {
    amount_refunded: creditStatus(store, d).refunded,
    applied_to: creditAppliedTo(store, d).map(a => ({
      billing_document_id: a.id,
      billing_document_type: store.documents.get(a.id)?.type === 'debit_memo' ? 'debit_memo' : 'invoice',
      amount: a.amount,
    })),
  };
}

/** A memo as its family answers it: a credit memo with its applications, a debit memo like an invoice. */
export function memoView(store: Store, d: BillingDocumentRec, today: string, items: boolean) {
  const s = statusWithPayments(store, d);
  return d.type === 'credit_memo'
    ? creditMemoView(d, today, items, s, creditFacts(store, d))
    : debitMemoView(d, today, items, s);
}
