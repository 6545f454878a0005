// Payments, as rules over the store's records (applied to invoices and debit memos): an electronic payment charges its method (a test card may decline:
// the payment is kept in state error, applied to nothing); an external one records money received elsewhere. A
// processed payment is applied to the invoices given, or to the account's oldest open ones up to its amount;
// applied, unapplied and canceled are entries, never changes in place. Amounts compared exactly (money/exact).
import { add, exact, isPositive, sub, ZERO, type Exact } from '../money/exact';
import { roundMoney } from '../money/rounding';
import type { BillingDocumentRec } from '../state/documents';
import { newId } from '../state/ids';
import type { PaymentMethodRec, PaymentRec, RefundRec } from '../state/payments';
import type { AccountRec, Store } from '../state/store';
import { balanceOf, openInvoices, paymentStatus, statusWithPayments } from './balances';
import { chargeOutcome, PaymentRefused } from './methods';
import { GATEWAY_ANSWERS } from './testCards';

/** A document and an amount, as a create, apply or unapply body names them. */
export interface Application {
  id: string;
  type?: string;
  amount: number;
}

/** What a payment is asked with: its record's own fields, the account, and the method and documents named. */
export interface PaymentInput extends Pick<
  PaymentRec,
  | 'amount'
  | 'currency'
  | 'payment_date'
  | 'external'
  | 'payment_method_id'
  | 'description'
  | 'reference_id'
  | 'custom_fields'
> {
  account: AccountRec;
  /** Charged when the payment is electronic; an external payment only names it. */
  method?: PaymentMethodRec;
  documents?: Application[];
}

const less = (a: Exact, b: Exact) => a.n * b.d < b.n * a.d;

/** Takes a payment: kept processed and applied, or kept declined (state error) when its card declines. */
export function takePayment(store: Store, input: PaymentInput, at: string, today: string): PaymentRec {
  const { account, method } = input;
  if (!(input.amount > 0)) throw new PaymentRefused('amount', 'amount must be more than 0.');
  if (input.currency !== account.currency) {
    throw new PaymentRefused(
      'currency',
      `Account ${account.account_number} is billed in ${account.currency}, not ${input.currency}.`,
    );
  }
  if (!input.external && !method) {
    throw new PaymentRefused(
      'payment_method_id',
      'An electronic payment needs a payment method of the account.',
      'missing_parameter',
    );
  }
  if (method && method.account_id !== account.id) {
    throw new PaymentRefused('payment_method_id', `Payment method ${method.id} belongs to another account.`);
  }
  const declines = input.external || !method ? undefined : chargeOutcome(store, method, today);
  const gateway = input.external ? undefined : GATEWAY_ANSWERS[declines ?? 'approve'];
  const p: PaymentRec = {
    id: newId(),
    number: store.numbers.next('P-'),
    account_id: account.id,
    account_number: account.account_number,
    ...(input.payment_method_id ? { payment_method_id: input.payment_method_id } : {}),
    currency: input.currency,
    amount: input.amount,
    payment_date: input.payment_date,
    external: input.external,
    state: declines ? 'error' : 'processed',
    ...(gateway ? { gateway_response_code: gateway.code, gateway_response: gateway.message } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.reference_id !== undefined ? { reference_id: input.reference_id } : {}),
    ...(input.custom_fields ? { custom_fields: input.custom_fields } : {}),
    created_time: at,
  };
  const applications = declines ? [] : planApplications(store, p, input.documents);
  store.payments.addPayment(p);
  for (const a of applications)
    store.payments.addEntry({ kind: 'apply', id: p.id, at, document_id: a.id, amount: a.amount });
  return p;
}

/** What a payment pays: the documents given (each checked), else the oldest open invoices up to its amount. */
function planApplications(store: Store, p: PaymentRec, given: Application[] | undefined): Application[] {
  if (given) return checkApplications(store, p, exact(p.amount), given);
  const out: Application[] = [];
  let left = exact(p.amount);
  for (const d of openInvoices(store, p.account_number)) {
    if (!isPositive(left)) break;
    const balance = exact(balanceOf(store, d));
    const amount = less(left, balance) ? left : balance;
    out.push({ id: d.id, type: 'invoice', amount: roundMoney(amount, p.currency) });
    left = sub(left, amount);
  }
  return out;
}

/** Refuses to apply `amount` to a document unless it is posted and owes at least that. */
export function payable(store: Store, d: BillingDocumentRec, amount: number, at: string): void {
  const what = `${d.type === 'invoice' ? 'Invoice' : 'Debit memo'} ${d.number}`;
  const s = statusWithPayments(store, d);
  if (s.state !== 'posted')
    throw new PaymentRefused(`${at}.id`, `${what} is ${s.state}: only a posted one is paid.`, 'invalid_state');
  const balance = balanceOf(store, d);
  if (less(exact(balance), exact(amount))) {
    throw new PaymentRefused(`${at}.amount`, `${amount} is more than ${what}'s balance, ${balance}.`);
  }
}

/** The applications given, each to an open invoice of the payment's account within its balance, all within `left`. */
function checkApplications(store: Store, p: PaymentRec, left: Exact, given: Application[]): Application[] {
  let sum: Exact = ZERO;
  const out = given.map((a, i) => {
    const at = `billing_documents[${i}]`;
    const d = invoiceOf(store, p, a, at);
    if (!(a.amount > 0)) throw new PaymentRefused(`${at}.amount`, 'amount must be more than 0.');
    payable(store, d, a.amount, at);
    sum = add(sum, exact(a.amount));
    return { id: d.id, type: d.type, amount: a.amount };
  });
  if (less(left, sum)) {
    const what = roundMoney(sum, p.currency);
    throw new PaymentRefused(
      'billing_documents',
      `The amounts to apply (${what}) are more than the payment has left (${roundMoney(left, p.currency)}).`,
    );
  }
  return out;
}

/** The invoice or debit memo an application names, the payment's account's (a debit memo only as type debit_memo). */
export function documentOf(
  store: Store,
  owner: { account_number: string; number: string },
  a: Application,
  at: string,
) {
  const type = a.type === 'debit_memo' ? 'debit_memo' : 'invoice';
  const name = type === 'invoice' ? 'Invoice' : 'Debit memo';
  const d = store.documents.get(a.id);
  if (!d || d.type !== type) throw new PaymentRefused(`${at}.id`, `${name} ${a.id} not found.`);
  if (d.account_number !== owner.account_number) {
    throw new PaymentRefused(
      `${at}.id`,
      `${name} ${d.number} is account ${d.account_number}'s, not ${owner.number}'s (${owner.account_number}).`,
    );
  }
  return d;
}

const invoiceOf = (store: Store, p: PaymentRec, a: Application, at: string): BillingDocumentRec =>
  documentOf(store, p, a, at);

const usable = (store: Store, p: PaymentRec, what: string) => {
  const s = paymentStatus(store.payments, p);
  if (s.state !== 'processed')
    throw new PaymentRefused(
      undefined,
      `Payment ${p.number} is ${s.state}: only a processed payment is ${what}.`,
      'invalid_state',
    );
  return s;
};

/** Applies more of a processed payment. */
export function applyPayment(store: Store, p: PaymentRec, given: Application[], at: string): void {
  const s = usable(store, p, 'applied');
  for (const a of checkApplications(store, p, exact(s.unapplied), given)) {
    store.payments.addEntry({ kind: 'apply', id: p.id, at, document_id: a.id, amount: a.amount });
  }
}

/** Takes back what a payment applied to documents (each at most what it applied there). */
export function unapplyPayment(store: Store, p: PaymentRec, given: Application[], at: string): void {
  usable(store, p, 'unapplied');
  const out = given.map((a, i) => {
    const d = invoiceOf(store, p, a, `billing_documents[${i}]`);
    const applied = store.payments
      .entriesFor(d.id)
      .filter(e => e.id === p.id)
      .reduce((t, e) => (e.kind === 'apply' ? add(t, exact(e.amount!)) : sub(t, exact(e.amount!))), ZERO);
    if (!isPositive(applied)) {
      const why = `Payment ${p.number} has nothing applied to ${d.number}: there is nothing to unapply there.`;
      throw new PaymentRefused(`billing_documents[${i}].id`, why);
    }
    if (!(a.amount > 0) || less(applied, exact(a.amount))) {
      const was = roundMoney(applied, p.currency);
      throw new PaymentRefused(
        `billing_documents[${i}].amount`,
        `Payment ${p.number} applied ${was} to ${d.number}: unapply more than 0, at most that.`,
      );
    }
    return { id: d.id, amount: a.amount };
  });
  for (const a of out) store.payments.addEntry({ kind: 'unapply', id: p.id, at, document_id: a.id, amount: a.amount });
}

/** Cancels a processed payment once nothing of it is applied. */
export function cancelPayment(store: Store, p: PaymentRec, at: string): void {
  const s = usable(store, p, 'canceled');
  if (s.applied > 0)
    throw new PaymentRefused(
      undefined,
      `Payment ${p.number} is applied (${s.applied}): unapply it first, then cancel it.`,
      'invalid_state',
    );
  if (s.refunded > 0) {
    throw new PaymentRefused(
      undefined,
      `Payment ${p.number} was refunded (${s.refunded}): it is not canceled.`,
      'invalid_state',
    );
  }
  store.payments.addEntry({ kind: 'cancel', id: p.id, at });
}

/** What a refund is asked with: its record's own fields (the payment gives the rest). */
export type RefundInput = Pick<
  RefundRec,
  'amount' | 'refund_date' | 'external' | 'description' | 'reason_code' | 'reference_id' | 'custom_fields'
>;

/** Gives back part of a processed payment's unapplied amount (unapply it from invoices first to give back more). */
export function refundPayment(store: Store, p: PaymentRec, input: RefundInput, at: string): RefundRec {
  const s = usable(store, p, 'refunded');
  if (!(input.amount > 0)) throw new PaymentRefused('amount', 'amount must be more than 0.');
  if (less(exact(s.unapplied), exact(input.amount))) {
    const why = `${input.amount} is more than payment ${p.number} has unapplied (${s.unapplied})`;
    throw new PaymentRefused('amount', `${why}: unapply it from its invoices first (PUT /v2/payments/{id}/unapply).`);
  }
  const r: RefundRec = {
    id: newId(),
    number: store.numbers.next('R-'),
    payment_id: p.id,
    account_id: p.account_id,
    account_number: p.account_number,
    ...(p.payment_method_id ? { payment_method_id: p.payment_method_id } : {}),
    currency: p.currency,
    amount: input.amount,
    refund_date: input.refund_date,
    external: input.external || p.external,
    ...refundNotes(input),
    created_time: at,
  };
  store.payments.addRefund(r);
  return r;
}

/** What a refund was given beside its amount, as given (each absent when not). */
export const refundNotes = (input: RefundInput): Partial<RefundRec> => ({
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.reason_code !== undefined ? { reason_code: input.reason_code } : {}),
  ...(input.reference_id !== undefined ? { reference_id: input.reference_id } : {}),
  ...(input.custom_fields ? { custom_fields: input.custom_fields } : {}),
});
