// A preview answer as rows and totals per currency, and the change from a previous preview of the same
// file. Shared by the CLI table and the response panel, so both say the same numbers.
import { addAmounts } from '../wire/money';
import type { Money, PreviewResponse } from '../wire/responses';

export interface SummaryRow {
  /** Stable across previews of the same file: subscription, action and price (item ids are new each time). */
  key: string;
  subscription: string;
  action: string;
  price: string;
  start: string;
  end: string | null;
  mrr?: Money;
  tcb: Money;
  /** Delta TCV, when the answer gives it. */
  tcv?: Money;
  /** Where the row came from in the request: `subscriptions[subscriptionIndex]` or `line_items[lineItemIndex]`. */
  subscriptionIndex?: number;
  lineItemIndex?: number;
}
export interface Totals {
  currency: string;
  mrr: number;
  tcb: number;
}
export interface PreviewSummary {
  rows: SummaryRow[];
  totals: Totals[];
}
export interface RowChange {
  key: string;
  label: string;
  mrr: number;
  tcb: number;
  currency: string;
  status: 'new' | 'gone' | 'changed';
}
export interface PreviewChange {
  rows: RowChange[];
  totals: Totals[];
}

/** What the request said of its line items: the answer carries their metrics only, in the same order. */
export interface PreviewRequestLines {
  line_items?: { name?: unknown; type?: unknown }[];
}

export function summarizePreview(p: PreviewResponse, request?: PreviewRequestLines): PreviewSummary {
  const rows: SummaryRow[] = [];
  p.subscriptions.forEach((s, si) => {
    const sub = s.subscription_number ?? `new subscription ${si + 1}`;
    for (const a of s.actions) {
      for (const i of a.subscription_items) {
        rows.push({
          key: `${sub}|${a.action}|${i.price_id}`,
          subscription: sub,
          action: a.action,
          price: i.price_id,
          start: i.start_date,
          end: i.end_date ?? null,
          ...(i.mrr ? { mrr: i.mrr } : {}),
          tcb: i.tcb,
          ...(i.tcv ? { tcv: i.tcv } : {}),
          subscriptionIndex: si, // the answer lists subscriptions in the request's order
        });
      }
    }
  });
  // The service answers a line item's metrics only, in the order the request listed them.
  (p.line_items ?? []).forEach((li, k) => {
    const tcb = li.tcb ?? li.tcv;
    if (!tcb) return;
    const asked = Array.isArray(request?.line_items) ? request.line_items[k] : undefined;
    const name = typeof asked?.name === 'string' ? asked.name : `#${k + 1}`;
    const type = typeof asked?.type === 'string' ? asked.type : 'line item';
    rows.push({
      key: `line item|${type}|${name}`,
      subscription: 'line item',
      action: type,
      price: name,
      start: '',
      end: null,
      ...(li.mrr ? { mrr: li.mrr } : {}),
      tcb,
      ...(li.tcv ? { tcv: li.tcv } : {}),
      lineItemIndex: k,
    });
  });
  return {
    rows,
    totals: totalsOf(rows.map(r => ({ currency: r.tcb.currency, mrr: r.mrr?.net_amount ?? 0, tcb: r.tcb.net_amount }))),
  };
}

function totalsOf(xs: { currency: string; mrr: number; tcb: number }[]): Totals[] {
  const m = new Map<string, Totals>();
  for (const x of xs) {
    const t = m.get(x.currency) ?? { currency: x.currency, mrr: 0, tcb: 0 };
    // Answered amounts are rounded already: added as whole cents, never as floats.
    t.mrr = addAmounts(t.mrr, x.mrr);
    t.tcb = addAmounts(t.tcb, x.tcb);
    m.set(x.currency, t);
  }
  return [...m.values()];
}

/** What changed from `before` to `after`, per row and in total; unchanged rows are left out. */
export function comparePreviews(before: PreviewSummary, after: PreviewSummary): PreviewChange {
  const prev = new Map(before.rows.map(r => [r.key, r]));
  const next = new Map(after.rows.map(r => [r.key, r]));
  const rows: RowChange[] = [];
  const label = (r: SummaryRow) => `${r.subscription} · ${r.action} · ${r.price}`;
  const gone = (k: string, b: SummaryRow): RowChange => ({
    key: k,
    label: label(b),
    mrr: -(b.mrr?.net_amount ?? 0),
    tcb: -b.tcb.net_amount,
    currency: b.tcb.currency,
    status: 'gone',
  });
  for (const [k, a] of next) {
    let b = prev.get(k);
    // Amounts in two currencies are never subtracted: a row whose currency changed is gone in the old one and
    // new in the new one (gone first, so a view that looks rows up by key finds the new one).
    if (b && b.tcb.currency !== a.tcb.currency) {
      rows.push(gone(k, b));
      b = undefined;
    }
    const mrr = addAmounts(a.mrr?.net_amount ?? 0, -(b?.mrr?.net_amount ?? 0)),
      tcb = addAmounts(a.tcb.net_amount, -(b?.tcb.net_amount ?? 0));
    if (!b) rows.push({ key: k, label: label(a), mrr, tcb, currency: a.tcb.currency, status: 'new' });
    else if (mrr !== 0 || tcb !== 0)
      rows.push({ key: k, label: label(a), mrr, tcb, currency: a.tcb.currency, status: 'changed' });
  }
  for (const [k, b] of prev) if (!next.has(k)) rows.push(gone(k, b));
  return { rows, totals: totalsOf(rows.map(r => ({ currency: r.currency, mrr: r.mrr, tcb: r.tcb }))) };
}
