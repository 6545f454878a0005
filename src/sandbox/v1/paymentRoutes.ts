// v1 payments and refunds on the same store as v2 (state/payments.ts, by the payments' rules: payments/): POST
// /v1/payments (External: recorded; Electronic: its payment method charged, a test card may decline and the failed
// payment is kept), applied to the invoices[] given or to the account's oldest open ones; GET /v1/payments (an
// account's with accountId / accountNumber, else all) and /v1/payments/{paymentKey}; PUT .../apply, .../unapply,
// .../cancel; POST /v1/payments/{paymentKey}/refunds and GET /v1/refunds/{refundKey}. Answers in v1's shapes.
import { checkContractBody } from '../contract/contractAnswers';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { liveMethod } from '../payments/methods';
import { applyPayment, cancelPayment, refundPayment, takePayment, unapplyPayment } from '../payments/payments';
import { accountByKey } from '../state/lookup';
import type { PaymentRec } from '../state/payments';
import type { Store } from '../state/store';
import { invalid, missing, notFoundIn } from './errors';
import { pageOf } from './pages';
import { invoicesV1, payingV1 } from './paymentBodies';
import { paymentAnswerV1, refundAnswerV1 } from './paymentView';

type Body = Record<string, unknown>;
const checked = (operationId: string) => (body: unknown) => checkContractBody(operationId, body);
const PATH = '/v1/payments/{paymentKey}';

export function paymentRoutesV1(deps: RouteDeps): Route[] {
  const { store } = deps;
  const payment = (key: string): PaymentRec => {
    const p = store.payments.payment(key);
    if (!p) throw notFoundIn('unknown', `Payment ${key} does not exist.`);
    return p;
  };
  const answer = (p: PaymentRec) => ok(paymentAnswerV1(store, p));
  return [
    {
      method: 'GET',
      path: '/v1/payments',
      handle: call => {
        const key = call.query.get('accountId') ?? call.query.get('accountNumber');
        const account = key === null ? undefined : accountByKey(store, key);
        if (key !== null && !account) throw notFoundIn('unknown', `Account ${key} does not exist.`);
        const list = account
          ? store.payments.paymentList.filter(p => p.account_id === account.id)
          : store.payments.paymentList;
        // A listed payment's comment is a string (GETARPaymentTypewithSuccess): none, none said.
        const row = (p: PaymentRec) => {
          const { comment, ...rest } = paymentAnswerV1(store, p);
          return comment === null ? rest : { ...rest, comment };
        };
        return ok({ success: true, payments: list.map(row) });
      },
    },
    { method: 'GET', path: PATH, handle: call => answer(payment(call.params.paymentKey)) },
    {
      method: 'POST',
      path: '/v1/payments',
      handle: call =>
        deps.idempotent(call, checked('POST /v1/payments'), raw => {
          const b = raw as Body;
          const external = b.type === 'External';
          const methodId = b.paymentMethodId as string | undefined;
          if (!external && methodId === undefined)
            throw missing('payment', 'paymentMethodId', ' for an Electronic payment (or send type External)');
          const method = methodId === undefined ? undefined : payingV1('payment', () => liveMethod(store, methodId));
          const key = (b.accountId ?? b.accountNumber ?? method?.account_id) as string | undefined;
          if (key === undefined) throw missing('payment', 'accountId', ' (or accountNumber)');
          const account = accountByKey(store, key);
          if (!account) throw invalid('payment', b.accountId ? 'accountId' : 'accountNumber', `no account ${key}.`);
          const input = {
            account,
            amount: b.amount as number,
            currency: b.currency as string,
            payment_date: (b.effectiveDate as string | undefined) ?? deps.clock.today(),
            external,
            ...(method ? { method } : {}),
            ...(methodId !== undefined ? { payment_method_id: methodId } : {}),
            documents: invoicesV1(store, b.invoices, 'payment'),
            ...(typeof b.comment === 'string' ? { description: b.comment } : {}),
            ...(typeof b.referenceId === 'string' ? { reference_id: b.referenceId } : {}),
          };
          const at = deps.clock.timestamp();
          const p = deps.commit(() => payingV1('payment', () => takePayment(store, input, at, deps.clock.today())));
          return answer(p);
        }),
    },
    ...(['apply', 'unapply'] as const).map((name): Route => ({
      method: 'PUT',
      path: `${PATH}/${name}`,
      handle: call =>
        deps.idempotent(call, checked(`PUT ${PATH}/${name}`), raw => {
          const p = payment(call.params.paymentKey);
          const given = invoicesV1(store, (raw as Body | undefined)?.invoices, 'payment');
          if (!given?.length) throw missing('payment', 'invoices', `: the invoices to ${name} the payment to`);
          const act = name === 'apply' ? applyPayment : unapplyPayment;
          deps.commit(() => payingV1('payment', () => act(store, p, given, deps.clock.timestamp())));
          return answer(p);
        }),
    })),
    {
      method: 'PUT',
      path: `${PATH}/cancel`,
      handle: call => {
        const p = payment(call.params.paymentKey);
        deps.commit(() => payingV1('payment', () => cancelPayment(store, p, deps.clock.timestamp())));
        return answer(p);
      },
    },
    {
      method: 'POST',
      path: `${PATH}/refunds`,
      handle: call =>
        deps.idempotent(call, checked(`POST ${PATH}/refunds`), raw => {
          const b = raw as Body;
          const p = payment(call.params.paymentKey);
          const input = {
            amount: b.totalAmount as number,
            refund_date: (b.refundDate as string | undefined) ?? deps.clock.today(),
            external: b.type === 'External',
            ...(typeof b.comment === 'string' ? { description: b.comment } : {}),
            ...(typeof b.reasonCode === 'string' ? { reason_code: b.reasonCode } : {}),
            ...(typeof b.referenceId === 'string' ? { reference_id: b.referenceId } : {}),
          };
          const at = deps.clock.timestamp();
          const r = deps.commit(() => payingV1('refund', () => refundPayment(store, p, input, at)));
          return ok(refundAnswerV1(store, r));
        }),
    },
    {
      method: 'GET',
      path: '/v1/refunds',
      handle: call => ok(refundPage(store, call.query)),
    },
    {
      method: 'GET',
      path: '/v1/refunds/{refundKey}',
      handle: call => {
        const r = store.payments.refund(call.params.refundKey);
        if (!r) throw notFoundIn('unknown', `Refund ${call.params.refundKey} does not exist.`);
        return ok(refundAnswerV1(store, r));
      },
    },
  ];
}

/** GET /v1/refunds: the kept refunds, oldest first, paged as the other v1 lists. */
function refundPage(store: Store, q: URLSearchParams) {
  const { rows, nextPage } = pageOf(store.payments.refundList, q, '/v1/refunds');
  return { refunds: rows.map(r => refundAnswerV1(store, r)), ...(nextPage ? { nextPage } : {}), success: true };
}
