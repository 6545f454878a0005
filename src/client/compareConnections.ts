// The same payload previewed on two connections (A and B), row by row: each item's MRR and TCB on both
// sides and B − A, the totals per currency on both sides, and the rows only one side answered. Unlike
// comparePreviews (one file's successive previews), every row is kept: the panel shows both previews whole.
import { addAmounts } from '../wire/money';
import type { PreviewSummary, SummaryRow, Totals } from './summary';

export interface SideFigures {
  /** Undefined where the service answers no MRR (a one-time charge). */
  mrr?: number;
  tcb: number;
  currency: string;
}

export type RowStatus = 'same' | 'differs' | 'onlyA' | 'onlyB';

export interface ComparedRow {
  /** The summary row's key; a key repeated in one preview gets `#2`, `#3`... in the order answered. */
  key: string;
  subscription: string;
  action: string;
  price: string;
  /** Dates of A's row (B's when only B has it). */
  start: string;
  end: string | null;
  a?: SideFigures;
  b?: SideFigures;
  /** B − A, when both sides answered the row in the same currency. */
  diff?: { mrr: number; tcb: number };
  status: RowStatus;
}

export interface ComparedTotals {
  currency: string;
  a?: Totals;
  b?: Totals;
  /** B − A; a side without this currency counts as zero. */
  diff: { mrr: number; tcb: number };
  same: boolean;
}

export interface ConnectionComparison {
  rows: ComparedRow[];
  totals: ComparedTotals[];
  /** Rows that differ or are on one side only. */
  differences: number;
}

/** Compares preview `a` with preview `b` of the same request. */
export function compareConnections(a: PreviewSummary, b: PreviewSummary): ConnectionComparison {
  const left = keyed(a.rows);
  const right = keyed(b.rows);
  const rows: ComparedRow[] = [];
  for (const [key, ra] of left) rows.push(comparedRow(key, ra, right.get(key)));
  for (const [key, rb] of right) if (!left.has(key)) rows.push(comparedRow(key, undefined, rb));
  const currencies = [...new Set([...a.totals, ...b.totals].map(t => t.currency))];
  const totals = currencies.map((currency): ComparedTotals => {
    const ta = a.totals.find(t => t.currency === currency);
    const tb = b.totals.find(t => t.currency === currency);
    const diff = { mrr: change(ta?.mrr, tb?.mrr), tcb: change(ta?.tcb, tb?.tcb) };
    return { currency, a: ta, b: tb, diff, same: !!ta && !!tb && diff.mrr === 0 && diff.tcb === 0 };
  });
  return { rows, totals, differences: rows.filter(r => r.status !== 'same').length };
}

/** B − A of two answered amounts (absent is zero), exact: no float subtraction, no rounding of what was answered. */
const change = (a: number | undefined, b: number | undefined): number => addAmounts(b ?? 0, -(a ?? 0));

/** Rows by key; a repeated key (the same price twice in one subscription) is numbered in answer order. */
function keyed(rows: SummaryRow[]): Map<string, SummaryRow> {
  const seen = new Map<string, number>();
  const m = new Map<string, SummaryRow>();
  for (const r of rows) {
    const n = (seen.get(r.key) ?? 0) + 1;
    seen.set(r.key, n);
    m.set(n === 1 ? r.key : `${r.key}#${n}`, r);
  }
  return m;
}

function figures(r: SummaryRow): SideFigures {
  return { ...(r.mrr ? { mrr: r.mrr.net_amount } : {}), tcb: r.tcb.net_amount, currency: r.tcb.currency };
}

function comparedRow(key: string, ra: SummaryRow | undefined, rb: SummaryRow | undefined): ComparedRow {
  const r = (ra ?? rb)!;
  const row: ComparedRow = {
    key,
    subscription: r.subscription,
    action: r.action,
    price: r.price,
    start: r.start,
    end: r.end,
    status: ra ? 'onlyA' : 'onlyB',
  };
  if (ra) row.a = figures(ra);
  if (rb) row.b = figures(rb);
  if (!row.a || !row.b) return row;
  if (row.a.currency !== row.b.currency) return { ...row, status: 'differs' }; // no difference across currencies
  const diff = { mrr: change(row.a.mrr, row.b.mrr), tcb: change(row.a.tcb, row.b.tcb) };
  const same = diff.mrr === 0 && diff.tcb === 0 && (row.a.mrr === undefined) === (row.b.mrr === undefined);
  return { ...row, diff, status: same ? 'same' : 'differs' };
}
