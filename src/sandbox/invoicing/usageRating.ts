// Usage rated into bill runs. The billing engine dates a usage charge's line at the end of each billing period
// (usage is billed in arrears: https://docs.zuora.com/en/zuora-billing/bill-your-customer/usage-billing/usage);
// here that line takes the quantity of the usage records whose start date falls in its service period (the start
// date picks the period: https://docs.zuora.com/en/zuora-billing/bill-your-customer/usage-billing/usage-file-format)
// and is priced by the charge's model: per unit, tiered (graduated) or volume, on the period's total quantity and
// rounded once per line, as the vendor rates aggregated usage by default
// (https://docs.zuora.com/zuora-billing/bill-your-customer/usage-billing/rate-aggregated-or-individual-usage).
// A line's key holds its quantity and amount, so the ledger bills a period once and, when usage arrives for a
// period billed before, gives that line back and bills the period again with all of its usage.
import { periodPrice } from '../billing/pricing';
import { add, exact, ZERO, type Exact } from '../money/exact';
import { roundMoney } from '../money/rounding';
import { lineKey } from '../state/documents';
import type { ItemRec, SubscriptionRec } from '../state/store';
import type { UsageRec } from '../state/usage';
import type { ExpectedLine } from './expected';

/** The usage charges of the account's subscriptions, and the records each bills, by the item's id. */
export interface UsageRater {
  /** The subscription's lines with its usage lines rated (the others as they are). */
  rate(lines: readonly ExpectedLine[]): ExpectedLine[];
  /** Whether `rate` changes any of the subscription's lines (it has a usage charge). */
  rates(sub: SubscriptionRec): boolean;
}

/** Matches the account's live records to its subscriptions' usage charges, once per bill. */
export function usageRater(
  records: readonly UsageRec[],
  subs: readonly SubscriptionRec[],
  currency: string,
): UsageRater {
  const items = new Map<string, ItemRec>();
  const byItem = new Map<string, UsageRec[]>();
  for (const s of subs)
    for (const it of s.plans.flatMap(p => p.items)) if (it.charge_type === 'usage') items.set(it.id, it);
  for (const r of records) {
    const it = chargeOf(r, subs);
    if (!it) continue;
    const own = byItem.get(it.id) ?? [];
    byItem.set(it.id, own);
    own.push(r);
  }
  const rater: UsageRater = {
    rate: lines =>
      !items.size // no usage charge: the engine's lines as they are (most accounts)
        ? (lines as ExpectedLine[])
        : lines.map(line => {
            const it = line.item.charge_type === 'usage' ? items.get(line.item.billed_id) : undefined;
            return it && line.item.kind === 'charge' ? rated(line, it, byItem.get(it.id) ?? [], currency) : line;
          }),
    rates: sub => items.size > 0 && sub.plans.some(p => p.items.some(it => items.has(it.id))),
  };
  return rater;
}

/**
 * The usage charge a record is billed on: the one it names (by id or number), else the first usage charge of its
 * subscription (or, naming none, of the account's) whose unit of measure is the record's.
 */
export function chargeOf(r: UsageRec, subs: readonly SubscriptionRec[]): ItemRec | undefined {
  const named = r.subscription_id ?? r.subscription_number;
  const own = named
    ? subs.filter(s => s.id === r.subscription_id || s.subscription_number === r.subscription_number)
    : subs;
  const usage = own.flatMap(s => s.plans.flatMap(p => p.items)).filter(it => it.charge_type === 'usage');
  const charge = r.subscription_item_id ?? r.subscription_item_number;
  if (charge) {
    return usage.find(
      it => it.id === r.subscription_item_id || it.subscription_item_number === r.subscription_item_number,
    );
  }
  const unit = r.unit_of_measure.toLowerCase();
  return usage.find(it => (it.unit_of_measure ?? '').toLowerCase() === unit);
}

/** The line priced for the records used in its service period (both ends included). */
function rated(line: ExpectedLine, it: ItemRec, records: readonly UsageRec[], currency: string): ExpectedLine {
  const { service_start: from, service_end: to } = line.item;
  let used: Exact = ZERO;
  for (const r of records) if (r.start_date >= from && r.start_date <= to) used = add(used, exact(r.quantity));
  const quantity = Number(used.n) / Number(used.d); // the nearest number to the exact sum: the decimal it is
  const unitAmount = line.item.unit_amount ?? it.unit_amount;
  const terms = termsOf(it, unitAmount, quantity);
  const { unit_amount: _engine, ...rest } = line.item;
  const item = {
    ...rest,
    quantity,
    ...(terms.model === 'per_unit' ? { unit_amount: unitAmount } : {}), // a tiered line has no one unit amount
    ...(it.unit_of_measure ? { unit_of_measure: it.unit_of_measure } : {}),
    amount: roundMoney(periodPrice(terms), currency),
  };
  return { key: lineKey(item), item };
}

/** The charge's model in the engine's terms, at its own tiers (a usage charge's item keeps its model). */
function termsOf(it: ItemRec, unitAmount: number, quantity: number) {
  const tiers = it.tiers?.map(t => ({
    upTo: t.up_to ?? null,
    ...(t.unit_amount !== undefined ? { unitAmount: t.unit_amount } : {}),
    ...(t.amount !== undefined ? { flatAmount: t.amount } : {}),
  }));
  const tiered = (it.charge_model === 'tiered' || it.charge_model === 'volume') && tiers?.length;
  if (tiered) return { model: it.charge_model as 'tiered' | 'volume', tiers, quantity };
  if (it.charge_model === 'flat_fee') return { model: 'flat_fee' as const, unitAmount, quantity };
  return { model: 'per_unit' as const, unitAmount, quantity };
}
