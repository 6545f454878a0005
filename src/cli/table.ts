// The preview as a table: per subscription item the price, dates, MRR and TCB; totals per currency; then what
// it bills, when the answer lists billing documents: one row per document and one per item below it.
import {
  documentTypeLabel,
  formatMoney,
  summarizePreview,
  type BillingDocument,
  type PreviewRequestLines,
  type PreviewResponse,
} from '../client';

export function previewTable(
  p: PreviewResponse,
  request?: PreviewRequestLines,
  documents: readonly BillingDocument[] = [],
): string {
  const s = summarizePreview(p, request);
  const rows: string[][] = [['subscription', 'action', 'price', 'start', 'end', 'MRR', 'TCB']];
  for (const r of s.rows) {
    const mrr = r.mrr ? fmt(r.mrr.net_amount, r.mrr.currency) : '-';
    rows.push([r.subscription, r.action, r.price, r.start, r.end ?? '-', mrr, fmt(r.tcb.net_amount, r.tcb.currency)]);
  }
  for (const t of s.totals) rows.push(['total', '', '', '', '', fmt(t.mrr, t.currency), fmt(t.tcb, t.currency)]);
  const items = layout(rows, 5); // amounts (the MRR and TCB columns) align right, the rest left
  return documents.length ? `${items}\n\n${invoicesTable(documents)}` : items;
}

/**
 * The billing documents: a row per document (its date, type and total), then a row per item (what, service
 * period, quantity, amount before tax) and its tax when there is any.
 */
export function invoicesTable(documents: readonly BillingDocument[]): string {
  const rows: string[][] = [['billed', 'type', 'item', 'service period', 'quantity', 'amount']];
  for (const d of documents) {
    const money = (n: number) => formatMoney(n, d.currency);
    rows.push([d.date || '-', documentTypeLabel(d.type), '', '', '', money(d.total)]);
    for (const i of d.items) {
      const name = i.price && i.price !== i.name ? `${i.name} (${i.price})` : i.name;
      const start = i.serviceStart ?? i.serviceEnd ?? '';
      const end = i.serviceEnd ?? start;
      const period = start === end ? start : `${start} → ${end}`;
      rows.push(['', '', name, period || '-', i.quantity === undefined ? '-' : String(i.quantity), money(i.amount)]);
    }
    if (d.tax !== 0) rows.push(['', '', 'tax', '', '', money(d.tax)]);
  }
  return layout(rows, 4);
}

/** Columns padded to their widths; from column `rightFrom` on, cells align right (amounts, quantities). */
function layout(rows: string[][], rightFrom: number): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => width(r[c]))));
  const pad = (cell: string, c: number) => {
    const fill = ' '.repeat(widths[c] - width(cell));
    return c >= rightFrom ? fill + cell : cell + fill;
  };
  const line = (r: string[]) => r.map(pad).join('  ').trimEnd();
  return [line(rows[0]), widths.map(w => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Characters as a terminal shows them (a name from the service may hold letters outside the BMP). */
const width = (s: string) => [...s].length;

/** Delta metrics: signed and grouped, as the panel and the inline figures show them. */
const fmt = (n: number, currency: string) => formatMoney(n, currency, { signed: true });
