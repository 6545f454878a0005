// Where each subscription item and line item sits in time, as percentages of the timeline's width, so the SVG
// stretches with the panel without scaling its text. Pure data (no DOM), tested in plain Node.
import type { BillingDocument } from '../client/billingDocuments';
import { formatMoney } from '../client/money';
import type { SummaryRow } from '../client/summary';
import { typeLabel } from './invoicesModel';
import type { TimelineHints } from './protocol';

export interface TimelineGroup {
  /** "new subscription 1 · 12 months". */
  label: string;
  bars: TimelineBar[];
}

export interface TimelineBar {
  label: string;
  /** Left edge, in % of the width. */
  from: number;
  /** Right edge in %; for an open end (evergreen) the arrow runs to the right edge. */
  to: number;
  /** No end date: drawn as an open arrow. */
  open: boolean;
  /** A one-time line item: a dot at `from`. */
  point: boolean;
}

/** A billing date on the axis: every document the answer bills that day. */
export interface TimelineMark {
  date: string;
  /** In % of the width. */
  at: number;
  /** "2027-01-01: invoice 350.00 USD". */
  label: string;
}

export interface Timeline {
  /** First and last date on the axis ('' when nothing ends after the start). */
  start: string;
  end: string;
  groups: TimelineGroup[];
  /** The billing dates of the preview's documents, in date order. */
  marks: TimelineMark[];
  /** Items left out to keep the drawing small (the table lists every one). */
  omitted: number;
}

/** The axis spans LEFT..RIGHT %; open ends run on to OPEN_END, past the last date. */
const LEFT = 1;
const RIGHT = 88;
export const OPEN_END = 99;
const DAY = 86_400_000;

const dayOf = (d: string) => {
  const t = Date.parse(`${d.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? undefined : t / DAY;
};

/**
 * The timeline of a preview's rows, at most `limit` bars, with a mark on each billing date of `documents`;
 * undefined when no row has a date.
 */
export function timelineOf(
  rows: SummaryRow[],
  hints?: TimelineHints,
  limit = 24,
  documents: readonly BillingDocument[] = [],
): Timeline | undefined {
  const dated = rows.flatMap(r => {
    const startText =
      r.start || (r.lineItemIndex !== undefined ? hints?.lineItemDates[r.lineItemIndex] : undefined) || '';
    const start = dayOf(startText);
    if (start === undefined) return [];
    const end = r.end ? dayOf(r.end) : undefined;
    return [{ r, startText, start, end }];
  });
  if (!dated.length) return undefined;
  const shown = dated.slice(0, limit);
  const billed = billingDays(documents);
  const days = [...shown.flatMap(d => (d.end === undefined ? [d.start] : [d.start, d.end])), ...billed.map(b => b.day)];
  const min = Math.min(...days);
  const last = Math.max(...days);
  const max = last - min < 1 ? min + 365 : last; // one day (or only open ends): a year's scale
  const x = (day: number) => LEFT + ((day - min) / (max - min)) * (RIGHT - LEFT);
  const groups = new Map<string, TimelineGroup>();
  for (const { r, startText, start, end } of shown) {
    const key = r.subscription;
    let g = groups.get(key);
    if (!g) {
      const term = r.subscriptionIndex === undefined ? undefined : hints?.terms[r.subscriptionIndex];
      const title = key === 'line item' ? 'Line items' : key;
      g = { label: term ? `${title} · ${term}` : title, bars: [] };
      groups.set(key, g);
    }
    const point = r.lineItemIndex !== undefined;
    const open = !point && end === undefined;
    const span = point ? startText : `${startText} → ${r.end ?? (open ? 'open-ended' : '')}`;
    g.bars.push({
      label: `${r.price} · ${span}`,
      from: round(x(start)),
      to: round(point ? x(start) : open ? OPEN_END : x(end!)),
      open,
      point,
    });
  }
  const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
  const end = last > min ? iso(last) : '';
  const marks = billed.map(b => ({ date: b.date, at: round(x(b.day)), label: b.label }));
  return { start: iso(min), end, groups: [...groups.values()], marks, omitted: dated.length - shown.length };
}

/** One entry per billing date (documents of one day together), in date order; undated documents are left out. */
function billingDays(documents: readonly BillingDocument[]): { date: string; day: number; label: string }[] {
  const byDate = new Map<string, string[]>();
  for (const d of documents) {
    if (dayOf(d.date) === undefined) continue;
    const date = d.date.slice(0, 10);
    byDate.set(date, [...(byDate.get(date) ?? []), `${typeLabel(d.type)} ${formatMoney(d.total, d.currency)}`]);
  }
  return [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, what]) => ({ date, day: dayOf(date)!, label: `${date}: ${what.join(', ')}` }));
}

const round = (n: number) => Math.round(n * 100) / 100;
