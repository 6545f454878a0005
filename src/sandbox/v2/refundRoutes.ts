// v2 refunds, kept in the store: POST /v2/refunds with `payment_id` gives back part of the payment's unapplied
// amount (to its method when electronic: state processed; recorded when external), with `credit_memo` part of the
// credit memo's (to the account's default method, or recorded when external: payments/memoCredits.ts); read by id
// or number and listed. Cancel, PATCH and DELETE are still answered from the contract.
import { checkContractBody } from '../contract/contractAnswers';
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { refundCredit } from '../payments/memoCredits';
import { refundPayment, type RefundInput } from '../payments/payments';
import type { RefundRec } from '../state/payments';
import type { Store } from '../state/store';
import { listPage } from './listQuery';
import { paying } from './payDocument';
import { GATEWAY_ID } from './paymentViews';

type Body = Record<string, unknown>;
const ACTOR = 'sandbox-client';
const METHOD_TYPE = { card: 'credit_card', ach_debit: 'ach_debit', sepa_debit: 'other' } as const;

export function refundView(store: Store, r: RefundRec) {
  const method = r.payment_method_id ? store.payments.method(r.payment_method_id) : undefined;
  return {
    id: r.id,
    created_by_id: ACTOR,
    updated_by_id: ACTOR,
    created_time: r.created_time,
    updated_time: r.created_time,
    custom_fields: r.custom_fields ?? {},
    refund_number: r.number,
    ...(r.payment_id ? { payment_id: r.payment_id } : {}),
    ...(r.credit_memo_id ? { credit_memo: { id: r.credit_memo_id, amount: r.amount } } : {}),
    account_id: r.account_id,
    amount: r.amount,
    refund_date: r.refund_date,
    external: r.external,
    ...(r.payment_method_id ? { payment_method_id: r.payment_method_id } : {}),
    refund_method_type: method && !r.external ? METHOD_TYPE[method.type] : 'other',
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.reason_code !== undefined ? { reason_code: r.reason_code } : {}),
    ...(r.reference_id !== undefined ? { reference_id: r.reference_id } : {}),
    state: 'processed',
    ...(r.external
      ? { gateway_state: 'not_submitted' }
      : { gateway_id: GATEWAY_ID, gateway_state: 'settled', gateway_response_code: 'approve' }),
    state_transitions: { refunded_time: r.created_time },
  };
}

export function refundRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const view = (r: RefundRec) => refundView(store, r);
  return [
    {
      method: 'GET',
      path: '/v2/refunds',
      handle: call => ok(listPage(store.payments.refundList, call.query, view, { what: 'Refunds', sample: SAMPLE })),
    },
    {
      method: 'POST',
      path: '/v2/refunds',
      handle: call =>
        deps.idempotent(
          call,
          body => checkContractBody('POST /v2/refunds', body),
          raw => {
            const body = raw as Body;
            const input = {
              amount: body.amount as number,
              refund_date: (body.refund_date as string | undefined) ?? deps.clock.today(),
              external: body.external === true,
              description: body.description as string | undefined,
              reason_code: body.reason_code as string | undefined,
              reference_id: body.reference_id as string | undefined,
              custom_fields: body.custom_fields as Body | undefined,
            };
            if (body.payment_id === undefined) return { status: 201, body: view(creditRefund(deps, body, input)) };
            const p = store.payments.payment(String(body.payment_id));
            if (!p) throw badRequest('invalid_parameter', 'payment_id', `No payment ${String(body.payment_id)}.`);
            const at = deps.clock.timestamp();
            const r = deps.commit(() => paying(() => refundPayment(store, p, input, at)));
            return { status: 201, body: view(r) };
          },
        ),
    },
    {
      method: 'GET',
      path: '/v2/refunds/{refund_id}',
      handle: call => {
        const r = store.payments.refund(call.params.refund_id);
        if (!r) throw notFound('refund_id', `Refund ${call.params.refund_id} not found.`);
        return ok(view(r));
      },
    },
  ];
}

/** A refund of the credit memo the body names (`credit_memo.id`), to the account's default method unless external. */
function creditRefund(deps: RouteDeps, body: Body, input: RefundInput): RefundRec {
  const { store } = deps;
  const given = body.credit_memo as { id?: string; amount?: number } | undefined;
  if (given?.id === undefined) {
    const message = 'Name what is refunded: payment_id (a payment), or credit_memo.id (a posted credit memo).';
    throw badRequest('missing_parameter', 'payment_id', message, 22);
  }
  const memo = store.documents.get(given.id);
  if (memo?.type !== 'credit_memo')
    throw badRequest('invalid_parameter', 'credit_memo.id', `No credit memo ${given.id}.`);
  if (given.amount !== undefined && given.amount !== input.amount) {
    throw badRequest(
      'invalid_parameter',
      'credit_memo.amount',
      `credit_memo.amount (${given.amount}) is not amount (${input.amount}).`,
    );
  }
  const defaultId = store.payments.defaultOf(memo.account_id);
  const method = !input.external && defaultId ? store.payments.method(defaultId) : undefined;
  const at = deps.clock.timestamp();
  return deps.commit(() => paying(() => refundCredit(store, memo, { ...input, method }, at)));
}

/** A refund with every field its answer can show: what `filter[]` and `sort[]` may name. */
const SAMPLE = {
  id: '',
  created_time: '',
  updated_time: '',
  refund_number: '',
  payment_id: '',
  account_id: '',
  amount: 0,
  refund_date: '',
  external: false,
  payment_method_id: '',
  refund_method_type: '',
  description: '',
  reason_code: '',
  reference_id: '',
  state: '',
  gateway_id: '',
  gateway_state: '',
  gateway_response_code: '',
};
