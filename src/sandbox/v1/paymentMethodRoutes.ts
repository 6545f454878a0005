// v1 payment methods on the same store as v2: POST /v1/payment-methods (CreditCard, ACH, SEPA on the account its
// accountKey names; the account's first, or one sent with makeDefault, is its default), GET
// /v1/accounts/{account-key}/payment-methods, PUT /v1/payment-methods/{payment-method-id} (a card's expiry, the
// holder's details) and DELETE (removed: a default removed leaves the account without one). A method is made the
// default later by PUT /v1/accounts/{account-key} defaultPaymentMethodId (accountRoutes.ts).
import { checkContractBody } from '../contract/contractAnswers';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { liveMethod, makeDefault, methodStatus, newMethod, removeMethod, updateMethod } from '../payments/methods';
import { accountByKey } from '../state/lookup';
import { invalid, missing, notFoundIn } from './errors';
import { holderDetails, methodInputV1, payingV1 } from './paymentBodies';
import { methodAnswerV1 } from './paymentView';

type Body = Record<string, unknown>;
const checked = (operationId: string) => (body: unknown) => checkContractBody(operationId, body);
const PATH = '/v1/payment-methods/{methodId}';

export function paymentMethodRoutesV1(deps: RouteDeps): Route[] {
  const { store } = deps;
  const method = (id: string) => payingV1('paymentMethod', () => liveMethod(store, id));
  return [
    {
      method: 'POST',
      path: '/v1/payment-methods',
      handle: call =>
        deps.idempotent(call, checked('POST /v1/payment-methods'), raw => {
          const b = raw as Body;
          if (typeof b.accountKey !== 'string') {
            throw missing(
              'paymentMethod',
              'accountKey',
              ': the Local sandbox keeps a payment method on its account (an orphan one is not kept)',
            );
          }
          const account = accountByKey(store, b.accountKey);
          if (!account) throw invalid('paymentMethod', 'accountKey', `no account ${b.accountKey}.`);
          const at = deps.clock.timestamp();
          const m = deps.commit(() =>
            payingV1('paymentMethod', () => {
              const rec = newMethod(account, methodInputV1(b), at);
              store.payments.addMethod(rec);
              if (b.makeDefault === true || !store.payments.defaultOf(account.id)) makeDefault(store, rec, at);
              return rec;
            }),
          );
          return ok({ success: true, id: m.id });
        }),
    },
    {
      method: 'GET',
      path: '/v1/accounts/{accountKey}/payment-methods',
      handle: call => {
        const account = accountByKey(store, call.params.accountKey);
        if (!account) throw notFoundIn('unknown', `Account ${call.params.accountKey} does not exist.`);
        const own = store.payments.methodList.filter(
          m => m.account_id === account.id && !methodStatus(store, m).removed,
        );
        const defaultId = store.payments.defaultOf(account.id);
        return ok({
          success: true,
          ...(defaultId ? { defaultPaymentMethodId: defaultId } : {}),
          returnedPaymentMethodType: own.map(m => methodAnswerV1(store, m)),
        });
      },
    },
    {
      method: 'PUT',
      path: PATH,
      handle: call =>
        deps.idempotent(call, checked('PUT /v1/payment-methods/{payment-method-id}'), raw => {
          const b = (raw ?? {}) as Body;
          const m = method(call.params.methodId);
          const card = { expiry_month: b.expirationMonth, expiry_year: b.expirationYear };
          const holder = (b.accountHolderInfo ?? undefined) as Body | undefined;
          const fields = {
            ...(m.type === 'card' && (card.expiry_month !== undefined || card.expiry_year !== undefined)
              ? { card }
              : {}),
            ...(holder ? { billing_details: holderDetails(holder, 'accountHolderName') } : {}),
          };
          deps.commit(() => payingV1('paymentMethod', () => updateMethod(store, m, fields, deps.clock.timestamp())));
          return ok({ success: true, id: m.id });
        }),
    },
    {
      method: 'DELETE',
      path: PATH,
      handle: call => {
        const m = method(call.params.methodId);
        deps.commit(() => removeMethod(store, m, deps.clock.timestamp()));
        return ok({ success: true });
      },
    },
  ];
}
