// Paying one invoice or debit memo (POST /v2/invoices/{id}/pay, /v2/debit_memos/{id}/pay): a payment of its
// balance (or the amount given) applied to it, charged to the method named or the account's default one, or
// recorded when external. A card that declines leaves the document as it was and the failed payment kept (as
// POST /v2/payments keeps it): the answer is a 400 with the gateway's words. And `paying`: the payments' refusals
// in v2's words, which every v2 payment, refund and memo route answers with.
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { balanceOf } from '../payments/balances';
import { methodStatus, PaymentRefused } from '../payments/methods';
import { takePayment } from '../payments/payments';
import type { BillingDocumentRec } from '../state/documents';
import type { PaymentRec } from '../state/payments';
import { invalidState } from './bodies';

type Body = Record<string, unknown>;

/** Runs a rule; what it refuses is the service's 400 (404 for what is not there). */
export function paying<T>(act: () => T): T {
  try {
    return act();
  } catch (e) {
    if (!(e instanceof PaymentRefused)) throw e;
    if (e.code === 'not_found') throw notFound(e.parameter, e.message);
    throw e.code === 'invalid_state'
      ? invalidState(e.parameter, e.message)
      : badRequest(e.code, e.parameter, e.message);
  }
}

export function payDocument(deps: RouteDeps, d: BillingDocumentRec, body: Body): PaymentRec {
  const { store } = deps;
  const account = store.accounts.get(d.account_number);
  if (!account) throw badRequest('invalid_parameter', 'account_id', `No account ${d.account_number}.`);
  const external = body.external === true;
  const methodId = (body.payment_method_id as string | undefined) ?? store.payments.defaultOf(account.id);
  const method = methodId !== undefined ? store.payments.method(methodId) : undefined;
  if (!external && (!method || methodStatus(store, method).removed)) {
    const message =
      methodId === undefined
        ? `Account ${account.account_number} has no default payment method: give payment_method_id, or external: true.`
        : `No payment method ${methodId} to charge: create one (POST /v2/payment_methods) or pay with external: true.`;
    throw badRequest('invalid_parameter', 'payment_method_id', message);
  }
  const input = {
    account,
    amount: (body.amount as number | undefined) ?? balanceOf(store, d),
    currency: body.currency as string,
    payment_date: (body.payment_date as string | undefined) ?? deps.clock.today(),
    external,
    method,
    ...(methodId !== undefined ? { payment_method_id: methodId } : {}),
    documents: [{ id: d.id, type: d.type, amount: (body.amount as number | undefined) ?? balanceOf(store, d) }],
    description: body.description as string | undefined,
    reference_id: body.reference_id as string | undefined,
    custom_fields: body.custom_fields as Body | undefined,
  };
  const at = deps.clock.timestamp();
  const p = deps.commit(() => paying(() => takePayment(store, input, at, deps.clock.today())));
  if (p.state === 'error') {
    const message = `Payment ${p.number} was declined (${p.gateway_response_code}: ${p.gateway_response}); ${d.number} is unpaid.`;
    throw badRequest('invalid_parameter', 'payment_method_id', message);
  }
  return p;
}
