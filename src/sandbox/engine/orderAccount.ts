// The account an order books on: its owner fields, else the one its subscriptions name, or a new one from
// `account_data` (numbered only when the order is kept).
import type { AccountData } from '../../schemas';
import { refused } from './refused';
import { newId } from '../state/ids';
import type { AccountRec, Store } from '../state/store';
import type { Alloc } from './subscriptionBuild';
import { accountById } from '../state/seededLookup';

export /** A new account from `account_data` (numbered only when it is kept). */
function accountOf(d: AccountData, accountNumber: string, now: string): AccountRec {
  return {
    id: newId(),
    account_number: accountNumber,
    name: d.name,
    currency: d.currency,
    bill_cycle_day: d.bill_cycle_day ?? 1,
    bill_to: d.bill_to,
    ...(d.sold_to ? { sold_to: d.sold_to } : {}),
    status: 'active',
    created_time: now,
    updated_time: now,
  };
}

/** Who an order (or one of its subscriptions) names as its owner. */
type Owner = { account_number?: string; account_id?: string; account_data?: unknown };
type Body = Owner & { subscriptions?: Owner[] };
type OrderAccount = { account: AccountRec; newAccount: AccountRec | undefined };
const namesOwner = (o: Owner) =>
  o.account_number !== undefined || o.account_id !== undefined || o.account_data !== undefined;

/**
 * The order's account: its own owner fields, else the one its subscriptions name (an order without an owner
 * whose subscriptions each name theirs). The engine books one account per order: subscriptions naming
 * different accounts are refused with what to do, rather than booked on the wrong one.
 */
export function orderAccount(store: Store, body: Body, alloc: Alloc, now: string): OrderAccount {
  if (namesOwner(body)) return ownerAccount(store, body, '', alloc, now);
  let found: OrderAccount | undefined;
  for (const [i, s] of (body.subscriptions ?? []).entries()) {
    if (!namesOwner(s)) continue;
    const at = `subscriptions[${i}].`;
    if (!found) {
      found = ownerAccount(store, s, at, alloc, now);
      continue;
    }
    // A second new account, or another existing one, cannot share the order here.
    const same =
      !found.newAccount &&
      s.account_data === undefined &&
      ownerAccount(store, s, at, alloc, now).account === found.account;
    if (!same) {
      const message =
        'The Local sandbox books one owner account per order: give "account_number" on the order, ' +
        'or send one order per owner.';
      throw refused('invalid_parameter', `subscriptions[${i}]`, message);
    }
  }
  if (!found) throw refused('missing_parameter', 'account_number', 'The order needs an owner account.', 22);
  return found;
}

/** An existing account by number or id, or a new one from `account_data` (kept on create). */
function ownerAccount(store: Store, owner: Owner, at: string, alloc: Alloc, now: string): OrderAccount {
  if (owner.account_number === undefined && owner.account_id === undefined) {
    const account = accountOf(owner.account_data as AccountData, alloc('A') ?? '', now);
    return { account, newAccount: account };
  }
  const byNumber = owner.account_number !== undefined;
  const found = byNumber ? store.accounts.get(owner.account_number!) : accountById(store, owner.account_id!);
  if (!found) {
    const [field, value] = byNumber ? ['account_number', owner.account_number] : ['account_id', owner.account_id];
    throw refused('invalid_parameter', `${at}${field}`, `No account ${value}.`);
  }
  return { account: found, newAccount: undefined };
}
