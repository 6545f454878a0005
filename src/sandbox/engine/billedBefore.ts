// A change dated back past a bill run: the engine bills an existing subscription from the order's first change
// date as if nothing after it had been billed, yet the account's documents may already hold later periods at the
// old terms. As a bill run would, a line already billed from that date on is not billed again, and one billed
// that the order no longer bills is given back (the old seats of April, say, before April at the new seats).
// Only within what the engine billed: a preview of N periods (or to an end date) bills each charge that far, and a
// line billed later for a charge that still runs then is neither billed again nor given back there (previewed for
// 3 months, a change back-dated 6 gave back the last 3 whole, untouched charges too, and billed nothing for them).
// A charge the order stops is given back whatever the window: a bill run gives back all it billed past the stop.
import { lineKey, type Billed } from '../state/documents';
import type { ItemRec, SubscriptionRec } from '../state/store';
import { splitByDocument } from '../billing/creditSplit';
import { boundedCents, SUM_DECIMALS } from '../money/limits';
import { exact } from '../money/exact';
import { toMinor } from '../money/rounding';
import type { BillingDocument, BillingItem, ChargeInput, SubscriptionInput } from '../billing/types';
import type { LineItem } from './orderLines';

/** What a billing item bills: a subscription item (on the subscription as the order leaves it), or a line item. */
export type BilledRef =
  | { kind: 'subscription_item'; sub: SubscriptionRec; item: ItemRec; productName?: string }
  | { kind: 'line_item'; lineItem: LineItem };

/** An existing subscription of the order: its items, and the date from which the engine bills it. */
export interface BilledScope {
  sub: SubscriptionRec;
  from: string;
}

interface Signed {
  target: string;
  item: BillingItem<BilledRef>;
  /** What the customer owes for it, in minor units at SUM_DECIMALS. */
  cents: bigint;
  /** A line billed before, given back: it comes first on its date, as in a bill run. */
  givenBack?: boolean;
}

/** The documents less what `billed` shows was already billed, from each scope's date on; unchanged when none was. */
export function lessBilledBefore(
  documents: BillingDocument<BilledRef>[],
  scopes: readonly BilledScope[],
  billed: (itemId: string) => ReadonlyMap<string, Billed>,
  stops: ReadonlyMap<string, string> = new Map(),
): BillingDocument<BilledRef>[] {
  const fromOf = new Map<string, string>();
  const itemOf = new Map<string, { sub: SubscriptionRec; item: ItemRec }>();
  for (const { sub, from } of scopes) {
    for (const item of sub.plans.flatMap(p => p.items)) {
      fromOf.set(item.id, from);
      itemOf.set(item.id, { sub, item });
    }
  }
  const served = lastServed(documents);
  const beyond = (id: string, b: Billed) => {
    const start = b.item.service_start;
    const stop = stops.get(id);
    const runs = stop === undefined || start < stop; // the order still bills the item then
    const last = served.get(id);
    return runs && (last === undefined || start > last);
  };
  const already = [...fromOf].flatMap(([id, from]) =>
    [...billed(id).values()].filter(b => b.count > 0 && b.item.target_date >= from && !beyond(id, b)),
  );
  if (!already.length) return documents;

  const lines: (Signed | undefined)[] = documents.flatMap(d =>
    d.items.map(item => ({ target: d.targetDate, item, cents: signedCents(d, item) })),
  );
  const unmatched = new Map<string, number[]>(); // key -> indexes of the engine's lines that may match
  lines.forEach((l, i) => {
    if (l?.item.ref.kind !== 'subscription_item' || !fromOf.has(l.item.ref.item.id)) return;
    const key = `${l.item.ref.item.id}#${keyOf(l)}`;
    unmatched.set(key, [...(unmatched.get(key) ?? []), i]);
  });
  for (const b of already) {
    const waiting = unmatched.get(`${b.item.billed_id}#${lineKey(b.item)}`) ?? [];
    for (let n = b.count; n > 0; n--) {
      const i = waiting.shift(); // the engine's same line: billed already, not billed again
      if (i === undefined) lines.push(reversal(b, itemOf.get(b.item.billed_id)!));
      else lines[i] = undefined;
    }
  }
  return regroup(lines.filter((l): l is Signed => l !== undefined));
}

/**
 * Where the engine bills an existing subscription from: the order's first change date, or an earlier change of its
 * history a bill run went past without billing (an earlier order's price dated back, created after that bill run):
 * the next bill run bills it with the order's, so the preview shows both and adds up to it.
 */
export function billedFrom(
  input: SubscriptionInput<BilledRef>,
  from: string,
  billed: (itemId: string) => ReadonlyMap<string, Billed>,
): string {
  let since = from;
  for (const c of input.charges) {
    if (c.ref.kind !== 'subscription_item') continue;
    const dates = [...billed(c.ref.item.id).values()].filter(b => b.count > 0).map(b => b.item.target_date);
    for (const x of c.changes ?? []) {
      const passed = dates.some(d => d >= x.on); // a bill run billed the item on or after the change's date
      if (x.on < since && passed && !dates.includes(x.on)) since = x.on;
    }
  }
  return since;
}

/** Each subscription item's last day served by the engine's lines (its window's end). */
function lastServed(documents: BillingDocument<BilledRef>[]): Map<string, string> {
  const last = new Map<string, string>();
  for (const d of documents) {
    for (const i of d.items) {
      if (i.ref.kind !== 'subscription_item') continue;
      const was = last.get(i.ref.item.id);
      if (was === undefined || i.serviceEnd > was) last.set(i.ref.item.id, i.serviceEnd);
    }
  }
  return last;
}

/**
 * Where the order stops each subscription item billing (its earliest stop, or its planned end where the
 * subscription does not renew past it): a line billed from then on is given back whatever the preview's window.
 */
export function stopDates(inputs: readonly SubscriptionInput<BilledRef>[]): Map<string, string> {
  const stops = new Map<string, string>();
  for (const sub of inputs) {
    // An item's last run only (its history's): a stop an earlier run had was a pause the item resumed from.
    const last = new Map<string, ChargeInput<BilledRef>>();
    for (const c of sub.charges) {
      if (c.ref.kind !== 'subscription_item') continue;
      const was = last.get(c.ref.item.id);
      if (!was || c.start >= was.start) last.set(c.ref.item.id, c);
    }
    for (const [id, c] of last) {
      const renews = sub.renewalMonths != null && sub.termEnd != null && c.end === sub.termEnd;
      const dates = (c.changes ?? []).filter(x => x.kind === 'stop').map(x => x.on);
      if (c.end && !renews) dates.push(c.end);
      const first = dates.sort()[0];
      if (first !== undefined) stops.set(id, first);
    }
  }
  return stops;
}

/** Amounts are rounded already: in minor units at a scale that holds any currency's, exactly (no float product). */
const cents = (amount: number) => toMinor(exact(amount), SUM_DECIMALS, 'half-even');

function signedCents(d: BillingDocument<BilledRef>, item: BillingItem<BilledRef>): bigint {
  return d.type === 'invoice' ? cents(item.amount) : -cents(item.amount);
}

const keyOf = (l: Signed) =>
  lineKey({
    kind: l.item.kind,
    target_date: l.target,
    service_start: l.item.serviceStart,
    service_end: l.item.serviceEnd,
    quantity: l.item.quantity,
    ...(l.item.unitAmount !== undefined ? { unit_amount: l.item.unitAmount } : {}),
    amount: l.item.amount,
  });

/** A line billed before that the order no longer bills, given back on its own date. */
function reversal(b: Billed, of: { sub: SubscriptionRec; item: ItemRec }): Signed {
  const i = b.item;
  const item: BillingItem<BilledRef> = {
    ref: {
      kind: 'subscription_item',
      sub: of.sub,
      item: of.item,
      ...(i.product_name ? { productName: i.product_name } : {}),
    },
    kind: i.kind === 'charge' ? 'credit' : 'charge',
    serviceStart: i.service_start,
    serviceEnd: i.service_end,
    quantity: i.quantity,
    ...(i.unit_amount !== undefined ? { unitAmount: i.unit_amount } : {}),
    amount: Math.abs(i.amount),
    tax: 0,
  };
  return { target: i.target_date, item, cents: -cents(i.amount), givenBack: true };
}

/**
 * One date's documents again, in date order: an invoice, or when the date gives back more, a credit memo of what it
 * gives back and an invoice of what it bills (billing/creditSplit.ts).
 */
function regroup(lines: Signed[]): BillingDocument<BilledRef>[] {
  const byDate = new Map<string, Signed[]>();
  for (const l of lines) byDate.set(l.target, [...(byDate.get(l.target) ?? []), l]);
  return [...byDate.keys()].sort().flatMap(date => {
    const day = byDate.get(date)!.sort((a, b) => Number(!!b.givenBack) - Number(!!a.givenBack));
    return splitByDocument(day, l => l.cents).map(({ type, lines: doc }) => {
      const sign = type === 'credit_memo' ? -1n : 1n; // a memo shows what it gives back as positive
      const items = doc.map(l => ({
        ...l.item,
        amount: boundedCents(sign * l.cents, `An item on ${date}`, SUM_DECIMALS),
      }));
      const sum = doc.reduce((a, l) => a + sign * l.cents, 0n);
      const subtotal = boundedCents(sum, `The billing document of ${date}`, SUM_DECIMALS);
      return { type, targetDate: date, items, subtotal, tax: 0, total: subtotal };
    });
  });
}
