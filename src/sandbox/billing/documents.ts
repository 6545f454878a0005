// The billing engine's main function: every charge's lines, gathered into one billing document per date for the
// account (a bill run's invoice), each item rounded once to the currency's decimals by the tenant's rounding mode
// (money/rounding.ts: Half Up by default); a date whose items come to less than zero gives its credits back on a
// credit memo and bills its charges on an invoice (billing/creditSplit.ts). Tax is zero. Pure: no HTTP, no store, no clock (the rounding mode is the sandbox's, read from the request's scope).
import { addMonths } from '../../schemas/dates';
import { dayBefore, earlier } from './calendar';
import { currencyDecimals } from '../../wire/money';
import { toMinor } from '../money/rounding';
import { boundedCents } from '../money/limits';
import { splitByDocument } from './creditSplit';
import { chargeLines, type ChargeContext, type Line } from './schedule';
import type { BillingDocument, BillingInput, BillingItem, SubscriptionInput, Through } from './types';

/** The documents the input bills through its `through`, by date; each total = subtotal + tax = its items' sum. */
export function billingDocuments<R>(input: BillingInput<R>): BillingDocument<R>[] {
  const lines: Line<R>[] = [];
  for (const sub of input.subscriptions) {
    if (!sub.charges.length) continue;
    const ctx = subscriptionContext(sub, input.billCycleDay, input.through);
    for (const charge of sub.charges) {
      lines.push(...chargeLines(charge, ctx).filter(l => l.target >= ctx.from && within(l.target, input.through)));
    }
  }
  const byDate = new Map<string, Line<R>[]>();
  for (const l of lines) {
    const day = byDate.get(l.target);
    if (day) day.push(l);
    else byDate.set(l.target, [l]);
  }
  const decimals = currencyDecimals(input.currency);
  return [...byDate.keys()].sort().flatMap(date => dateDocuments(date, byDate.get(date)!, decimals));
}

const within = (target: string, through: Through) =>
  !('endDate' in through) || (target <= through.endDate && (through.after === undefined || target > through.after));

function subscriptionContext<R>(sub: SubscriptionInput<R>, cycleDay: number, through: Through): ChargeContext {
  const from = sub.from ?? sub.charges.map(c => c.start).reduce(earlier);
  const termEnd = sub.termEnd ?? null;
  const renewalMonths = sub.renewalMonths ?? null;
  if (renewalMonths !== null && (!Number.isInteger(renewalMonths) || renewalMonths < 1)) {
    throw new RangeError(`A renewal term is a whole number of months, at least 1, not ${renewalMonths}.`);
  }
  const termStarts = sub.termStarts ?? [];
  if (!('termEnd' in through)) return { cycleDay, from, termEnd, renewalMonths, termStarts, cap: null, through };
  // To the end of the term in effect on `from` (renewals counted, each from the end of the one before); an
  // evergreen subscription: a year.
  let cap = termEnd ?? addMonths(from, 12);
  while (termEnd && renewalMonths && cap <= from) cap = addMonths(cap, renewalMonths);
  return { cycleDay, from, termEnd, renewalMonths, termStarts, cap, through };
}

/**
 * One date's lines as its documents (billing/creditSplit.ts: an invoice, or when the date comes to less than zero a
 * credit memo of its credits and an invoice of its charges); items keep the order of their subscriptions and charges.
 */
function dateDocuments<R>(targetDate: string, lines: Line<R>[], decimals: number): BillingDocument<R>[] {
  // A credit rounds as the amount it gives back (0.025 gives back 0.03 as it billed 0.03), then takes its sign.
  const owed = lines.map(l => ({
    l,
    cents: l.kind === 'credit' ? -toMinor(l.amount, decimals) : toMinor(l.amount, decimals),
  }));
  return splitByDocument(owed, o => o.cents).map(({ type, lines: day }) => {
    const sign = type === 'credit_memo' ? -1n : 1n; // a memo shows what it gives back as positive
    const what = `A billing item on ${targetDate}`;
    const items = day.map((o): BillingItem<R> => item(o.l, boundedCents(sign * o.cents, what, decimals)));
    const sum = day.reduce((a, o) => a + sign * o.cents, 0n);
    const subtotal = boundedCents(sum, `The billing document of ${targetDate}`, decimals);
    return { type, targetDate, items, subtotal, tax: 0, total: subtotal };
  });
}

function item<R>(l: Line<R>, amount: number): BillingItem<R> {
  const { terms } = l;
  const serviceEnd = l.end > l.start ? dayBefore(l.end) : l.start;
  const [ref, kind, serviceStart, quantity] = [l.ref, l.kind, l.start, terms.quantity];
  // In its fields' order, the unit amount where there is one (no object spread: a move prices thousands of items).
  if (terms.model === 'tiered' || terms.model === 'volume') {
    return { ref, kind, serviceStart, serviceEnd, quantity, amount, tax: 0 };
  }
  return { ref, kind, serviceStart, serviceEnd, quantity, unitAmount: terms.unitAmount ?? 0, amount, tax: 0 };
}
