// What every family of events shares: the event itself, and a source, one per family: the store's lists it reads
// (their lengths, so the hub knows what is new since it last looked) and the events of what was added since.
// Another kind of event is one more source in events.ts's table.
import { currencyDecimals } from '../../wire/money';
import type { EventTypeName } from '../state/notifications';
import type { Store } from '../state/store';

export interface SandboxEvent {
  type: EventTypeName;
  /** The business date it happened on (an order's date, an invoice's date, a payment's date...). */
  date: string;
  /** The id of the object it is about (the history's objectId filter). */
  objectId: string;
  /** Merge field -> value. */
  fields: Record<string, string>;
}

/** How far the store's lists had been looked at: list name -> length. */
export type Seen = Record<string, number>;

export interface EventSource {
  /** At one date, events of a lower rank come first (orders, subscriptions, invoices, payments, refunds, bill runs). */
  rank: number;
  /** The lengths of the lists it reads, by a name the sources share (two sources may read one list). */
  lengths(store: Store): Seen;
  /** The events of what was added after `seen` (each of its lists' lengths then). */
  since(store: Store, seen: Seen): SandboxEvent[];
}

/** The account's merge fields (its number always; its id and name when it is kept). */
export function accountFields(store: Store, accountNumber: string): Record<string, string> {
  const a = store.accounts.get(accountNumber);
  return {
    'Account.AccountNumber': accountNumber,
    ...(a ? { 'Account.Id': a.id, 'Account.Name': a.name, 'Account.Currency': a.currency } : {}),
  };
}

/** An amount already rounded once, as the vendor writes it (2 places for USD): only written, never rounded. */
export const amountText = (amount: number, currency: string) => amount.toFixed(currencyDecimals(currency));
