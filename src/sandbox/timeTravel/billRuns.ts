// Bill runs as the clock moves: each account is billed on every date its items bill on (its bill cycle day, and
// the start or change dates between cycle days the billing engine dates lines on, as a preview shows them), after
// the terms that end that day renewed; what it posts is collected that day from the accounts that auto-pay
// (collection/). What fell due before the move is billed on its own date first (the state never lags the clock); a change dated before an account's last bill is billed on its next bill cycle date.
// An account the engine cannot price (past its period limit, or amounts past what it computes exactly) is left
// unbilled for the rest of the move and named in the answer: it never stops the move, nor another account's bill.
import { formatMoney } from '../../wire/money';
import type { BilledEvent, TimeEvent } from '../../wire/sandboxClock';
import { collect } from '../collection/collect';
import { accountScopes, billAccount, pendingLines, type AccountScope } from '../invoicing/billRun';
import { billRunRec, type BillRunOutcome } from '../invoicing/billRunRequest';
import { priced } from '../invoicing/unbilled';
import { newId } from '../state/ids';
import type { BillingDocumentRec } from '../state/documents';
import type { Store } from '../state/store';
import { stampOf, type DueHandler, type MoveNotes, type Steps } from './due';
import { KnownDue } from './knownDue';

/** What each move knows of its accounts' due dates (knownDue.ts). */
const knownDue = new WeakMap<MoveNotes, KnownDue>();
const knownOf = (notes: MoveNotes) => knownDue.get(notes) ?? knownDue.set(notes, new KnownDue()).get(notes)!;

/** Each account's earliest due date on or before `until` (lines are priced once per record: expected.ts). */
function* dueDates(
  store: Store,
  until: string,
  scopes: Map<string, AccountScope>,
  notes: MoveNotes,
): Steps<Map<string, string>> {
  const known = knownOf(notes);
  const due = new Map<string, string>();
  for (const [number, scope] of scopes) {
    const account = store.accounts.get(number);
    if (!account || notes.unbilled.has(number)) continue;
    const k = known.get(store, account, scope, until);
    let earliest = k?.due;
    if (!k) {
      yield; // a pause between accounts priced
      const pending = priced(number, until, notes.unbilled, () => pendingLines(store, account, scope, until));
      if (!pending) continue;
      earliest = known.set(store, account, scope, until, pending);
    }
    if (earliest !== undefined) due.set(number, earliest);
  }
  return due;
}

/**
 * The accounts with something due on or before `date`, in the store's order. A line is never due before its own
 * date, so these are the accounts whose earliest due date up to the move's target is on or before `date`: known
 * from the handler's `next` when the move asked it (knownDue.ts).
 */
function* dueBy(store: Store, date: string, scopes: Map<string, AccountScope>, notes: MoveNotes): Steps<string[]> {
  const until = knownOf(notes).until;
  const due = yield* dueDates(store, until !== undefined && date <= until ? until : date, scopes, notes);
  return [...due].filter(([, d]) => d <= date).map(([number]) => number);
}

/** The name a bill run the clock ran has (GET /v2/bill_runs shows it). */
export const CLOCK_RUN_NAME = 'Local sandbox clock';

export const billRuns: DueHandler = {
  name: 'the bill run handler',
  *next(store, until, notes) {
    knownOf(notes).until = until;
    let earliest: string | undefined;
    for (const d of (yield* dueDates(store, until, accountScopes(store), notes)).values()) {
      if (earliest === undefined || d < earliest) earliest = d;
    }
    return earliest;
  },
  *run(store, date, notes) {
    const events: TimeEvent[] = [];
    const known = knownOf(notes);
    const scopes = accountScopes(store);
    const request = { targetDate: date, documentDate: date, now: stampOf(date), post: true };
    let billRunNumber: string | undefined; // taken when the day's run bills something
    const outcome: BillRunOutcome = { accountsProcessed: 0, documents: [], unbilled: new Map() };
    for (const number of yield* dueBy(store, date, scopes, notes)) {
      yield;
      const account = store.accounts.get(number)!;
      const scope = scopes.get(number)!;
      const options = { ...request, billRunNumber: (billRunNumber ??= store.numbers.next('BR-')) };
      const k =
        known.until !== undefined && date <= known.until ? known.get(store, account, scope, known.until) : undefined;
      const docs = priced(number, date, notes.unbilled, () =>
        billAccount(store, account, scope, options, k && KnownDue.through(k, date)),
      );
      if (docs && k) known.billed(store, account, scope, k, date);
      if (docs) outcome.accountsProcessed++;
      for (const doc of docs ?? []) events.push(billedEvent(doc, date));
      outcome.documents.push(...(docs ?? []));
      collect(store, docs ?? [], options.now, date); // its invoices posted: the auto-pay accounts charged that day
    }
    // The day's bill run, kept as an explicit one is: listed, read by id, announced (BillRunCompletion) with its date.
    if (billRunNumber) {
      const body = { name: CLOCK_RUN_NAME, target_date: date, invoice_date: date, post: true };
      store.addBillRun(billRunRec(newId(), billRunNumber, request, 'v2', body, outcome));
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
