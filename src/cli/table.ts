// The preview as a table: per subscription item the price, dates, MRR and TCB; totals per currency.
import type { PreviewResponse } from '../client';

export function previewTable(p: PreviewResponse): string {
  const rows: string[][] = [['subscription', 'action', 'price', 'start', 'end', 'MRR', 'TCB']];
  const totals = new Map<string, { mrr: number; tcb: number }>();
  for (const s of p.subscriptions) {
    for (const a of s.actions) {
      for (const i of a.subscription_items) {
        rows.push([s.subscription_number ?? '(new)', a.action, i.price_id, i.start_date, i.end_date ?? '-', i.mrr ? fmt(i.mrr.net_amount, i.mrr.currency) : '-', fmt(i.tcb.net_amount, i.tcb.currency)]);
        const t = totals.get(i.tcb.currency) ?? { mrr: 0, tcb: 0 };
        t.mrr += i.mrr?.net_amount ?? 0;
        t.tcb += i.tcb.net_amount;
        totals.set(i.tcb.currency, t);
      }
    }
  }
  for (const li of (p.line_items ?? []) as { name: string; type: string; start_date: string; amount?: { net_amount: number; currency: string } }[]) {
    if (!li.amount) continue;
    rows.push(['line item', li.type, li.name, li.start_date, '-', '-', fmt(li.amount.net_amount, li.amount.currency)]);
    const t = totals.get(li.amount.currency) ?? { mrr: 0, tcb: 0 };
    t.tcb += li.amount.net_amount;
    totals.set(li.amount.currency, t);
  }
  for (const [currency, t] of totals) rows.push(['total', '', '', '', '', fmt(t.mrr, currency), fmt(t.tcb, currency)]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  const line = (r: string[]) => r.map((cell, c) => (c >= 5 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ').trimEnd();
  return [line(rows[0]), widths.map(w => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export const fmt = (n: number, currency: string) => `${n.toFixed(2)} ${currency}`;
