// v2 accounts by state: GET /v2/accounts (listQuery.ts), GET and PATCH /v2/accounts/{account_id} by id or number
// (their subscriptions with `expand[]=subscriptions`), DELETE answered 501 with advice (the sandbox keeps every
// account it made: bill runs and time travel read them).
import { Account, Contact } from '../../schemas/account';
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { accountByKey, changeAccount } from '../state/lookup';
import type { AccountRec, Contact as ContactRec, Store } from '../state/store';
import { liveMethod, makeDefault, METHOD_TYPES, newMethod, type MethodInput } from '../payments/methods';
import type { PaymentMethodType } from '../state/payments';
import { invalidState, notServed, zodCheck } from './bodies';
import { listPageYielding } from './listQuery';
import { accountCandidates } from '../query/seededFilter';
import { paying } from './payDocument';
import { accountMoney } from './paymentViews';
import { subscriptionView } from './subscriptionViews';
import { accountView } from './views';
import { subscriptionsOf } from '../state/seededLookup';

/** A PATCH body: any field of a new account but its payment method; contacts change field by field. */
const AccountPatch = Account.partial().omit({ payment_method: true }).extend({
  bill_to: Contact.partial().optional(),
  sold_to: Contact.partial().optional(),
});

/** What the account keeps as given (nothing computes from these). */
const DETAIL_FIELDS = [
  'description',
  'batch',
  'auto_pay',
  'default_payment_method_id',
  'payment_gateway',
  'payment_terms',
  'billing_document_settings',
  'communication_profile_id',
  'crm_id',
  'parent_account_id',
  'sales_rep',
  'sequence_set_id',
  'tax_certificate',
  'tax_identifier',
  'custom_fields',
] as const;

/** The detail fields of a body (a new account's or a PATCH's). */
export function detailsOf(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept = DETAIL_FIELDS.filter(k => body[k] !== undefined).map(k => [k, body[k]]);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/**
 * A new account's payment_method: kept as its default payment method (what collection charges). A type the sandbox
 * does not keep (PayPal, a wallet...) is not kept: the account is made as the service makes it, without a default.
 */
export function keepDefaultMethod(store: Store, account: AccountRec, pm: MethodInput, at: string): void {
  if (!METHOD_TYPES.includes(pm.type as PaymentMethodType)) return;
  paying(() => {
    const rec = newMethod(account, pm, at);
    store.payments.addMethod(rec);
    makeDefault(store, rec, at);
  });
}

/**
 * What an order's account_data gives a new account besides what the engine keeps: its details (auto_pay...) and
 * its payment_method as the default method. `data` is the order's (or its first subscription's) account_data.
 */
export function keepAccountData(store: Store, account: AccountRec, data: unknown, at: string): void {
  if (!data || typeof data !== 'object') return;
  const details = detailsOf(data as Record<string, unknown>);
  if (details) account.details = details;
  const pm = (data as { payment_method?: MethodInput }).payment_method;
  if (pm) keepDefaultMethod(store, account, pm, at);
}

export const accountOrThrow = (store: Store, key: string): AccountRec => {
  const account = accountByKey(store, key);
  if (!account) throw notFound('account_id', `Account ${key} could not be found.`);
  return account;
};

export function accountRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  /** The account with its balances and default payment method. */
  const withMoney = (a: AccountRec) => ({ ...accountView(a), ...accountMoney(store, a) });
  /** The account, with its subscriptions when `expand[]=subscriptions` asks. */
  const view = (a: AccountRec, q: URLSearchParams) => {
    const own = withMoney(a);
    if (!q.getAll('expand[]').includes('subscriptions')) return own;
    const subs = subscriptionsOf(store, a.account_number);
    return { ...own, subscriptions: { next_page: null, data: subs.map(s => subscriptionView(s, a)) } };
  };
  return [
    {
      method: 'GET',
      path: '/v2/accounts',
      handle: async call => {
        const narrow = (filters: string[]) => {
          const candidates = accountCandidates(store, filters, 'v2');
          return candidates && { indices: candidates(0), at: (i: number) => store.accountList.peekAt(i)! };
        };
        // The balances are read only when a filter or sort names one: a scan of a big tenant costs less without.
        const asked = [...call.query.getAll('filter[]'), ...call.query.getAll('sort[]')];
        const money = asked.some(f => MONEY.test(f));
        const row = money ? withMoney : accountView;
        const spec = { what: 'Accounts', sample: SAMPLE, row, narrow };
        return ok(await listPageYielding(store.accountList, call.query, a => view(a, call.query), spec));
      },
    },
    {
      method: 'GET',
      path: '/v2/accounts/{account_id}',
      handle: call => ok(view(accountOrThrow(store, call.params.account_id), call.query)),
    },
    {
      method: 'PATCH',
      path: '/v2/accounts/{account_id}',
      handle: call =>
        deps.idempotent(call, zodCheck(AccountPatch), body => {
          const account = accountOrThrow(store, call.params.account_id);
          const b = body as Record<string, unknown>;
          changeAccount(store, deps.commit, account, () => patchAccount(store, account, b, deps.clock.timestamp()));
          return ok(view(account, call.query));
        }),
    },
    {
      method: 'DELETE',
      path: '/v2/accounts/{account_id}',
      handle: call => {
        const account = accountOrThrow(store, call.params.account_id);
        throw notServed(
          `The Local sandbox keeps account ${account.account_number}: its bill runs and time travel read every ` +
            'account it made. Cancel its subscriptions (POST /v2/subscriptions/{subscription_id}/cancel), or reset ' +
            'the Local sandbox for a fresh start.',
        );
      },
    },
  ];
}

function patchAccount(store: Store, a: AccountRec, b: Record<string, unknown>, now: string): void {
  if (b.account_number !== undefined && b.account_number !== a.account_number) {
    throw notServed(
      `The Local sandbox does not renumber accounts: ${a.account_number} keeps its number (orders, subscriptions ` +
        'and billing documents name it). Leave account_number out of the PATCH.',
    );
  }
  if (b.currency !== undefined && b.currency !== a.currency && hasActivity(store, a)) {
    throw invalidState(
      'currency',
      `Account ${a.account_number} has subscriptions or billing documents in ${a.currency}; its currency cannot change.`,
    );
  }
  if (typeof b.name === 'string') a.name = b.name;
  if (typeof b.currency === 'string') a.currency = b.currency;
  if (typeof b.bill_cycle_day === 'number') a.bill_cycle_day = b.bill_cycle_day;
  if (b.bill_to) a.bill_to = mergeContact(a.bill_to, b.bill_to as ContactRec);
  // Without a sold-to of its own, the account's sold-to is its bill-to contact: a change to one is to both.
  if (b.sold_to && a.sold_to) a.sold_to = mergeContact(a.sold_to, b.sold_to as ContactRec);
  else if (b.sold_to) a.bill_to = mergeContact(a.bill_to, b.sold_to as ContactRec);
  if (typeof b.default_payment_method_id === 'string') {
    // Made the default (what collection charges), read back from the payments' book, never echoed.
    const m = paying(() => liveMethod(store, b.default_payment_method_id as string));
    if (m.account_id !== a.id) {
      const message = `Payment method ${m.id} is not account ${a.account_number}'s: give one of its own.`;
      throw badRequest('invalid_parameter', 'default_payment_method_id', message);
    }
    makeDefault(store, m, now);
  }
  const { default_payment_method_id: _d, ...details } = detailsOf(b) ?? {};
  if (Object.keys(details).length) a.details = { ...a.details, ...details };
  a.updated_time = now;
}

/** A contact with a change's fields over its own (an address field by field). */
export function mergeContact(c: ContactRec, change: ContactRec): ContactRec {
  const address =
    change.address !== undefined
      ? { address: { ...(c.address as object | undefined), ...(change.address as object) } }
      : {};
  return { ...c, ...change, ...address };
}

const hasActivity = (store: Store, a: AccountRec) =>
  subscriptionsOf(store, a.account_number).length > 0 ||
  store.documentList.some(d => d.account_number === a.account_number);

/** The fields of an account's answer that come from its money (paymentViews.ts accountMoney). */
const MONEY = /^(remaining_\w+_balance|default_payment_method_id)[.]/;
/** An account with every field its answer can show: what the list can be filtered and sorted by. */
const SAMPLE = {
  ...accountView({
    id: '',
    account_number: '',
    name: '',
    currency: '',
    bill_cycle_day: 0,
    bill_to: { first_name: '', last_name: '', email: '', work_email: '' },
    sold_to: { first_name: '', last_name: '' },
    status: 'active',
    created_time: '',
    updated_time: '',
    details: { description: '', batch: '', auto_pay: false, crm_id: '', sales_rep: '', payment_terms: '' },
  }),
  ...{ remaining_invoice_balance: 0, remaining_debit_memo_balance: 0, remaining_credit_memo_balance: 0 },
  ...{ remaining_payment_balance: 0, default_payment_method_id: '' },
};
