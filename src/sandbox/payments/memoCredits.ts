// What a posted credit memo gives, as rules over the store's records: applied to the account's posted invoices and
// debit memos (each within its balance, all within what the memo has left), unapplied (at most what it applied
// there), refunded (to a payment method, or recorded as external); and an invoice's write-off: a posted credit memo
// for that invoice's balance, of that invoice's account, applied to it. Applications are payment entries taken on
// the memo's id, so an invoice's balance is its total less what payments and credit memos applied (balances.ts).
import { add, exact, ZERO, type Exact } from '../money/exact';
import { roundMoney } from '../money/rounding';
import type { BillingDocumentRec } from '../state/documents';
import { newId } from '../state/ids';
import type { PaymentMethodRec, RefundRec } from '../state/payments';
import type { Store } from '../state/store';
import { balanceOf, creditAppliedTo, creditStatus, statusWithPayments } from './balances';
import { nameOf } from './memos';
import { PaymentRefused } from './methods';
import { documentOf, payable, refundNotes, type Application, type RefundInput } from './payments';

const less = (a: Exact, b: Exact) => a.n * b.d < b.n * a.d;

/** The memo's unapplied amount, refusing unless it is a posted credit memo. */
function usable(store: Store, memo: BillingDocumentRec, what: string): number {
  const { state } = statusWithPayments(store, memo);
  if (state !== 'posted') {
    throw new PaymentRefused(
      undefined,
      `${nameOf(memo)} is ${state}: post it, then it can be ${what}.`,
      'invalid_state',
    );
  }
  return creditStatus(store, memo).unapplied;
}

/** Applies more of a posted credit memo to invoices and debit memos of its account. */
export function applyCredit(store: Store, memo: BillingDocumentRec, given: Application[], at: string): void {
  const left = usable(store, memo, 'applied');
  let sum = ZERO;
  const out = given.map((a, i) => {
    const at = `billing_documents[${i}]`;
    const d = documentOf(store, memo, a, at);
    if (!(a.amount > 0)) throw new PaymentRefused(`${at}.amount`, 'amount must be more than 0.');
    payable(store, d, a.amount, at);
    sum = add(sum, exact(a.amount));
    return { id: d.id, amount: a.amount };
  });
  if (less(exact(left), sum)) {
    const what = roundMoney(sum, memo.currency);
    throw new PaymentRefused(
      'billing_documents',
      `The amounts to apply (${what}) are more than ${nameOf(memo)} has left (${left}).`,
    );
  }
  for (const a of out) store.payments.addEntry({ kind: 'apply', id: memo.id, at, document_id: a.id, amount: a.amount });
}

/** Takes back what a credit memo applied to documents (each at most what it applied there). */
export function unapplyCredit(store: Store, memo: BillingDocumentRec, given: Application[], at: string): void {
  usable(store, memo, 'unapplied');
  const applied = new Map(creditAppliedTo(store, memo).map(a => [a.id, a.amount]));
  const out = given.map((a, i) => {
    const d = documentOf(store, memo, a, `billing_documents[${i}]`);
    const was = applied.get(d.id) ?? 0;
    if (!(a.amount > 0) || less(exact(was), exact(a.amount))) {
      throw new PaymentRefused(
        `billing_documents[${i}].amount`,
        `${nameOf(memo)} applied ${was} to ${d.number}: unapply more than 0, at most that.`,
      );
    }
    return { id: d.id, amount: a.amount };
  });
  for (const a of out)
    store.payments.addEntry({ kind: 'unapply', id: memo.id, at, document_id: a.id, amount: a.amount });
}

/** Gives back part of a posted credit memo's unapplied amount: to `method` (electronic), or recorded (external). */
export function refundCredit(
  store: Store,
  memo: BillingDocumentRec,
  input: RefundInput & { method?: PaymentMethodRec },
  at: string,
): RefundRec {
  const left = usable(store, memo, 'refunded');
  if (!(input.amount > 0)) throw new PaymentRefused('amount', 'amount must be more than 0.');
  if (less(exact(left), exact(input.amount))) {
    const why = `${input.amount} is more than ${nameOf(memo)} has unapplied (${left})`;
    throw new PaymentRefused('amount', `${why}: unapply it from invoices first.`);
  }
  const { method } = input;
  if (!input.external && !method) {
    throw new PaymentRefused(
      'payment_method_id',
      `An electronic refund goes to a payment method: give one of account ${memo.account_number}'s, or refund external.`,
      'missing_parameter',
    );
  }
  if (method && method.account_id !== memo.account_id) {
    throw new PaymentRefused('payment_method_id', `Payment method ${method.id} belongs to another account.`);
  }
  const r: RefundRec = {
    id: newId(),
    number: store.numbers.next('R-'),
    credit_memo_id: memo.id,
    account_id: memo.account_id,
    account_number: memo.account_number,
    ...(method && !input.external ? { payment_method_id: method.id } : {}),
    currency: memo.currency,
    amount: input.amount,
    refund_date: input.refund_date,
    external: input.external,
    ...refundNotes(input),
    created_time: at,
  };
  store.payments.addRefund(r);
  return r;
}

export interface WriteOffInput {
  document_date: string;
  reason_code?: string;
  description?: string;
  custom_fields?: Record<string, unknown>;
}

/** Writes off what is left of a posted invoice: a posted credit memo of that balance, applied to it. */
export function writeOff(store: Store, invoice: BillingDocumentRec, input: WriteOffInput, at: string) {
  const s = statusWithPayments(store, invoice);
  if (s.state !== 'posted') {
    throw new PaymentRefused(
      undefined,
      `${nameOf(invoice)} is ${s.state}: only a posted invoice is written off.`,
      'invalid_state',
    );
  }
  const balance = balanceOf(store, invoice);
  if (!(balance > 0)) {
    throw new PaymentRefused(
      undefined,
      `${nameOf(invoice)} has nothing left to pay: nothing to write off.`,
      'invalid_state',
    );
  }
  const first = invoice.items[0];
  const memo: BillingDocumentRec = {
    id: newId(),
    number: store.numbers.next('CM'),
    type: 'credit_memo',
    origin: 'write_off',
    invoice_id: invoice.id,
    account_number: invoice.account_number,
    account_id: invoice.account_id,
    currency: invoice.currency,
    document_date: input.document_date,
    target_date: input.document_date,
    reason_code: input.reason_code ?? 'Write-off',
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.custom_fields ? { custom_fields: input.custom_fields } : {}),
    items: [
      {
        id: newId(),
        billed_id: '',
        name: `Write-off of ${invoice.number}`,
        charge_type: 'one_time',
        kind: 'charge',
        target_date: input.document_date,
        service_start: first?.service_start ?? input.document_date,
        service_end: first?.service_end ?? input.document_date,
        quantity: 1,
        amount: -balance,
      },
    ],
    total: balance,
    created_time: at,
  };
  store.addDocument(memo);
  store.payments.addEntry({ kind: 'apply', id: memo.id, at, document_id: invoice.id, amount: balance });
  return memo;
}
