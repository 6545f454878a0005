// A created order as the panel shows it: its number, status and account first (the header says it was created),
// then the figures of the preview it was created from (MRR, TCB, first invoice), then its subscriptions.
import { el, table } from './dom';
import type { CreatedOrder } from './protocol';

export function renderOrder(order: CreatedOrder): HTMLElement {
  const section = el('section', { cls: 'created' }); // the header names the order: no second heading
  const facts: [string, string][] = [
    ['Order', order.orderNumber],
    ...(order.status ? [['Order status', order.status] as [string, string]] : []),
    ['Account', order.accountNumber ?? order.accountUnknown ?? 'looking it up…'],
    ...(order.figures ?? []).map((f): [string, string] => [f.label, f.value]),
  ];
  const list = el('dl', { cls: 'created-facts' });
  for (const [label, value] of facts) list.append(el('dt', { text: label }), el('dd', { text: value }));
  section.appendChild(list);
  if (order.figures?.length) section.appendChild(el('p', { cls: 'hint', text: 'Figures as previewed before Create.' }));
  section.appendChild(subscriptionsTable(order.subscriptions));
  return section;
}

/** The subscriptions with only the columns the answer filled: a v1 answer says no versions, and states from 223.0. */
function subscriptionsTable(subscriptions: CreatedOrder['subscriptions']): HTMLTableElement {
  const columns: [string, (s: CreatedOrder['subscriptions'][number]) => string][] = [
    ['subscription', s => s.number],
    ['state', s => s.state],
    ['version', s => (s.version === undefined ? '' : String(s.version))],
  ];
  const shown = columns.filter(([, cell], i) => i === 0 || subscriptions.some(s => cell(s) !== ''));
  return table(
    shown.map(([head]) => head),
    subscriptions.map(s => shown.map(([, cell]) => cell(s))),
  );
}
