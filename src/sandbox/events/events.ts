// What happened, read from the store after a commit: what each source's lists gained since the last look.
// Reading after the commit (never inside it) means a rolled-back change is never announced; a clock move's
// renewals, bill runs and payments are announced when its one commit is made, in date order. Each event carries
// its merge fields (`Invoice.InvoiceNumber`...), the values a callout's parameters and a filter rule name.
// Another kind of event is one more entry in SOURCES.
import type { Store } from '../state/store';
import { billRunEvents, invoiceEvents, orderEvents } from './billing';
import { paymentEvents, refundEvents } from './payments';
import type { EventSource, SandboxEvent, Seen } from './source';
import { subscriptionEvents } from './subscriptions';
import { usageEvents } from './usage';

export type { SandboxEvent, Seen } from './source';

/** The sources, each with its rank (at one date: orders, subscriptions, invoices, payments, refunds, bill runs). */
export const SOURCES: readonly EventSource[] = [
  orderEvents,
  subscriptionEvents,
  invoiceEvents,
  usageEvents,
  paymentEvents,
  refundEvents,
  billRunEvents,
];

export const seenNow = (store: Store, sources = SOURCES): Seen =>
  Object.assign({}, ...sources.map(s => s.lengths(store))) as Seen;

/** The events of what was added since `seen`, by date, then by their source's rank, then as listed. */
export function eventsSince(store: Store, seen: Seen, sources = SOURCES): SandboxEvent[] {
  const ranked: { e: SandboxEvent; rank: number; i: number }[] = [];
  for (const s of sources) for (const e of s.since(store, seen)) ranked.push({ e, rank: s.rank, i: ranked.length });
  ranked.sort((a, b) => (a.e.date < b.e.date ? -1 : a.e.date > b.e.date ? 1 : a.rank - b.rank || a.i - b.i));
  return ranked.map(r => ({ ...r.e, fields: { 'Event.Type': r.e.type, 'Event.Date': r.e.date, ...r.e.fields } }));
}
