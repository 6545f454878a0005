// A created order as the panel shows it: its number and account first (the header says it was created), then the figures of the preview it
// was created from (MRR, TCB, first invoice), then its subscriptions.
import { el, table } from './dom';
import type { CreatedOrder } from './protocol';

export function renderOrder(order: CreatedOrder): HTMLElement {
  const section = el('section', { cls: 'created' }); // the header names the order: no second heading
  const facts: [string, string][] = [
    ['Order', order.orderNumber],
    ['Account', order.accountNumber ?? order.accountUnknown ?? 'looking it up…'],
    ...(order.figures ?? []).map((f): [string, string] => [f.label, f.value]),
  ];
  const list = el('dl', { cls: 'created-facts' });
  for (const [label, value] of facts) list.append(el('dt', { text: label }), el('dd', { text: value }));
  section.appendChild(list);
  if (order.figures?.length) section.appendChild(el('p', { cls: 'hint', text: 'Figures as previewed before Create.' }));
  const rows = order.subscriptions.map(x => [x.number, x.state, String(x.version)]);
  section.appendChild(table(['subscription', 'state', 'version'], rows));
  return section;
}
