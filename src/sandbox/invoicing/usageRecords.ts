// The rules of usage records, for both families: a record names its account (id or number), optionally its
// subscription and usage charge (each by id or number, and they must be the account's), a unit of measure, a
// quantity and a start; it is kept with both keys of each, so lists and bill runs read it either way. A record a
// bill run billed is `processed` and is no longer changed or deleted (the vendor's rule: usage already on an
// invoice cannot be changed, https://docs.zuora.com/zuora-platform/integration/apis/soap-api/soap-api-object-reference/usage);
// the invoice is canceled or reversed first.
import { isRealDate } from '../../schemas/dates';
import { accountByKey, subscriptionByKey } from '../state/lookup';
import { newId } from '../state/ids';
import type { AccountRec, Store, SubscriptionRec } from '../state/store';
import type { UsageFields, UsageRec } from '../state/usage';
import { chargeOf } from './usageRating';

/** What a request asks to keep, in the store's words; keys may be ids or numbers. */
export interface UsageInput {
  account?: string;
  subscription?: string;
  charge?: string;
  unit_of_measure?: string;
  quantity?: number;
  start_time?: string;
  end_time?: string;
  description?: string;
  custom_fields?: Record<string, unknown>;
}

/** A record the rules refuse: the field (as the request names it) and what to do. */
export class UsageRefused extends Error {
  constructor(
    readonly parameter: string,
    message: string,
    readonly code: 'invalid_parameter' | 'missing_parameter' | 'invalid_state' | 'not_found' = 'invalid_parameter',
  ) {
    super(message);
  }
}

/** The field names a family gives the input's fields (v2's by default). */
export type UsageNames = Record<keyof UsageInput, string>;
export const V2_NAMES: UsageNames = {
  account: 'account_id',
  subscription: 'subscription_id',
  charge: 'subscription_item_id',
  unit_of_measure: 'unit_of_measure',
  quantity: 'quantity',
  start_time: 'start_time',
  end_time: 'end_time',
  description: 'description',
  custom_fields: 'custom_fields',
};

/** A new record from `input` (not kept: the caller adds it inside its commit). */
export function newUsage(
  store: Store,
  input: UsageInput,
  ctx: { at: string; import_id?: string; names?: UsageNames },
): UsageRec {
  const names = ctx.names ?? V2_NAMES;
  const account = accountOf(store, input.account, names.account);
  const sub = input.subscription === undefined ? undefined : subscriptionOf(store, account, input.subscription, names);
  const id = newId();
  const rec: UsageRec = {
    id,
    account_id: account.id,
    account_number: account.account_number,
    ...(sub ? { subscription_id: sub.id, subscription_number: sub.subscription_number } : {}),
    unit_of_measure: required(input.unit_of_measure, names.unit_of_measure),
    quantity: quantityOf(input.quantity, names.quantity),
    ...timesOf(required(input.start_time, names.start_time), names.start_time),
    ...(input.end_time !== undefined ? { end_time: timesOf(input.end_time, names.end_time).start_time } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.custom_fields ? { custom_fields: input.custom_fields } : {}),
    import_id: ctx.import_id ?? id,
    source: ctx.import_id ? 'import' : 'api',
    created_time: ctx.at,
  };
  if (input.charge !== undefined) {
    const subs = sub ? [sub] : subscriptionsOf(store, account);
    const it = chargeOf({ ...rec, subscription_item_id: input.charge, subscription_item_number: input.charge }, subs);
    if (!it) {
      const where = sub ? `subscription ${sub.subscription_number}` : `account ${account.account_number}`;
      throw new UsageRefused(names.charge, `${input.charge} is not a usage charge of ${where}.`);
    }
    rec.subscription_item_id = it.id;
    rec.subscription_item_number = it.subscription_item_number;
    if (!sub) {
      const owner = subs.find(s => s.plans.some(p => p.items.includes(it)))!;
      Object.assign(rec, { subscription_id: owner.id, subscription_number: owner.subscription_number });
    }
  }
  return rec;
}

/** The fields a change gives (PATCH, PUT), checked as a new record's are. */
export function usageChanges(input: UsageInput, at: string, names: UsageNames = V2_NAMES): UsageFields {
  return {
    ...(input.unit_of_measure !== undefined ? { unit_of_measure: input.unit_of_measure } : {}),
    ...(input.quantity !== undefined ? { quantity: quantityOf(input.quantity, names.quantity) } : {}),
    ...(input.start_time !== undefined ? timesOf(input.start_time, names.start_time) : {}),
    ...(input.end_time !== undefined ? { end_time: timesOf(input.end_time, names.end_time).start_time } : {}),
    ...(input.custom_fields ? { custom_fields: input.custom_fields } : {}),
    updated_time: at,
  };
}

/** Whether a bill run billed it: a document line of its charge stands billed for the period its start falls in. */
export function isProcessed(store: Store, r: UsageRec): boolean {
  const it = chargeOf(r, subscriptionsOf(store, store.accounts.get(r.account_number)));
  if (!it) return false;
  for (const b of store.ledger.lines(it.id).values()) {
    const i = b.item;
    if (b.count > 0 && i.kind === 'charge' && i.service_start <= r.start_date && r.start_date <= i.service_end)
      return true;
  }
  return false;
}

/** A record that may still change: kept, not deleted, not billed. */
export function changeable(store: Store, id: string, parameter = 'id'): UsageRec {
  const r = store.usage.get(id);
  if (!r) throw new UsageRefused(parameter, `Usage record ${id} not found.`, 'not_found');
  if (isProcessed(store, r)) {
    const message =
      `Usage record ${id} is billed already: cancel or reverse the invoice that billed its period ` +
      'before changing or deleting it.';
    throw new UsageRefused(parameter, message, 'invalid_state');
  }
  return r;
}

export function subscriptionsOf(store: Store, account: AccountRec | undefined): SubscriptionRec[] {
  if (!account) return [];
  return [...store.subscriptions.values()].filter(s => s.account_number === account.account_number);
}

function accountOf(store: Store, key: string | undefined, parameter: string): AccountRec {
  if (key === undefined || key === '') {
    throw new UsageRefused(
      parameter,
      'Give the account (its id or number) the usage is billed to.',
      'missing_parameter',
    );
  }
  const account = accountByKey(store, key);
  if (!account) throw new UsageRefused(parameter, `No account ${key}: give the id or number of an account.`);
  return account;
}

function subscriptionOf(store: Store, account: AccountRec, key: string, names: UsageNames): SubscriptionRec {
  const sub = subscriptionByKey(store, key);
  if (!sub) throw new UsageRefused(names.subscription, `No subscription ${key}.`);
  if (sub.account_number !== account.account_number) {
    const message = `Subscription ${key} belongs to account ${sub.account_number}, not ${account.account_number}.`;
    throw new UsageRefused(names.subscription, message);
  }
  return sub;
}

function required(v: string | undefined, parameter: string): string {
  if (v === undefined || v.trim() === '') throw new UsageRefused(parameter, `Give ${parameter}.`, 'missing_parameter');
  return v;
}

function quantityOf(q: number | undefined, parameter: string): number {
  if (q === undefined) throw new UsageRefused(parameter, `Give ${parameter}: the units used.`, 'missing_parameter');
  if (typeof q !== 'number' || !Number.isFinite(q)) {
    throw new UsageRefused(parameter, `${parameter} must be a number (the units used), not ${JSON.stringify(q)}.`);
  }
  return q;
}

/** A start given as a date-time (or a date): kept as given, with its date, which picks the billing period. */
function timesOf(t: string, parameter: string): { start_time: string; start_date: string } {
  const date = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(t)?.[1];
  if (!date || !isRealDate(date) || (t.length > 10 && Number.isNaN(Date.parse(t)))) {
    throw new UsageRefused(parameter, `${parameter} must be a date-time such as 2027-01-15T00:00:00Z, not "${t}".`);
  }
  return { start_time: t.length === 10 ? `${t}T00:00:00Z` : t, start_date: date };
}
