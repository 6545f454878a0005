// A preview as the panel shows it, money first: totals per currency, then one card per subscription (and one
// for the line items) with one row per item, each amount already formatted and its change since the previous
// preview said in words and signs as well as colour. Pure data (no DOM), so it is tested in plain Node.
import { addAmounts, formatMoney } from '../client/money';
import type { PreviewChange, PreviewSummary, RowChange, SummaryRow } from '../client/summary';
import type { TimelineHints } from './protocol';

/** How a change reads: up (+), down (−), flat (no change), new, gone. Colour comes from it, never alone. */
export type Tone = 'up' | 'down' | 'flat' | 'new' | 'gone';

/** A piece of text with its tone: "+50.00 MRR" (up), "new", "gone", "no change" (flat). */
export interface Toned {
  text: string;
  tone: Tone;
}

/** An item's change since the previous preview, one line per move. */
export type ChangeView = Toned[];

export interface ItemView {
  key: string;
  /** Price id, or a line item's name. */
  name: string;
  /** Action, dates: secondary. */
  details: string[];
  /** Formatted with sign; "—" where the service answers no MRR (a one-time charge). */
  mrr: string;
  tcb: string;
  /** Since the previous preview of the file; undefined when there was none. */
  change?: ChangeView;
  /** In the previous preview, not in this one. */
  gone: boolean;
}

export interface CardView {
  title: string;
  /** The subscription's term ("12 months", "evergreen"), if the request gave one. */
  term?: string;
  /** The card's own MRR and TCB (one currency), with their change. */
  mrr: string;
  tcb: string;
  items: ItemView[];
}

export interface TotalView {
  currency: string;
  mrr: string;
  tcb: string;
  /** Delta TCV, when the answer gives it for every item of the currency. */
  tcv?: string;
  /** The total change since the previous preview; undefined when there was none. */
  change?: { mrr: Toned; tcb: Toned };
}

export interface PreviewView {
  totals: TotalView[];
  cards: CardView[];
  /** Whether there was a previous preview to compare with (the change column is shown). */
  compared: boolean;
}

const LINE_ITEMS = 'line item';
const DASH = '—';

/** Formats a signed amount; with `code` false the currency code is left out (the totals name it). */
export function amount(n: number, currency: string, code: boolean): string {
  const text = formatMoney(n, currency, { signed: true });
  return code ? text : text.slice(0, -(currency.length + 1));
}

export const toneOf = (n: number): Tone => (n > 0 ? 'up' : n < 0 ? 'down' : 'flat');

export function previewView(summary: PreviewSummary, change?: PreviewChange, hints?: TimelineHints): PreviewView {
  // One currency: rows leave the code out (the totals say it); several: every amount names its own.
  const code = summary.totals.length > 1;
  const changes = new Map((change?.rows ?? []).map(r => [r.key, r]));
  const cards = new Map<string, { card: CardView; rows: { mrr?: number; tcb: number; currency: string }[] }>();
  const cardFor = (title: string, subscriptionIndex?: number) => {
    let c = cards.get(title);
    if (!c) {
      const term = subscriptionIndex === undefined ? undefined : hints?.terms[subscriptionIndex];
      const card: CardView = { title: title === LINE_ITEMS ? 'Line items' : title, mrr: '', tcb: '', items: [] };
      if (term) card.term = term;
      c = { card, rows: [] };
      cards.set(title, c);
    }
    return c;
  };
  for (const r of summary.rows) {
    const c = cardFor(r.subscription, r.subscriptionIndex);
    const cur = r.tcb.currency;
    c.rows.push({ mrr: r.mrr?.net_amount, tcb: r.tcb.net_amount, currency: cur });
    const item: ItemView = {
      key: r.key,
      name: r.price,
      details: details(r, hints),
      mrr: r.mrr ? amount(r.mrr.net_amount, cur, code) : DASH,
      tcb: amount(r.tcb.net_amount, cur, code),
      gone: false,
    };
    if (change) item.change = changeView(changes.get(r.key), code);
    c.card.items.push(item);
  }
  for (const g of change?.rows ?? []) {
    if (g.status !== 'gone') continue;
    const c = cardFor(g.key.split('|')[0]);
    c.card.items.push({
      key: g.key,
      name: g.key.split('|').slice(2).join('|'),
      details: [g.key.split('|')[1], 'not in this preview'],
      mrr: DASH,
      tcb: DASH,
      change: changeView(g, code),
      gone: true,
    });
  }
  for (const { card, rows } of cards.values()) {
    const currencies = new Set(rows.map(r => r.currency));
    if (currencies.size !== 1) continue; // no one sum across currencies
    const [cur] = currencies;
    const mrrs = rows.flatMap(r => (r.mrr === undefined ? [] : [r.mrr]));
    card.mrr = mrrs.length ? amount(sum(mrrs), cur, true) : DASH;
    card.tcb = amount(sum(rows.map(r => r.tcb)), cur, true);
  }
  const totals = summary.totals.map((t): TotalView => {
    const view: TotalView = {
      currency: t.currency,
      mrr: amount(t.mrr, t.currency, true),
      tcb: amount(t.tcb, t.currency, true),
    };
    const rows = summary.rows.filter(r => r.tcb.currency === t.currency);
    if (rows.length && rows.every(r => r.tcv))
      view.tcv = amount(sum(rows.map(r => r.tcv!.net_amount)), t.currency, true);
    if (change) {
      const d = change.totals.find(x => x.currency === t.currency) ?? { mrr: 0, tcb: 0 };
      const toned = (n: number) => ({ text: amount(n, t.currency, true), tone: toneOf(n) });
      view.change = { mrr: toned(d.mrr), tcb: toned(d.tcb) };
    }
    return view;
  });
  return { totals, cards: [...cards.values()].map(c => c.card), compared: !!change };
}

/** An item's change: new, gone, the MRR and TCB moves, or no change. */
function changeView(r: RowChange | undefined, code: boolean): ChangeView {
  const unchanged: Toned = { text: 'no change', tone: 'flat' };
  if (!r) return [unchanged];
  if (r.status === 'new') return [{ text: 'new', tone: 'new' }];
  const move = (n: number, what: string): Toned[] =>
    n === 0 ? [] : [{ text: `${amount(n, r.currency, code)} ${what}`, tone: toneOf(n) }];
  const moves = [...move(r.mrr, 'MRR'), ...move(r.tcb, 'TCB')];
  if (r.status === 'gone') return [{ text: 'gone', tone: 'gone' }, ...moves];
  return moves.length ? moves : [unchanged];
}

/** ["create_subscription", "2027-01-01 → 2028-01-01"]; a line item: its type and date. */
export function details(r: SummaryRow, hints?: TimelineHints): string[] {
  const start = r.start || (r.lineItemIndex !== undefined ? hints?.lineItemDates[r.lineItemIndex] : undefined);
  if (!start) return [r.action];
  if (r.lineItemIndex !== undefined) return [r.action, start];
  return [r.action, `${start} → ${r.end ?? 'open-ended'}`];
}

const sum = (xs: number[]) => addAmounts(...xs); // answered amounts, added as whole cents
