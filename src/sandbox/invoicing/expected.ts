// What the billing engine says an account's items bill through a date, line by line: every subscription item
// priced from its history (history.ts), every order line item once on its date. Past periods are computed again
// on purpose: the bill run compares them with what was billed (billRun.ts). Lines are kept per record (records
// are replaced, never changed in place), so moving the clock month by month prices each subscription once per
// change, not once per bill date.
import { billingDocuments, type BillingDocument, type SubscriptionInput } from '../billing';
import { charge, terms } from '../engine/orderBilling';
import type { BilledRef } from '../engine/billedBefore';
import type { Billed, ChargeKind, DocumentItemRec } from '../state/documents';
import { lineKey } from '../state/documents';
import type { ItemRec, OrderRec, SubscriptionRec } from '../state/store';
import { historyOf } from '../engine/billingHistory';

/** A line as a document item holds it (no id yet), with its ledger key. */
export interface ExpectedLine {
  key: string;
  item: Omit<DocumentItemRec, 'id'>;
}

interface Priced {
  cycleDay: number;
  through: string;
  lines: ExpectedLine[];
  /** The same lines by item and key, counted as the ledger counts them (made when first asked). */
  byItem?: Map<string, Map<string, Billed>>;
}
const priced = new WeakMap<object, Priced>();

/** What a line bills: a subscription item, or an order's line item as the order keeps it. */
type LineRef = Extract<BilledRef, { kind: 'subscription_item' }> | { kind: 'line_item'; lineItem: LineItemRec };

/** Prices a record's lines through `through`; with `after`, only those dated after it (the rest were priced). */
type Price = (through: string, after?: string) => ExpectedLine[];

/**
 * A record's lines priced through `through` or a later date (the lines on or before `through` are the same). Priced
 * through an earlier date, only the lines after it are priced (the clock moving month by month prices a month).
 */
function pricedThrough(record: object, cycleDay: number, through: string, price: Price): Priced {
  const hit = priced.get(record);
  if (hit && hit.cycleDay === cycleDay && hit.through >= through) return hit;
  let p: Priced;
  if (hit && hit.cycleDay === cycleDay) {
    const later = price(through, hit.through);
    // The later lines are dated after every earlier one: their keys are new to the grouping, taken over as it is.
    p = { cycleDay, through, lines: hit.lines.concat(later), byItem: hit.byItem && addLines(hit.byItem, later) };
  } else p = { cycleDay, through, lines: price(through) };
  priced.set(record, p);
  return p;
}

/** Lines of a record through `through`, from what was priced through a later date when there is one. */
function cached(record: object, cycleDay: number, through: string, price: Price): ExpectedLine[] {
  const hit = pricedThrough(record, cycleDay, through, price);
  return hit.through === through ? hit.lines : hit.lines.filter(l => l.item.target_date <= through);
}

/** Lines by item (`billed_id`) and key, each with how many times it comes, in the order of the lines. */
export const byItemOf = (lines: readonly ExpectedLine[]) => addLines(new Map<string, Map<string, Billed>>(), lines);

function addLines(byItem: Map<string, Map<string, Billed>>, lines: readonly ExpectedLine[]) {
  for (const { key, item } of lines) {
    let own = byItem.get(item.billed_id);
    if (!own) byItem.set(item.billed_id, (own = new Map()));
    const w = own.get(key);
    if (w) w.count++;
    else own.set(key, { count: 1, item: item as DocumentItemRec });
  }
  return byItem;
}

/**
 * A subscription's lines as byItemOf groups them, and the date they are priced through: `through` or later, when
 * the caller leaves out those dated after `through` (a line's key holds its date). Grouped once per record.
 */
export function subscriptionLinesByItem(
  sub: SubscriptionRec,
  cycleDay: number,
  through: string,
  currency?: string,
): { byItem: ReadonlyMap<string, ReadonlyMap<string, Billed>>; through: string } {
  const p = pricedThrough(sub, cycleDay, through, (to, after) => priceSubscription(sub, cycleDay, to, currency, after));
  return { byItem: (p.byItem ??= byItemOf(p.lines)), through: p.through };
}

/**
 * How long an item bills: to its end date, each renewal term split off where it begins, as the preview splits
 * it (a 6-month term of a yearly charge bills its 6 months, the renewal the next ones). An auto-renewing
 * subscription's items that run to the end of the term run on; a renewal rewrites nothing already billed, as the
 * earlier terms' ends stay where they were (termStarts).
 */
function termsOf(sub: SubscriptionRec): Pick<SubscriptionInput<LineRef>, 'termEnd' | 'renewalMonths' | 'termStarts'> {
  const t = terms(sub);
  return { termEnd: t.termEnd, renewalMonths: renewing(sub) ? t.renewalMonths : null, termStarts: t.termStarts };
}

const renewing = (sub: SubscriptionRec) => sub.auto_renew && sub.state !== 'expired' && sub.state !== 'canceled';

/** Renewing without a term in months (evergreen, by days or weeks): what runs to the term's end runs on. */
function endOf(sub: SubscriptionRec, t: ReturnType<typeof termsOf>, it: ItemRec): string | null {
  const runsOn = renewing(sub) && t.renewalMonths === null;
  return runsOn && it.end_date !== null && it.end_date === sub.current_term_end ? null : it.end_date;
}

const chargeKind = (it: ItemRec): ChargeKind =>
  it.charge_type === 'one_time' ? 'one_time' : it.charge_type === 'usage' ? 'usage' : 'recurring';

/** The lines of a subscription's items (removed ones too: what they billed before stays billed). */
export function subscriptionLines(
  sub: SubscriptionRec,
  cycleDay: number,
  through: string,
  currency?: string,
): ExpectedLine[] {
  return cached(sub, cycleDay, through, (to, after) => priceSubscription(sub, cycleDay, to, currency, after));
}

function priceSubscription(
  sub: SubscriptionRec,
  cycleDay: number,
  through: string,
  currency?: string,
  after?: string,
): ExpectedLine[] {
  const history = historyOf(sub);
  const t = termsOf(sub);
  const input: SubscriptionInput<LineRef> = { charges: [], ...t };
  for (const it of sub.plans.flatMap(p => p.items)) {
    const runs = history[it.id] ?? [];
    for (const run of it.charge_type === 'one_time' ? runs.slice(0, 1) : runs) {
      const c = charge(sub, it, run.start, run.changes ?? []);
      input.charges.push({ ...c, ref: c.ref as LineRef, price: run.price, end: endOf(sub, t, it) });
    }
  }
  const documents = billingDocuments({
    billCycleDay: cycleDay,
    currency,
    through: { endDate: through, ...(after !== undefined ? { after } : {}) },
    subscriptions: [input],
  });
  return linesOf(documents);
}

/** The order's line items, each billed once on its start date (one-time charges). */
export function orderLines(order: OrderRec, cycleDay: number, through: string, currency?: string): ExpectedLine[] {
  return cached(order, cycleDay, through, (to, after) => {
    const subscriptions: SubscriptionInput<LineRef>[] = (order.line_items as LineItemRec[]).map(li => ({
      charges: [
        {
          ref: { kind: 'line_item', lineItem: li },
          price: { model: 'flat_fee' as const, unitAmount: li.total ?? 0, quantity: li.quantity ?? 1 },
          start: li.start_date ?? order.order_date,
        },
      ],
    }));
    const documents = billingDocuments({
      billCycleDay: cycleDay,
      currency,
      through: { endDate: to, ...(after !== undefined ? { after } : {}) },
      subscriptions,
    });
    return linesOf(documents, order);
  });
}

/** An order's line item as the order keeps it. */
interface LineItemRec {
  id: string;
  item_number?: string;
  name: string;
  total?: number;
  quantity?: number;
  unit_amount?: number;
  start_date?: string;
}

// Items are built by assignment in the order a document item lists its fields, an optional one only when present:
// an object spread per optional field costs a runtime copy each, and a move prices thousands of lines.
type Line = ExpectedLine['item'];
type Building = { -readonly [K in keyof Line]?: Line[K] };

function linesOf(documents: BillingDocument<LineRef>[], order?: OrderRec): ExpectedLine[] {
  const lines: ExpectedLine[] = [];
  for (const d of documents) {
    for (const i of d.items) {
      const item = source(i.ref, order);
      item.kind = i.kind;
      item.target_date = d.targetDate;
      item.service_start = i.serviceStart;
      item.service_end = i.serviceEnd;
      item.quantity = i.quantity;
      const unit = unitAmount(i.ref, i.unitAmount);
      if (unit !== undefined) item.unit_amount = unit;
      // The engine shows a credit memo's credits as positive amounts: what the customer owes is the opposite.
      item.amount = d.type === 'invoice' ? i.amount : -i.amount;
      lines.push({ key: lineKey(item as Line), item: item as Line });
    }
  }
  return lines;
}

/** The unit amount shown: a line item's own (the engine bills its total as one flat amount). */
const unitAmount = (ref: LineRef, engine: number | undefined): number | undefined =>
  ref.kind === 'line_item' ? ref.lineItem.unit_amount : engine;

function source(ref: LineRef, order?: OrderRec): Building {
  if (ref.kind === 'line_item') {
    const li = ref.lineItem;
    const s: Building = { billed_id: li.id };
    if (order) s.order_number = order.order_number;
    if (li.item_number) s.line_item_number = li.item_number;
    s.name = li.name;
    s.charge_type = 'one_time';
    return s;
  }
  const { sub, item, productName } = ref;
  const s: Building = { billed_id: item.id, subscription_id: sub.id, subscription_number: sub.subscription_number };
  if (item.subscription_item_number) s.subscription_item_number = item.subscription_item_number;
  s.price_id = item.price_id;
  if (productName) s.product_name = productName;
  s.name = item.name;
  s.charge_type = chargeKind(item);
  if (item.charge_model.startsWith('discount')) s.discount = true;
  if (item.unit_of_measure) s.unit_of_measure = item.unit_of_measure;
  return s;
}
