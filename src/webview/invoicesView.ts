// The Invoices section, under the totals: one row per billing document (date, type, total), each a
// <details> that opens (by keyboard too) to its items: what, quantity, service period, amount. Text nodes only:
// names and dates come from the service.
import { el } from './dom';
import type { DocumentItemView, DocumentView, InvoicesView } from './invoicesModel';

/** `open`: each document shows its items at once (one invoice opened from the Accounts tree). */
export function renderInvoices(view: InvoicesView, open = false): HTMLElement {
  const sec = el('section', { cls: 'invoices', label: 'Invoices' });
  sec.appendChild(el('h2', { text: view.heading }));
  if (view.note) sec.appendChild(el('p', { cls: 'muted', text: view.note }));
  for (const d of view.documents) sec.appendChild(documentRow(d, open));
  return sec;
}

function documentRow(d: DocumentView, open: boolean): HTMLElement {
  const summary = el(
    'summary',
    { label: d.label },
    el('span', { cls: 'doc-date', text: d.date }),
    el('span', { cls: 'doc-type', text: d.type }),
    el('span', { cls: 'doc-total', text: d.total }),
  );
  const body = el('div', { cls: 'doc-items' });
  for (const i of d.items) body.appendChild(itemRow(i));
  if (!d.items.length) body.appendChild(el('p', { cls: 'muted', text: 'The answer lists no items.' }));
  if (d.breakdown) body.appendChild(el('p', { cls: 'muted doc-breakdown', text: d.breakdown }));
  const row = el('details', { cls: 'doc' }, summary, body);
  if (open) row.setAttribute('open', '');
  return row;
}

function itemRow(i: DocumentItemView): HTMLElement {
  const details = el('span', { cls: 'details' }, el('span', { cls: 'name', text: i.name }));
  for (const part of [i.quantity, i.period].filter(Boolean)) {
    details.append(document.createTextNode(' · '), el('span', { cls: 'nowrap', text: part }));
  }
  return el('div', { cls: 'doc-item' }, details, el('span', { cls: 'money', text: i.amount }));
}
