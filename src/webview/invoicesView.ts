// What the preview will bill, when the answer says it (a v1 preview that asked for BillingDocs): one row per
// invoice, its date, amount and number of items. Text nodes only.
import { formatMoney } from '../client/money';
import { el } from './dom';
import type { PreviewInvoice } from './protocol';

export function renderInvoices(invoices: PreviewInvoice[], currency: string | undefined): HTMLElement {
  const sec = el('section', { cls: 'invoices', label: 'Invoices' });
  sec.appendChild(el('h2', { text: `Invoices (${invoices.length})` }));
  for (const i of invoices) {
    const amount = currency ? formatMoney(i.amount, currency) : i.amount.toFixed(2);
    const items = `${i.items} item${i.items === 1 ? '' : 's'}`;
    sec.appendChild(
      el(
        'div',
        { cls: 'item' },
        el('span', { cls: 'details', text: `${i.date} · ${items}` }),
        el('span', { cls: 'money', text: amount }),
      ),
    );
  }
  return sec;
}
