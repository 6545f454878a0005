// Records by the key a caller gives: the service takes an object's id or its number wherever a path names it.
// Contacts live on their account (bill_to, sold_to, and the others in `contacts`), so they are saved, rolled back
// and put back with it; bill_to and sold_to get ids derived from the account's, stable without being stored.
import { createHash } from 'crypto';
import { ACCOUNT_KEY, type AccountRec, type Contact, type OrderRec, type Store, type SubscriptionRec } from './store';
import { accountById, orderById, subscriptionById } from './seededLookup';

export const accountByKey = (store: Store, key: string): AccountRec | undefined =>
  store.accounts.get(key) ?? accountById(store, key);

export const orderByKey = (store: Store, key: string): OrderRec | undefined =>
  store.orders.get(key) ?? orderById(store, key);

export const subscriptionByKey = (store: Store, key: string): SubscriptionRec | undefined =>
  store.subscriptions.get(key) ?? subscriptionById(store, key);

export type ContactRole = 'bill_to' | 'sold_to' | 'other';

/** A contact with the account it belongs to and its place there. */
export interface ContactRef {
  account: AccountRec;
  contact: Contact;
  role: ContactRole;
  id: string;
}

/** The id of an account's bill_to or sold_to: its own when it has one, else one derived from the account's. */
export function roleContactId(account: AccountRec, role: 'bill_to' | 'sold_to'): string {
  const own = account[role]?.id;
  if (typeof own === 'string') return own;
  return createHash('md5').update(`${account.id}:${role}`).digest('hex');
}

/** Every contact of an account: bill_to, sold_to (when it has its own), then the others, in the order added. */
export function contactsOf(account: AccountRec): ContactRef[] {
  const out: ContactRef[] = [
    { account, contact: account.bill_to, role: 'bill_to', id: roleContactId(account, 'bill_to') },
  ];
  if (account.sold_to) {
    out.push({ account, contact: account.sold_to, role: 'sold_to', id: roleContactId(account, 'sold_to') });
  }
  for (const c of account.contacts ?? []) out.push({ account, contact: c, role: 'other', id: String(c.id) });
  return out;
}

/**
 * Every contact of every account, in the accounts' order, read as far as asked: a first page reads the first
 * accounts only, and an account read to list its contacts is not kept (a seeded tenant's are derived: peekAt).
 */
export function allContacts(store: Store): { lazy: true; at(i: number): ContactRef | undefined } {
  const list = store.accountList;
  const found: ContactRef[] = [];
  let next = 0; // the account read next
  return {
    lazy: true,
    at(i) {
      while (found.length <= i && next < list.length) found.push(...contactsOf(list.peekAt(next++)!));
      return found[i];
    },
  };
}

export function contactById(store: Store, id: string): ContactRef | undefined {
  // Tested on transient rows (a seeded tenant's accounts are not all made to look); the account found is kept.
  const account = store.accountList.find(a => contactsOf(a).some(c => c.id === id));
  return account && contactsOf(account).find(c => c.id === id);
}

/**
 * Runs `change` on an account (or its contacts), kept in place, inside `commit`. Time travel is told what it was
 * (going back puts it back); when the change or the save fails it is put back at once, so an answer never claims
 * what was not kept.
 */
export function changeAccount<T>(store: Store, commit: <U>(f: () => U) => U, account: AccountRec, change: () => T): T {
  const before = structuredClone(account);
  store.journal?.(ACCOUNT_KEY + account.account_number, account);
  store.accountChanged(account); // the data file's journal writes it with the commit
  try {
    return commit(change);
  } catch (e) {
    for (const k of Object.keys(account)) delete (account as unknown as Record<string, unknown>)[k];
    Object.assign(account, before);
    throw e;
  }
}
