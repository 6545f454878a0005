// One charge's billing lines over time: recurring charges in advance (each period billed on its first day,
// changes mid-period credited and billed again from their effective date), in arrears (billed when the period
// ends) or usage (each period's units, after the period); one-time charges once, on their start.
import { addMonths } from '../../schemas/dates';
import { earlier, PERIOD_MONTHS, periods, type Period } from './calendar';
import { mul, type Exact } from '../money/exact';
import { prorationRatio } from './proration';
import { periodPrice } from './pricing';
import type { ChargeChange, ChargeInput, PriceTerms, Through } from './types';

/** Far more periods than a preview asks for (100 years of months): beyond it an answer would only be slow. */
export const MAX_PERIODS = 1200;

/** A charge priced past MAX_PERIODS: a RangeError, as every caller refuses the engine's limits. */
export class PeriodLimit extends RangeError {}

/** A billing line before rounding: what is billed (or credited) on `target` for service [start, end). */
export interface Line<R> {
  ref: R;
  target: string;
  kind: 'charge' | 'credit';
  start: string;
  /** Exclusive. */
  end: string;
  terms: PriceTerms;
  /** Unsigned; a credit subtracts it. */
  amount: Exact;
}

/** What a charge's subscription decides about it. */
export interface ChargeContext {
  cycleDay: number;
  /** Lines dated before this are history. */
  from: string;
  termEnd: string | null;
  /** Null: the charge stops at the term's end. */
  renewalMonths: number | null;
  /** Where earlier terms ended (renewals before termEnd). */
  termStarts: readonly string[];
  /** Nothing is billed from this date on (term_end: the end of the current term). */
  cap: string | null;
  through: Through;
}

type Update = Extract<ChargeChange, { kind: 'update' }>;
const applied = (t: PriceTerms, u: Update): PriceTerms => ({
  ...t,
  ...(u.quantity !== undefined ? { quantity: u.quantity } : {}),
  ...(u.unitAmount !== undefined ? { unitAmount: u.unitAmount } : {}),
  ...(u.tiers !== undefined ? { tiers: u.tiers } : {}),
});

export function chargeLines<R>(charge: ChargeInput<R>, ctx: ChargeContext): Line<R>[] {
  const changes = [...(charge.changes ?? [])].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
  let terms = charge.price;
  // What changed on or before the start is simply how the charge starts; a stop by then bills nothing.
  while (changes.length && changes[0].on <= charge.start) {
    const c = changes.shift()!;
    if (c.kind === 'stop') return [];
    terms = applied(terms, c);
  }
  const line = (target: string, kind: Line<R>['kind'], start: string, end: string, t: PriceTerms, amount: Exact) => ({
    ref: charge.ref,
    target,
    kind,
    start,
    end,
    terms: t,
    amount,
  });
  if (!charge.period) {
    const inCap = !ctx.cap || charge.start < ctx.cap;
    return inCap ? [line(charge.start, 'charge', charge.start, charge.start, terms, periodPrice(terms))] : [];
  }
  return new ChargeRun(charge, ctx, terms, changes, line).lines();
}

type MakeLine<R> = (target: string, kind: Line<R>['kind'], s: string, e: string, t: PriceTerms, a: Exact) => Line<R>;
/** A line of one period: `regular` bills the period itself (it counts as one), `stopped` ends the charge. */
type PeriodLine<R> = { line: Line<R>; regular: boolean; stopped?: boolean };

/** The walk through one recurring charge's periods. */
class ChargeRun<R> {
  private readonly months: number;
  private readonly timing: 'in_advance' | 'in_arrears' | 'usage';
  /** The planned end: renewals taken into account, capped; null: open. */
  private end: string | null;
  private readonly renewals: (d: string, e: string) => string[];
  private stopOn: string | null = null;
  private readonly updates: Update[];

  constructor(
    private readonly charge: ChargeInput<R>,
    private readonly ctx: ChargeContext,
    private readonly initial: PriceTerms,
    changes: ChargeChange[],
    private readonly line: MakeLine<R>,
  ) {
    this.months = PERIOD_MONTHS[charge.period!];
    this.timing =
      charge.price.model === 'usage'
        ? 'usage'
        : (charge.timing ?? 'in_advance') === 'in_arrears'
          ? 'in_arrears'
          : 'in_advance';
    const renews = ctx.renewalMonths !== null && ctx.termEnd !== null && charge.end === ctx.termEnd;
    let end = renews ? null : (charge.end ?? null);
    if (ctx.cap) end = end ? earlier(end, ctx.cap) : ctx.cap;
    this.updates = [];
    for (const c of changes) {
      if (c.kind === 'update') this.updates.push(c);
      else if (c.atPeriodEnd) end = end ? earlier(end, this.periodEndAfter(c.on)) : this.periodEndAfter(c.on);
      else this.stopOn ??= c.on;
    }
    this.end = end;
    const ahead = renews ? renewalPoints(ctx.termEnd!, ctx.renewalMonths!) : () => [];
    const past = ctx.termStarts;
    this.renewals = past.length ? (a, b) => [...past.filter(d => d > a && d < b), ...ahead(a, b)] : ahead;
  }

  /** A period's amount for [start, end): the full period's price times its share, by the tenant's proration rules. */
  private prorated(terms: PriceTerms, start: string, end: string, p: Period): Exact {
    return mul(periodPrice(terms), prorationRatio(start, end, p, this.months));
  }

  /** The end of the period that holds `date` (a stop "at the end of the invoice period"). */
  private periodEndAfter(date: string): string {
    for (const p of periods(this.charge.start, this.months, this.ctx.cycleDay)) if (p.end > date) return p.end;
    throw new Error('unreachable: periods never end');
  }

  private termsAt(date: string): PriceTerms {
    if (!this.updates.length) return this.initial;
    return this.updates.filter(u => u.on <= date).reduce(applied, this.initial);
  }

  lines(): Line<R>[] {
    const out: Line<R>[] = [];
    const { through, from } = this.ctx;
    let counted = 0;
    let n = 0;
    for (const p of periods(this.charge.start, this.months, this.ctx.cycleDay)) {
      if (this.end && p.start >= this.end) break;
      if (this.stopOn && p.start >= this.stopOn) break;
      if ('endDate' in through && p.start > through.endDate) break;
      if ('endDate' in through && through.after !== undefined && p.end <= through.after) {
        // Every line of the period is dated before its end, so on or before `after`: left out. A period that
        // stops the charge is followed by none that starts before the stop, so the walk ends as it would.
        this.counted(++n);
        continue;
      }
      const lines = this.periodLines(p);
      if (lines.some(l => l.regular && l.line.target >= from)) counted++;
      if ('periods' in through && counted > through.periods) break;
      this.counted(++n);
      out.push(...lines.map(l => l.line));
      if (lines.some(l => l.stopped)) break;
    }
    return out;
  }

  /** Refuses the `n`th period past MAX_PERIODS. */
  private counted(n: number): void {
    if (n > MAX_PERIODS) {
      throw new PeriodLimit(
        `The Local sandbox bills at most ${MAX_PERIODS} periods of a charge in one preview: ` +
          'ask for fewer periods or an earlier end date.',
      );
    }
  }

  private periodLines(p: Period): PeriodLine<R>[] {
    const served = this.end ? earlier(p.end, this.end) : p.end;
    if (this.timing === 'in_advance') return this.inAdvance(p, served);
    const until = this.stopOn && this.stopOn < served ? this.stopOn : served;
    const stopped = until !== served;
    if (this.timing === 'usage') {
      const t = this.termsAt(p.start);
      return [{ line: this.line(until, 'charge', p.start, until, t, periodPrice(t)), regular: true, stopped }];
    }
    // In arrears: nothing was billed yet, so a change only splits the period; all of it is billed when it ends.
    const cuts = [...this.renewals(p.start, until), ...this.updates.map(u => u.on)].filter(
      d => d > p.start && d < until,
    );
    const bounds = [...new Set([p.start, ...cuts, until])].sort();
    return bounds.slice(0, -1).map((a, i) => {
      const t = this.termsAt(a);
      return {
        line: this.line(until, 'charge', a, bounds[i + 1], t, this.prorated(t, a, bounds[i + 1], p)),
        regular: true,
        stopped,
      };
    });
  }

  /** Each piece of the period (split where a renewal term begins) billed on its first day; changes inside it adjusted. */
  private inAdvance(p: Period, served: string): PeriodLine<R>[] {
    const out: PeriodLine<R>[] = [];
    const bounds = [p.start, ...this.renewals(p.start, served), served];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const [a, b] = [bounds[i], bounds[i + 1]];
      if (this.stopOn && a >= this.stopOn) return out;
      let t = this.termsAt(a);
      out.push({ line: this.line(a, 'charge', a, b, t, this.prorated(t, a, b, p)), regular: true });
      for (const u of this.updates.filter(x => x.on > a && x.on < b)) {
        if (this.stopOn && this.stopOn <= u.on) break;
        out.push({ line: this.line(u.on, 'credit', u.on, b, t, this.prorated(t, u.on, b, p)), regular: false });
        t = applied(t, u);
        out.push({ line: this.line(u.on, 'charge', u.on, b, t, this.prorated(t, u.on, b, p)), regular: false });
      }
      if (this.stopOn && this.stopOn > a && this.stopOn < b) {
        const stop = this.stopOn;
        out.push({
          line: this.line(stop, 'credit', stop, b, t, this.prorated(t, stop, b, p)),
          regular: false,
          stopped: true,
        });
        return out;
      }
    }
    return out;
  }
}

/**
 * Where renewal terms begin, strictly inside (from, to): the term's end, then each renewal term's end after it,
 * each term from the end of the one before (as a renewal sets it: Aug 31 + 6 months is Feb 28, then Aug 28).
 */
function renewalPoints(termEnd: string, months: number): (from: string, to: string) => string[] {
  const ends = [termEnd];
  return (from, to) => {
    while (ends[ends.length - 1] < to) ends.push(addMonths(ends[ends.length - 1], months));
    let i = firstAfter(ends, from);
    const out: string[] = [];
    for (; ends[i] < to; i++) out.push(ends[i]);
    return out;
  };
}

/** The index of the first of the sorted `dates` after `date`. */
function firstAfter(dates: readonly string[], date: string): number {
  let [lo, hi] = [0, dates.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid] > date) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
