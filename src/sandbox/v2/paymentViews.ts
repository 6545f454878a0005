// How payment methods and payments answer in v2: the reference's paymentMethod and payment. A method shows its
// type's block as kept (a card's brand, expiry and last_4; a bank account's number masked) and its payments'
// counts; a payment its amounts (applied, left, refunded), its state (processed, error when declined, canceled),
// the gateway's answer and what it is applied to, net per invoice or debit memo.
import { add, exact, sub, ZERO, type Exact } from '../money/exact';
import { roundMoney } from '../money/rounding';
import { accountFigures, paymentStatus } from '../payments/balances';
import { methodStatus } from '../payments/methods';
import type { PaymentMethodRec, PaymentRec } from '../state/payments';
import type { AccountRec, Store } from '../state/store';

const ACTOR = 'sandbox-client';
export const GATEWAY_ID = 'Local sandbox test gateway';

/**
 * What an account answers of its money (payments/balances.ts accountFigures): what its posted invoices, debit memos,
 * credit memos and payments have left, its default method.
 */
export function accountMoney(store: Store, a: AccountRec) {
  const f = accountFigures(store, a.account_number, a.currency);
  const defaultId = store.payments.defaultOf(a.id);
  return {
    remaining_invoice_balance: f.invoiceBalance,
    remaining_debit_memo_balance: f.debitMemoBalance,
    remaining_credit_memo_balance: f.unappliedCredit,
    remaining_payment_balance: f.unappliedPayments,
    ...(defaultId ? { default_payment_method_id: defaultId } : {}),
  };
}

export function paymentMethodView(store: Store, m: PaymentMethodRec) {
  const s = methodStatus(store, m);
  const charged = store.payments.paymentList.filter(p => p.payment_method_id === m.id && !p.external);
  const errors = charged.filter(p => p.state === 'error');
  const last = charged[charged.length - 1];
  const block = { ...m.details, ...(s.changed.card as object | undefined) };
  const billing = (s.changed.billing_details ?? m.billing_details) as object | undefined;
  const custom = (s.changed.custom_fields ?? m.custom_fields) as object | undefined;
  return {
    id: m.id,
    created_by_id: ACTOR,
    updated_by_id: ACTOR,
    created_time: m.created_time,
    updated_time: s.updated_time,
    type: m.type,
    account_id: m.account_id,
    state: 'active',
    [m.type]: block,
    ...(billing ? { billing_details: billing } : {}),
    custom_fields: custom ?? {},
    total_number_of_processed_payments: charged.length - errors.length,
    total_number_of_error_payments: errors.length,
    number_of_consecutive_failures: consecutiveFailures(charged),
    ...(last ? { last_transaction_time: last.created_time, last_transaction_status: lastStatus(last) } : {}),
    ...(errors.length ? { last_failed_sale_transaction_time: errors[errors.length - 1].created_time } : {}),
  };
}

const lastStatus = (p: PaymentRec) => (p.state === 'error' ? 'Error' : 'Approved');

function consecutiveFailures(charged: readonly PaymentRec[]): number {
  let n = 0;
  for (let i = charged.length - 1; i >= 0 && charged[i].state === 'error'; i--) n++;
  return n;
}

export function paymentView(store: Store, p: PaymentRec) {
  const s = paymentStatus(store.payments, p);
  const gateway = p.external
    ? { gateway_state: 'not_submitted' }
    : {
        gateway_id: GATEWAY_ID,
        gateway_state: p.state === 'error' ? 'failed' : 'settled',
        gateway_response_code: p.gateway_response_code,
        gateway_response: p.gateway_response,
        gateway_state_transitions: {
          submitted_time: p.created_time,
          ...(p.state === 'processed' ? { settled_time: p.created_time } : {}),
        },
      };
  return {
    id: p.id,
    created_by_id: ACTOR,
    updated_by_id: ACTOR,
    created_time: p.created_time,
    updated_time: s.updated_time,
    custom_fields: p.custom_fields ?? {},
    ...(p.description !== undefined ? { description: p.description } : {}),
    ...(p.reference_id !== undefined ? { reference_id: p.reference_id } : {}),
    payment_number: p.number,
    account_id: p.account_id,
    account_number: p.account_number,
    amount: p.amount,
    amount_applied: s.applied,
    remaining_balance: s.unapplied,
    amount_refunded: s.refunded,
    currency: p.currency,
    payment_date: p.payment_date,
    ...(p.payment_method_id ? { payment_method_id: p.payment_method_id } : {}),
    external: p.external,
    state: s.state,
    ...gateway,
    state_transitions: s.canceled_time ? { canceled_time: s.canceled_time } : {},
    applied_to: appliedTo(store, p),
  };
}

/** What a payment stands applied to, net per document, in the order it was first applied (none left: not listed). */
function appliedTo(store: Store, p: PaymentRec) {
  const net = new Map<string, Exact>();
  for (const e of store.payments.entriesOf(p.id)) {
    if (!e.document_id) continue;
    const was = net.get(e.document_id) ?? ZERO;
    net.set(e.document_id, e.kind === 'apply' ? add(was, exact(e.amount!)) : sub(was, exact(e.amount!)));
  }
  return [...net]
    .map(([id, amount]) => ({ id, amount: roundMoney(amount, p.currency) }))
    .filter(a => a.amount > 0)
    .map(a => ({
      billing_document_id: a.id,
      billing_document_type: store.documents.get(a.id)?.type === 'debit_memo' ? 'debit_memo' : 'invoice',
      amount: a.amount,
      state: 'processed' as const,
    }));
}
