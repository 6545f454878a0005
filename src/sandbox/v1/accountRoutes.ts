// v1 accounts written on the same store as v2: POST /v1/accounts (an account alone: its contacts, bill cycle day,
// autoPay and the rest kept as v2 keeps them; a card in creditCard or a paymentMethod block becomes its default
// payment method) and PUT /v1/accounts/{account-key} (its fields changed in place, autoPay, and
// defaultPaymentMethodId: one of its payment methods made the default). GET answers in accountView.ts.
import { checkContractBody } from '../contract/contractAnswers';
import { createAccount } from '../engine/orders';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { liveMethod, makeDefault, newMethod, type MethodInput } from '../payments/methods';
import { accountByKey, changeAccount, roleContactId } from '../state/lookup';
import type { AccountRec, Contact, Store } from '../state/store';
import { mergeContact } from '../v2/accountRoutes';
import type { V1Contact } from './body';
import { invalid, notFoundIn, notServed } from './errors';
import { KEPT_TYPES_V1, methodInputV1, payingV1, V1_ACCOUNT_CARD_FIELDS } from './paymentBodies';
import { contact } from './translate';

type Body = Record<string, unknown>;
const checked = (operationId: string) => (body: unknown) => checkContractBody(operationId, body);

/** v1's account fields the sandbox keeps, by their v2 names (kept in details, answered by both families). */
const DETAILS: Record<string, string> = {
  autoPay: 'auto_pay',
  batch: 'batch',
  crmId: 'crm_id',
  salesRep: 'sales_rep',
  paymentTerm: 'payment_terms',
  notes: 'description',
};

const detailsOf = (b: Body) =>
  Object.fromEntries(Object.entries(DETAILS).flatMap(([v1, v2]) => (b[v1] === undefined ? [] : [[v2, b[v1]]])));

/** A contact's fields as sent (a PUT changes only those). */
const sentContact = (c: V1Contact): Contact =>
  Object.fromEntries(Object.entries(contact(c)).filter(([, v]) => v !== undefined)) as Contact;

export function accountRoutesV1(deps: RouteDeps): Route[] {
  const { store } = deps;
  return [
    {
      method: 'POST',
      path: '/v1/accounts',
      handle: call =>
        deps.idempotent(call, checked('POST /v1/accounts'), raw => {
          const b = raw as Body;
          if (b.subscription !== undefined) {
            throw notServed(
              'account',
              'An account created with its subscription (use POST /v1/orders with newAccount)',
            );
          }
          if (b.hpmCreditCardPaymentMethodId !== undefined) {
            throw notServed(
              'account',
              'A hosted payment page method (hpmCreditCardPaymentMethodId: send creditCard or paymentMethod instead)',
            );
          }
          const pm = methodOf(b);
          const at = deps.clock.timestamp();
          const { account, methodId } = deps.commit(() => {
            const account = createAccount(
              store,
              {
                name: b.name as string,
                currency: b.currency as string,
                bill_cycle_day: typeof b.billCycleDay === 'number' ? b.billCycleDay : 1, // the service's AutoSet: 1 here
                bill_to: contact(b.billToContact as V1Contact),
                ...(b.soldToContact ? { sold_to: contact(b.soldToContact as V1Contact) } : {}),
              } as never,
              deps.clock,
            );
            const details = detailsOf(b);
            if (Object.keys(details).length) account.details = details;
            const methodId = pm ? keepDefault(store, account, pm, at) : undefined;
            return { account, methodId };
          });
          return ok({
            success: true,
            accountId: account.id,
            accountNumber: account.account_number,
            billToContactId: roleContactId(account, 'bill_to'),
            soldToContactId: account.sold_to ? roleContactId(account, 'sold_to') : roleContactId(account, 'bill_to'),
            ...(methodId ? { paymentMethodId: methodId } : {}),
          });
        }),
    },
    {
      method: 'PUT',
      path: '/v1/accounts/{accountKey}',
      handle: call =>
        deps.idempotent(call, checked('PUT /v1/accounts/{account-key}'), raw => {
          const b = (raw ?? {}) as Body;
          const account = accountByKey(store, call.params.accountKey);
          if (!account) throw notFoundIn('unknown', `Account ${call.params.accountKey} does not exist.`);
          const at = deps.clock.timestamp();
          changeAccount(store, deps.commit, account, () => changeV1(store, account, b, at));
          return ok({ success: true });
        }),
    },
  ];
}

/** What an order's newAccount gives a new account besides what the engine keeps: autoPay..., its card or method. */
export function keepNewAccountV1(store: Store, account: AccountRec, b: Body, at: string): void {
  const details = detailsOf(b);
  if (Object.keys(details).length) account.details = details;
  const pm = methodOf(b);
  if (pm) keepDefault(store, account, pm, at);
}

/**
 * The card (creditCard) or payment method (paymentMethod) a new account is created with; a type the sandbox does
 * not keep (PayPal, a wallet...) is not kept: the account is made as the service makes it, without a default.
 */
function methodOf(b: Body): MethodInput | undefined {
  const pm = b.paymentMethod as Body | undefined;
  if (pm) return KEPT_TYPES_V1.includes(String(pm.type)) ? methodInputV1(pm) : undefined;
  if (b.creditCard) return methodInputV1({ ...(b.creditCard as Body), type: 'CreditCard' });
  return undefined;
}

function keepDefault(store: Store, account: AccountRec, pm: MethodInput, at: string): string {
  return payingV1(
    'paymentMethod',
    () => {
      const rec = newMethod(account, pm, at);
      store.payments.addMethod(rec);
      makeDefault(store, rec, at);
      return rec.id;
    },
    false,
    V1_ACCOUNT_CARD_FIELDS,
  );
}

function changeV1(store: Store, a: AccountRec, b: Body, at: string): void {
  if (typeof b.defaultPaymentMethodId === 'string') {
    const m = payingV1('account', () => liveMethod(store, b.defaultPaymentMethodId as string));
    if (m.account_id !== a.id) {
      throw invalid(
        'account',
        'defaultPaymentMethodId',
        `payment method ${m.id} is not account ${a.account_number}'s.`,
      );
    }
    makeDefault(store, m, at);
  }
  if (typeof b.name === 'string') a.name = b.name;
  if (typeof b.billCycleDay === 'number') a.bill_cycle_day = b.billCycleDay;
  if (b.billToContact) a.bill_to = mergeContact(a.bill_to, sentContact(b.billToContact as V1Contact));
  // Without a sold-to of its own, the account's sold-to is its bill-to contact (as v2 has it): a change is to both.
  if (b.soldToContact && a.sold_to) a.sold_to = mergeContact(a.sold_to, sentContact(b.soldToContact as V1Contact));
  else if (b.soldToContact) a.bill_to = mergeContact(a.bill_to, sentContact(b.soldToContact as V1Contact));
  const details = detailsOf(b);
  if (Object.keys(details).length) a.details = { ...a.details, ...details };
  a.updated_time = at;
}
