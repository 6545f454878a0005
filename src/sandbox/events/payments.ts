// Payment and refund events, by the vendor's standard events for payments: PaymentProcessed and PaymentDeclined
// for electronic payments only (an external payment records money received elsewhere: the vendor sends neither),
// a declined one being a payment kept in state error with its gateway's answer; RefundProcessed for each refund.
// https://docs.zuora.com/en/zuora-platform/extensibility/events-and-notifications/standard-events/standard-events-for-zuora-payments
import type { RefundRec } from '../state/payments';
import type { Store } from '../state/store';
import { accountFields, amountText, type EventSource } from './source';

export const paymentEvents: EventSource = {
  rank: 3,
  lengths: store => ({ payments: store.payments.paymentList.length }),
  since: (store, seen) =>
    store.payments.paymentList
      .slice(seen.payments)
      .filter(p => !p.external)
      .map(p => ({
        type: p.state === 'error' ? 'PaymentDeclined' : 'PaymentProcessed',
        date: p.payment_date,
        objectId: p.id,
        fields: {
          'Payment.Id': p.id,
          'Payment.PaymentNumber': p.number,
          'Payment.Amount': amountText(p.amount, p.currency),
          'Payment.Currency': p.currency,
          'Payment.EffectiveDate': p.payment_date,
          'Payment.Status': p.state === 'error' ? 'Error' : 'Processed',
          'Payment.Type': 'Electronic',
          ...(p.payment_method_id ? { 'Payment.PaymentMethodId': p.payment_method_id } : {}),
          ...(p.gateway_response_code ? { 'Payment.GatewayResponseCode': p.gateway_response_code } : {}),
          ...(p.gateway_response ? { 'Payment.GatewayResponse': p.gateway_response } : {}),
          ...accountFields(store, p.account_number),
        },
      })),
};

export const refundEvents: EventSource = {
  rank: 4,
  lengths: store => ({ refunds: store.payments.refundList.length }),
  since: (store, seen) =>
    store.payments.refundList.slice(seen.refunds).map(r => ({
      type: 'RefundProcessed',
      date: r.refund_date,
      objectId: r.id,
      fields: {
        'Refund.Id': r.id,
        'Refund.RefundNumber': r.number,
        'Refund.Amount': amountText(r.amount, r.currency),
        'Refund.Currency': r.currency,
        'Refund.RefundDate': r.refund_date,
        'Refund.Type': r.external ? 'External' : 'Electronic',
        ...(r.reason_code ? { 'Refund.ReasonCode': r.reason_code } : {}),
        ...refundSource(store, r),
        ...accountFields(store, r.account_number),
      },
    })),
};

/** What a refund gave money back from: a payment (its id and number) or a credit memo (its id and number). */
function refundSource(store: Store, r: RefundRec): Record<string, string> {
  if (r.payment_id) {
    const p = store.payments.payment(r.payment_id);
    return {
      'Refund.SourceType': 'Payment',
      'Payment.Id': r.payment_id,
      ...(p ? { 'Payment.PaymentNumber': p.number } : {}),
    };
  }
  const memo = r.credit_memo_id ? store.documents.get(r.credit_memo_id) : undefined;
  return {
    'Refund.SourceType': 'CreditMemo',
    ...(r.credit_memo_id ? { 'CreditMemo.Id': r.credit_memo_id } : {}),
    ...(memo ? { 'CreditMemo.CreditMemoNumber': memo.number } : {}),
  };
}
