// What may be done to an issued invoice and to a bill run, and what it does, as the service has it: an invoice is
// posted when issued; unposted it is a draft again, and only a draft is canceled or posted; a posted invoice is
// reversed by a credit memo of its whole total, which stands applied to it (it stays posted, its balance nothing;
// payments/balances.ts creditStatus). A canceled or reversed
// invoice no longer stands billed: the next bill run bills its lines again. A bill run is posted (its draft
// invoices with it), canceled once none of its documents is posted (its drafts canceled with it), and deleted once
// canceled. Rules only: a refusal is an ActionRefused, which each family says in its own shape.
import { billRunStatus, standingLedger, type ActionRec } from '../state/actions';
import { statusWithPayments } from '../payments/balances';
import { nameOf } from '../payments/memos';
import type { BillRunRec } from '../state/billRuns';
import type { BillingDocumentRec } from '../state/documents';
import { newId } from '../state/ids';
import type { Store } from '../state/store';

export class ActionRefused extends Error {}

/** Takes an action; one that unbills a document (cancel, reverse) gives its lines back to the next bill run. */
export function takeAction(store: Store, a: ActionRec): void {
  store.actions.add(a);
  if (a.action === 'cancel' || a.action === 'reverse') store.ledger = standingLedger(store.documentList, store.actions);
}

/** A document's state, with what payments applied to it. */
export const statusOf = (store: Store, d: BillingDocumentRec) => statusWithPayments(store, d);
export const runStatusOf = (store: Store, r: BillRunRec) => billRunStatus(store.actions.of(r.id));

/**
 * An invoice payments or credit memos are applied to stays as it is until they are unapplied (PUT
 * /v2/payments/{id}/unapply, POST /v2/credit_memos/{id}/unapply).
 */
const refusePaid = (d: BillingDocumentRec, paid: number | undefined, done: string) => {
  if (paid)
    throw new ActionRefused(
      `${what(d)} has payments applied (${paid}): unapply them first (payments and credit memos), then it can be ${done}.`,
    );
};

const what = (d: BillingDocumentRec) => nameOf(d);

export function postInvoice(store: Store, d: BillingDocumentRec, at: string): void {
  const { state } = statusOf(store, d);
  if (state !== 'draft') throw new ActionRefused(`${what(d)} is ${state}: only a draft invoice is posted.`);
  takeAction(store, { id: d.id, action: 'post', at });
}

export function unpostInvoice(store: Store, d: BillingDocumentRec, at: string): void {
  const s = statusOf(store, d);
  if (s.state !== 'posted') throw new ActionRefused(`${what(d)} is ${s.state}: only a posted invoice is unposted.`);
  if (s.reversed_by) throw new ActionRefused(`${what(d)} was reversed: a reversed invoice cannot be changed.`);
  refusePaid(d, s.paid, 'unposted');
  takeAction(store, { id: d.id, action: 'unpost', at });
}

export function cancelInvoice(store: Store, d: BillingDocumentRec, at: string): void {
  const { state } = statusOf(store, d);
  if (state === 'posted') throw new ActionRefused(`${what(d)} is posted: unpost it first, then cancel it.`);
  if (state !== 'draft') throw new ActionRefused(`${what(d)} is ${state} already.`);
  takeAction(store, { id: d.id, action: 'cancel', at });
}

/** The credit memo that reverses a posted invoice: its items given back, dated `documentDate` (default today). */
export function reverseInvoice(store: Store, d: BillingDocumentRec, at: string, documentDate: string) {
  const s = statusOf(store, d);
  if (s.state !== 'posted') throw new ActionRefused(`${what(d)} is ${s.state}: only a posted invoice is reversed.`);
  if (s.reversed_by) throw new ActionRefused(`${what(d)} was reversed already.`);
  refusePaid(d, s.paid, 'reversed');
  const memo: BillingDocumentRec = {
    id: newId(),
    number: store.numbers.next('CM'),
    type: 'credit_memo',
    account_number: d.account_number,
    account_id: d.account_id,
    currency: d.currency,
    document_date: documentDate,
    target_date: d.target_date,
    reverses: d.id,
    items: d.items.map(i => ({ ...i, id: newId(), amount: -i.amount })),
    total: d.total,
    created_time: at,
  };
  store.addDocument(memo);
  takeAction(store, { id: d.id, action: 'reverse', at, memo_id: memo.id });
  return memo;
}

/** The documents a bill run issued that still stand (a reversal's credit memo is not the run's). */
export const documentsOf = (store: Store, r: BillRunRec) =>
  store.documentList.filter(d => d.bill_run_number === r.number && !d.reverses);

/** Posts the run and its drafts, dated `documentDate` when given (what is posted already keeps its date). */
export function postBillRun(store: Store, r: BillRunRec, at: string, documentDate?: string): void {
  const { state } = runStatusOf(store, r);
  if (state !== 'completed')
    throw new ActionRefused(`Bill run ${r.number} is ${state}: only a completed one is posted.`);
  const dated = documentDate ? { document_date: documentDate } : {};
  for (const d of documentsOf(store, r)) {
    if (statusOf(store, d).state === 'draft') takeAction(store, { id: d.id, action: 'post', at, ...dated });
  }
  takeAction(store, { id: r.id, action: 'post', at, ...dated });
}

export function cancelBillRun(store: Store, r: BillRunRec, at: string): void {
  const { state } = runStatusOf(store, r);
  if (state === 'canceled') throw new ActionRefused(`Bill run ${r.number} is canceled already.`);
  const docs = documentsOf(store, r);
  const posted = docs.filter(d => statusOf(store, d).state === 'posted');
  const memos = posted.filter(d => d.type === 'credit_memo').map(d => d.number);
  if (memos.length) {
    throw new ActionRefused(
      `Bill run ${r.number} issued credit memos (${memos.join(', ')}), which the Local sandbox keeps posted: ` +
        'it cannot cancel this run. Reverse its invoices instead, or use a real environment.',
    );
  }
  if (posted.length) {
    const numbers = posted.map(d => d.number).join(', ');
    throw new ActionRefused(
      `Bill run ${r.number} has posted documents (${numbers}): unpost its invoices, then cancel it.`,
    );
  }
  for (const d of docs) {
    if (statusOf(store, d).state === 'draft') takeAction(store, { id: d.id, action: 'cancel', at });
  }
  takeAction(store, { id: r.id, action: 'cancel', at });
}

export function deleteBillRun(store: Store, r: BillRunRec, at: string): void {
  const { state } = runStatusOf(store, r);
  if (state !== 'canceled') throw new ActionRefused(`Bill run ${r.number} is ${state}: cancel it, then delete it.`);
  takeAction(store, { id: r.id, action: 'delete', at });
}
