// The preview as a table: per subscription item the price, dates, MRR and TCB; totals per currency.
import { formatMoney, summarizePreview, type PreviewRequestLines, type PreviewResponse } from '../client';

export function previewTable(p: PreviewResponse, request?: PreviewRequestLines): string {
  const s = summarizePreview(p, request);
  const rows: string[][] = [['subscription', 'action', 'price', 'start', 'end', 'MRR', 'TCB']];
  for (const r of s.rows) {
    const mrr = r.mrr ? fmt(r.mrr.net_amount, r.mrr.currency) : '-';
    rows.push([r.subscription, r.action, r.price, r.start, r.end ?? '-', mrr, fmt(r.tcb.net_amount, r.tcb.currency)]);
  }
  for (const t of s.totals) rows.push(['total', '', '', '', '', fmt(t.mrr, t.currency), fmt(t.tcb, t.currency)]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  // Amounts (the MRR and TCB columns) align right, the rest left.
  const pad = (cell: string, c: number) => (c >= 5 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]));
  const line = (r: string[]) => r.map(pad).join('  ').trimEnd();
  return [line(rows[0]), widths.map(w => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Delta metrics: signed and grouped, as the panel and the inline figures show them. */
const fmt = (n: number, currency: string) => formatMoney(n, currency, { signed: true });
