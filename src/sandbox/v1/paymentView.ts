// Payments, refunds and payment methods in v1's words, whichever family (or collection) made them: a payment as
// GETARPaymentType (its amounts applied and unapplied, Processed / Error / Canceled, External or Electronic, the
// gateway's answer), a refund as GETRefundType, a method as GETPaymentMethodResponseForAccount (a card's masked
// number and expiry, a bank account's masked number), each with its payments' counts.
import { paymentStatus } from '../payments/balances';
import { methodStatus } from '../payments/methods';
import type { PaymentMethodRec, PaymentRec, RefundRec } from '../state/payments';
import type { Store } from '../state/store';

const ACTOR = 'sandbox-client';
const STATUS = { processed: 'Processed', error: 'Error', canceled: 'Canceled' } as const;
/** A date as the v1 answer's date-time fields hold it. */
const dateTime = (date: string) => `${date}T00:00:00Z`;

export function paymentAnswerV1(store: Store, p: PaymentRec) {
  const s = paymentStatus(store.payments, p);
  const electronic = !p.external;
  return {
    success: true,
    id: p.id,
    number: p.number,
    accountId: p.account_id,
    accountNumber: p.account_number,
    amount: p.amount,
    appliedAmount: s.applied,
    unappliedAmount: s.unapplied,
    refundAmount: s.refunded,
    creditBalanceAmount: 0,
    currency: p.currency,
    effectiveDate: dateTime(p.payment_date),
    status: STATUS[s.state],
    type: electronic ? 'Electronic' : 'External',
    ...(p.payment_method_id ? { paymentMethodId: p.payment_method_id } : {}),
    ...(p.reference_id !== undefined ? { referenceId: p.reference_id } : {}),
    comment: p.description ?? null,
    ...(electronic
      ? {
          gatewayState: p.state === 'error' ? 'FailedToSettle' : 'Settled',
          gatewayResponse: p.gateway_response,
          gatewayResponseCode: p.gateway_response_code,
          submittedOn: p.created_time,
          ...(p.state === 'processed' ? { settledOn: p.created_time } : {}),
        }
      : { gatewayState: 'NotSubmitted' }),
    ...(s.canceled_time ? { cancelledOn: s.canceled_time } : {}),
    createdById: ACTOR,
    createdDate: p.created_time,
    updatedById: ACTOR,
    updatedDate: s.updated_time,
  };
}

const METHOD_TYPE = { card: 'CreditCard', ach_debit: 'ACH', sepa_debit: 'SEPA' } as const;
const REFUND_METHOD = { card: 'CreditCard', ach_debit: 'ACH', sepa_debit: 'BankTransfer' } as const;

/**
 * A refund in v1's words: of a payment (GETRefundType, with its payment and transaction time) or of a credit memo
 * (GETRefundCreditMemoType, with its memo; an external one names no method).
 */
export function refundAnswerV1(store: Store, r: RefundRec) {
  const m = r.payment_method_id ? store.payments.method(r.payment_method_id) : undefined;
  const ofMemo = r.credit_memo_id !== undefined;
  return {
    success: true,
    id: r.id,
    number: r.number,
    ...(ofMemo ? { creditMemoId: r.credit_memo_id } : { paymentId: r.payment_id }),
    accountId: r.account_id,
    amount: r.amount,
    refundDate: r.refund_date,
    type: r.external ? 'External' : 'Electronic',
    status: 'Processed',
    methodType: m && !(ofMemo && r.external) ? REFUND_METHOD[m.type] : 'Other',
    ...(r.payment_method_id ? { paymentMethodId: r.payment_method_id } : {}),
    ...(r.description !== undefined ? { comment: r.description } : {}),
    ...(r.reason_code !== undefined ? { reasonCode: r.reason_code } : {}),
    ...(r.reference_id !== undefined ? { referenceId: r.reference_id } : {}),
    gatewayState: r.external ? 'NotSubmitted' : 'Settled',
    ...(r.external ? {} : { submittedOn: r.created_time, settledOn: r.created_time }),
    ...(ofMemo ? {} : { refundTransactionTime: r.created_time }),
    createdById: ACTOR,
    createdDate: r.created_time,
    updatedById: ACTOR,
    updatedDate: r.created_time,
  };
}

/** A payment method as GET /v1/accounts/{account-key}/payment-methods lists it. */
export function methodAnswerV1(store: Store, m: PaymentMethodRec) {
  const s = methodStatus(store, m);
  const charged = store.payments.paymentList.filter(p => p.payment_method_id === m.id && !p.external);
  const errors = charged.filter(p => p.state === 'error').length;
  let failures = 0;
  for (let i = charged.length - 1; i >= 0 && charged[i].state === 'error'; i--) failures++;
  const last = charged[charged.length - 1];
  const d = { ...m.details, ...(s.changed.card as object | undefined) } as Record<string, unknown>;
  const text = (v: unknown) => (v === undefined ? undefined : String(v));
  const own =
    m.type === 'card'
      ? {
          cardNumber: `************${String(d.last_4)}`,
          creditCardMaskNumber: `************${String(d.last_4)}`,
          ...(d.brand ? { creditCardType: BRAND_V1[String(d.brand)] ?? String(d.brand) } : {}),
          expirationMonth: Number(d.expiry_month),
          expirationYear: Number(d.expiry_year),
        }
      : m.type === 'ach_debit'
        ? { bankABACode: text(d.bank_aba_code), bankAccountName: text(d.bank_account_name) }
        : { IBAN: text(d.IBAN) };
  return {
    id: m.id,
    type: METHOD_TYPE[m.type],
    isDefault: store.payments.defaultOf(m.account_id) === m.id,
    status: 'Active',
    ...own,
    totalNumberOfProcessedPayments: charged.length - errors,
    totalNumberOfErrorPayments: errors,
    numConsecutiveFailures: failures,
    ...(last
      ? { lastTransaction: last.state === 'error' ? 'Error' : 'Approved', lastTransactionTime: last.created_time }
      : {}),
    createdBy: ACTOR,
    createdOn: m.created_time,
    updatedBy: ACTOR,
    updatedOn: s.updated_time,
  };
}

/** v2's card brands in v1's words, and back (v1 cardType). */
export const BRAND_V1: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  american_express: 'AmericanExpress',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners',
};
