// Bill runs as the clock moves: each account is billed on every date its items bill on (its bill cycle day, and
// the start or change dates between cycle days the billing engine dates lines on, as a preview shows them), after
// the terms that end that day renewed. What fell due before the move is billed on its own date first (the state
// never lags the clock); a change dated before an account's last bill is billed on its next bill cycle date.
import { formatMoney } from '../../wire/money';
import { MAX_PERIODS } from '../billing';
import type { BilledEvent, TimeEvent } from '../../wire/sandboxClock';
import { accountScopes, billAccount, pendingLines, type AccountScope } from '../invoicing/billRun';
import type { BillingDocumentRec } from '../state/documents';
import type { Store } from '../state/store';
import { stampOf, type DueHandler, type Steps } from './due';

/** A move that would bill more periods of a charge than the billing engine prices: refused, nothing changed. */
export class BillingLimit extends Error {}

/** The engine's period limit, said for a move of the clock. */
function priced<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new BillingLimit(
      `bill runs price at most ${MAX_PERIODS} billing periods of a charge from its start, and this move passes ` +
        'that; move the clock to an earlier date',
    );
  }
}

/** Each account's earliest due date on or before `until` (lines are priced once per record: expected.ts). */
function* dueDates(store: Store, until: string, scopes: Map<string, AccountScope>): Steps<Map<string, string>> {
  const due = new Map<string, string>();
  for (const [number, scope] of scopes) {
    yield; // a pause between accounts
    const account = store.accounts.get(number);
    if (!account) continue;
    for (const p of priced(() => pendingLines(store, account, scope, until))) {
      const was = due.get(number);
      if (p.due <= until && (was === undefined || p.due < was)) due.set(number, p.due);
    }
  }
  return due;
}

export const billRuns: DueHandler = {
  name: 'the bill run handler',
  *next(store, until) {
    let earliest: string | undefined;
    for (const d of (yield* dueDates(store, until, accountScopes(store))).values()) {
      if (earliest === undefined || d < earliest) earliest = d;
    }
    return earliest;
  },
  *run(store, date) {
    const events: TimeEvent[] = [];
    const scopes = accountScopes(store);
    for (const number of (yield* dueDates(store, date, scopes)).keys()) {
      yield;
      const account = store.accounts.get(number)!;
      const doc = priced(() =>
        billAccount(store, account, scopes.get(number)!, { targetDate: date, now: stampOf(date) }),
      );
      if (doc) events.push(billedEvent(doc, date));
    }
    return events;
  },
};

export function billedEvent(d: BillingDocumentRec, date: string): BilledEvent {
  const amount = formatMoney(d.total, d.currency);
  const what = d.type === 'invoice' ? amount : `${amount} credited`;
  const count = `${d.items.length} item${d.items.length === 1 ? '' : 's'}`;
  return {
    date,
    type: 'billed',
    account_number: d.account_number,
    document_number: d.number,
    document_type: d.type,
    total: d.total,
    currency: d.currency,
    message: `${d.number} to ${d.account_number}: ${what} (${count})`,
  };
}
