// The Invoices section as the panel shows it: one row per billing document the answer lists (date, type, total
// in the currency's format), each with its items (what, quantity, service period, amount). Pure data (no DOM),
// tested in plain Node; only what the service answered, never recomputed.
import type { BillingDocument, BillingDocumentItem } from '../client/billingDocuments';
import { formatMoney } from '../client/money';
import type { PreviewBilling } from './protocol';

export interface DocumentItemView {
  /** "Seats (price-team-seats)": the name, and the price when the name is not it. */
  name: string;
  /** "× 10"; empty when the answer gives no quantity. */
  quantity: string;
  /** "2027-01-01 → 2027-01-31", one date for a one-time charge; empty when the answer gives none. */
  period: string;
  amount: string;
}

export interface DocumentView {
  date: string;
  /** "invoice", "credit memo", "debit memo". */
  type: string;
  total: string;
  /** "Subtotal 350.00 USD · tax 0.00 USD", said only when there is tax (else the total says it all). */
  breakdown?: string;
  items: DocumentItemView[];
  /** What a screen reader hears for the row: "invoice on 2027-01-01, 350.00 USD, 2 items". */
  label: string;
}

export interface InvoicesView {
  /** "Invoices (3)"; "Credit memos (1)", "Billing documents (4)" when not all are invoices. */
  heading: string;
  documents: DocumentView[];
  /** Said instead of rows when billing documents were asked for and none came back. */
  note?: string;
}

/** "invoice", "credit memo", "debit memo" (the webview imports only types and money from the client). */
export const typeLabel = (type: string) => type.replace(/_/g, ' ');

/** The section for a preview's billing; undefined when the preview did not ask for billing documents. */
export function invoicesView(billing: PreviewBilling | undefined): InvoicesView | undefined {
  if (!billing || (!billing.asked && !billing.documents.length)) return undefined;
  const documents = billing.documents.map(documentView);
  const heading = `${headingOf(billing.documents.map(d => d.type))} (${documents.length})`;
  if (documents.length) return { heading, documents };
  const note = 'The answer lists no billing documents for the periods asked for.';
  return { heading, documents, note };
}

/** "Invoices" (none yet, or only invoices), "Credit memos" (a memo opened alone), else "Billing documents". */
function headingOf(types: readonly string[]): string {
  const kinds = new Set(types);
  if (!kinds.size || (kinds.size === 1 && kinds.has('invoice'))) return 'Invoices';
  const words = typeLabel([...kinds][0]);
  return kinds.size === 1 ? `${words.charAt(0).toUpperCase()}${words.slice(1)}s` : 'Billing documents';
}

function documentView(d: BillingDocument): DocumentView {
  const money = (n: number) => formatMoney(n, d.currency);
  const type = typeLabel(d.type);
  const total = money(d.total);
  const count = `${d.items.length} item${d.items.length === 1 ? '' : 's'}`;
  return {
    date: d.date || 'no date',
    type,
    total,
    ...(d.tax !== 0 ? { breakdown: `Subtotal ${money(d.subtotal)} · tax ${money(d.tax)}` } : {}),
    items: d.items.map(i => itemView(i, money)),
    label: `${type}${d.date ? ` on ${d.date}` : ''}, ${total}, ${count}`,
  };
}

function itemView(i: BillingDocumentItem, money: (n: number) => string): DocumentItemView {
  const name = i.price && i.price !== i.name ? `${i.name} (${i.price})` : i.name;
  const start = i.serviceStart ?? i.serviceEnd;
  const end = i.serviceEnd ?? i.serviceStart;
  const period = !start ? '' : start === end ? start : `${start} → ${end}`;
  return {
    name,
    quantity: i.quantity === undefined ? '' : `× ${i.quantity}`,
    period,
    amount: money(i.amount),
  };
}
