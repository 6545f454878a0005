// GET /v1/payments/{paymentKey}: a payment the v2 family (or collection) took, read in v1's words (GETARPaymentType):
// its amounts applied and unapplied, Processed / Error / Canceled, External or Electronic, the gateway's answer.
import { paymentStatus } from '../payments/balances';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import type { PaymentRec } from '../state/payments';
import type { Store } from '../state/store';
import { notFoundIn } from './errors';

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

export const paymentRoutesV1 = (deps: RouteDeps): Route[] => [
  {
    method: 'GET',
    path: '/v1/payments/{paymentKey}',
    handle: call => {
      const p = deps.store.payments.payment(call.params.paymentKey);
      if (!p) throw notFoundIn('unknown', `Payment ${call.params.paymentKey} does not exist.`);
      return ok(paymentAnswerV1(deps.store, p));
    },
  },
];
