// v2 payment methods and payments, kept in the store (state/payments.ts) by the payments' rules (payments/):
// methods created (the account's first is its default, or the one created or changed with is_default), read,
// listed, changed and removed; payments taken (electronic: the method is charged and a test card may decline, the
// payment kept in state error; external: recorded), read by id or number, listed, applied, unapplied and canceled.
// Bodies are checked against the reference's request schemas; what the rules refuse is a 400 saying what to do.
import { checkContractBody } from '../contract/contractAnswers';
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { liveMethod, makeDefault, methodStatus, newMethod, removeMethod, updateMethod } from '../payments/methods';
import type { MethodInput } from '../payments/methods';
import { applyPayment, cancelPayment, takePayment, unapplyPayment, type Application } from '../payments/payments';
import { accountByKey } from '../state/lookup';
import type { PaymentRec } from '../state/payments';
import type { AccountRec, Store } from '../state/store';
import { actionBody } from './invoiceRoutes';
import { paying } from './payDocument';
import { listPage } from './listQuery';
import { paymentMethodView, paymentView } from './paymentViews';

type Body = Record<string, unknown>;
const checked = (operationId: string) => (body: unknown) => checkContractBody(operationId, body);

/** The account a body names by account_id or account_number (`fallback` when it names none). */
function accountOf(store: Store, body: Body, fallback?: string): AccountRec {
  const key = (body.account_id ?? body.account_number ?? fallback) as string | undefined;
  const parameter = body.account_id !== undefined ? 'account_id' : 'account_number';
  if (key === undefined) throw badRequest('missing_parameter', 'account_id', 'Give account_id or account_number.', 22);
  const account = accountByKey(store, key);
  if (!account) throw badRequest('invalid_parameter', parameter, `No account ${key}.`);
  return account;
}

export function paymentRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const method = (id: string) => paying(() => liveMethod(store, id));
  const payment = (key: string): PaymentRec => {
    const p = store.payments.payment(key);
    if (!p) throw notFound('payment_id', `Payment ${key} not found.`);
    return p;
  };
  /** The method an electronic payment charges: one kept and not removed, else a 400 naming payment_method_id. */
  const chargeable = (id: string) => {
    const m = store.payments.method(id);
    if (m && !methodStatus(store, m).removed) return m;
    const message = `No payment method ${id} to charge: create one (POST /v2/payment_methods) or pay with external: true.`;
    throw badRequest('invalid_parameter', 'payment_method_id', message);
  };
  const live = () => store.payments.methodList.filter(m => !methodStatus(store, m).removed);
  const methodView = (m: Parameters<typeof paymentMethodView>[1]) => paymentMethodView(store, m);
  const view = (p: PaymentRec) => paymentView(store, p);
  return [
    {
      method: 'GET',
      path: '/v2/payment_methods',
      handle: call => ok(listPage(live(), call.query, methodView, { what: 'Payment methods', sample: METHOD_SAMPLE })),
    },
    {
      method: 'POST',
      path: '/v2/payment_methods',
      handle: call =>
        deps.idempotent(call, checked('POST /v2/payment_methods'), raw => {
          const body = raw as Body;
          const account = accountOf(store, body);
          const at = deps.clock.timestamp();
          const m = deps.commit(() =>
            paying(() => {
              const rec = newMethod(account, body as unknown as MethodInput, at);
              store.payments.addMethod(rec);
              if (body.is_default === true || !store.payments.defaultOf(account.id)) makeDefault(store, rec, at);
              return rec;
            }),
          );
          return { status: 201, body: methodView(m) };
        }),
    },
    {
      method: 'GET',
      path: '/v2/payment_methods/{payment_method_id}',
      handle: call => ok(methodView(method(call.params.payment_method_id))),
    },
    {
      method: 'PATCH',
      path: '/v2/payment_methods/{payment_method_id}',
      handle: call =>
        deps.idempotent(call, checked('PATCH /v2/payment_methods/{payment_method_id}'), raw => {
          const m = method(call.params.payment_method_id);
          deps.commit(() => paying(() => updateMethod(store, m, raw as Body, deps.clock.timestamp())));
          return ok(methodView(m));
        }),
    },
    {
      method: 'DELETE',
      path: '/v2/payment_methods/{payment_method_id}',
      handle: call => {
        const m = method(call.params.payment_method_id);
        deps.commit(() => removeMethod(store, m, deps.clock.timestamp()));
        return { status: 204, body: undefined };
      },
    },
    {
      method: 'GET',
      path: '/v2/payments',
      handle: call =>
        ok(listPage(store.payments.paymentList, call.query, view, { what: 'Payments', sample: PAYMENT_SAMPLE })),
    },
    {
      method: 'POST',
      path: '/v2/payments',
      handle: call =>
        deps.idempotent(call, checked('POST /v2/payments'), raw => {
          const body = raw as Body;
          const external = body.external === true;
          const methodId = body.payment_method_id as string;
          const m = external ? store.payments.method(methodId) : chargeable(methodId);
          const account = accountOf(store, body, m?.account_id);
          const at = deps.clock.timestamp();
          const input = {
            account,
            amount: body.amount as number,
            currency: body.currency as string,
            payment_date: body.payment_date as string,
            external,
            method: m,
            payment_method_id: methodId,
            documents: body.billing_documents as Application[] | undefined,
            description: body.description as string | undefined,
            reference_id: body.reference_id as string | undefined,
            custom_fields: body.custom_fields as Body | undefined,
          };
          const p = deps.commit(() => paying(() => takePayment(store, input, at, deps.clock.today())));
          return { status: 201, body: view(p) };
        }),
    },
    { method: 'GET', path: '/v2/payments/{payment_id}', handle: call => ok(view(payment(call.params.payment_id))) },
    ...(['apply', 'unapply'] as const).map((name): Route => ({
      method: 'PUT',
      path: `/v2/payments/{payment_id}/${name}`,
      handle: call =>
        deps.idempotent(call, checked(`PUT /v2/payments/{payment_id}/${name}`), raw => {
          const p = payment(call.params.payment_id);
          const given = (raw as Body).billing_documents as Application[];
          const act = name === 'apply' ? applyPayment : unapplyPayment;
          deps.commit(() => paying(() => act(store, p, given, deps.clock.timestamp())));
          return ok(view(p));
        }),
    })),
    {
      method: 'POST',
      path: '/v2/payments/{payment_id}/cancel',
      handle: async call => {
        await actionBody(call, 'POST /v2/payments/{payment_id}/cancel');
        await call.hold();
        const p = payment(call.params.payment_id);
        deps.commit(() => paying(() => cancelPayment(store, p, deps.clock.timestamp())));
        return ok(view(p));
      },
    },
  ];
}

/** A method and a payment with every field their answers can show: what `filter[]` and `sort[]` may name. */
const METHOD_SAMPLE = {
  id: '',
  created_time: '',
  updated_time: '',
  type: '',
  account_id: '',
  state: '',
  total_number_of_processed_payments: 0,
  total_number_of_error_payments: 0,
  number_of_consecutive_failures: 0,
  last_transaction_time: '',
  last_transaction_status: '',
  last_failed_sale_transaction_time: '',
};
const PAYMENT_SAMPLE = {
  id: '',
  created_time: '',
  updated_time: '',
  description: '',
  reference_id: '',
  payment_number: '',
  account_id: '',
  account_number: '',
  amount: 0,
  amount_applied: 0,
  remaining_balance: 0,
  amount_refunded: 0,
  currency: '',
  payment_date: '',
  payment_method_id: '',
  external: false,
  state: '',
  gateway_id: '',
  gateway_state: '',
  gateway_response_code: '',
  gateway_response: '',
};
