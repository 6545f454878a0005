// What a preview says of each entry of the payload, and where that entry is in the text: the delta MRR and
// TCB of `subscriptions[i]` and `line_items[i]`, summed per currency from the summary's rows (they carry
// their request position), at the offset of the entry's opening brace. The editor shows them there.
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { firstInvoiceLabel, type BillingDocument } from '../client/billingDocuments';
import { addAmounts, formatMoney } from '../client/money';
import type { PreviewSummary, Totals } from '../client/summary';

export type EntryList = 'subscriptions' | 'line_items';

/** Delta MRR and TCB in one currency; `mrr` is absent when no row had one (a one-time fee). */
export interface CurrencySum {
  currency: string;
  mrr?: number;
  tcb: number;
}

export interface EntryMetrics {
  list: EntryList;
  index: number;
  /** Offset of the entry's `{` in the text. */
  offset: number;
  sums: CurrencySum[];
}

/** The sums per request entry, in the order the rows came (subscriptions first, then line items). */
export function sumsByEntry(summary: PreviewSummary): { list: EntryList; index: number; sums: CurrencySum[] }[] {
  const entries = new Map<string, { list: EntryList; index: number; sums: Map<string, CurrencySum> }>();
  for (const row of summary.rows) {
    const at: [EntryList, number] | undefined =
      row.subscriptionIndex !== undefined
        ? ['subscriptions', row.subscriptionIndex]
        : row.lineItemIndex !== undefined
          ? ['line_items', row.lineItemIndex]
          : undefined;
    if (!at) continue;
    const key = at.join('|');
    const entry = entries.get(key) ?? { list: at[0], index: at[1], sums: new Map<string, CurrencySum>() };
    entries.set(key, entry);
    const { currency } = row.tcb;
    const sum = entry.sums.get(currency) ?? { currency, tcb: 0 };
    // Added exactly, as the totals are (summary.ts): no float drift, no rounding of a partial sum.
    sum.tcb = addAmounts(sum.tcb, row.tcb.net_amount);
    if (row.mrr) sum.mrr = addAmounts(sum.mrr ?? 0, row.mrr.net_amount);
    entry.sums.set(currency, sum);
  }
  return [...entries.values()].map(e => ({ list: e.list, index: e.index, sums: [...e.sums.values()] }));
}

/**
 * The entries of `text` that the preview has figures for, with their offsets. An entry the text no longer
 * has (removed since the preview, or not parseable) is left out.
 */
export function metricsAt(text: string, summary: PreviewSummary, bodyPath: readonly string[] = []): EntryMetrics[] {
  const root = parseTree(text);
  if (!root) return [];
  const found: EntryMetrics[] = [];
  for (const e of sumsByEntry(summary)) {
    const node = findNodeAtLocation(root, [...bodyPath, e.list, e.index]);
    if (node?.type === 'object') found.push({ ...e, offset: node.offset });
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * `MRR +100.00 USD · TCB +1,700.00 USD`; several currencies side by side (`MRR +1.00 USD, +2.00 EUR · TCB …`);
 * MRR left out when no currency has one.
 */
export function metricsLabel(sums: readonly CurrencySum[]): string {
  if (!sums.length) return 'no MRR or TCB in the answer';
  const money = (n: number, currency: string) => formatMoney(n, currency, { signed: true });
  const mrr = sums.filter(s => s.mrr !== undefined).map(s => money(s.mrr!, s.currency));
  const tcb = sums.map(s => money(s.tcb, s.currency));
  return [...(mrr.length ? [`MRR ${mrr.join(', ')}`] : []), `TCB ${tcb.join(', ')}`].join(' · ');
}

/**
 * The preview's totals per currency, as the label above the payload reads them, then its first invoice when the
 * answer lists billing documents: `MRR +350.00 USD · TCB +4,200.00 USD · first invoice 350.00 USD on 2027-01-01`.
 */
export function totalsLabel(totals: readonly Totals[], documents: readonly BillingDocument[] = []): string {
  const label = metricsLabel(totals.map(t => ({ currency: t.currency, mrr: t.mrr, tcb: t.tcb })));
  const first = firstInvoiceLabel(documents);
  return first ? `${label} · ${first}` : label;
}
