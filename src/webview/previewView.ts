// A preview, money first: the totals per currency in big numbers with their change, then a card per
// subscription (and one for the line items) with a row per item, the timeline, and the same numbers as a
// real table for screen readers. Everything is text nodes.
import { formatMoney } from '../client/money';
import type { PreviewChange, PreviewSummary, SummaryRow } from '../client/summary';
import { el, itemCell, table } from './dom';
import { invoicesView } from './invoicesModel';
import { renderInvoices } from './invoicesView';
import { amount, details, previewView, type CardView, type ItemView, type Toned, type TotalView } from './previewModel';
import type { PreviewBilling, TimelineHints } from './protocol';
import { renderTimeline } from './timeline';

/** A change in words and sign as well as colour: the class only adds the theme colour. */
const toned = (t: Toned, cls = '') => el('span', { cls: `${cls} tone-${t.tone}`.trim(), text: t.text });

export function renderPreview(
  summary: PreviewSummary,
  change?: PreviewChange,
  hints?: TimelineHints,
  billing?: PreviewBilling,
): HTMLElement {
  const view = previewView(summary, change, hints);
  const sec = el('section', { cls: 'preview' });
  sec.appendChild(el('h2', { text: 'Totals' }));
  const totals = el('div', { cls: 'totals' });
  for (const t of view.totals) totals.appendChild(totalBlock(t));
  if (!view.totals.length) totals.appendChild(el('p', { text: 'Nothing to bill in this preview.' }));
  sec.appendChild(totals);
  const invoices = invoicesView(billing);
  if (invoices) sec.appendChild(renderInvoices(invoices));
  sec.appendChild(el('h2', { text: `Items (${summary.rows.length})` }));
  const frag = document.createDocumentFragment();
  for (const c of view.cards) frag.appendChild(card(c, view.compared));
  sec.appendChild(frag);
  const timeline = renderTimeline(summary.rows, hints, billing?.documents);
  if (timeline) sec.append(el('h2', { text: 'Timeline' }), timeline);
  sec.appendChild(tablesOnOpen(summary, change, hints));
  return sec;
}

function totalBlock(t: TotalView): HTMLElement {
  const block = el('div', { cls: 'total', label: `Totals in ${t.currency}` });
  const figure = (name: string, value: string, delta?: Toned) => {
    const f = el('div', { cls: 'figure' }, el('div', { cls: 'figure-label', text: name }));
    f.appendChild(el('div', { cls: 'big', text: value }));
    if (delta)
      f.appendChild(
        el(
          'div',
          { cls: 'delta' },
          delta.tone === 'flat' ? toned({ text: 'no change', tone: 'flat' }) : toned(delta),
          el('span', { cls: 'muted', text: ' since last preview' }),
        ),
      );
    return f;
  };
  block.append(figure('MRR', t.mrr, t.change?.mrr), figure('TCB', t.tcb, t.change?.tcb));
  if (t.tcv) block.appendChild(el('div', { cls: 'muted tcv', text: `TCV ${t.tcv}` }));
  return block;
}

function card(c: CardView, compared: boolean): HTMLElement {
  const box = el('article', { cls: `card${compared ? ' compared' : ''}`, label: c.title });
  const head = el('header', { cls: 'card-head' }, el('span', { cls: 'card-title', text: c.title }));
  if (c.term) head.appendChild(el('span', { cls: 'card-term', text: c.term }));
  if (c.tcb) {
    const sum = el('span', { cls: 'card-sum' }, el('span', { text: `MRR ${c.mrr}` }), document.createTextNode(' · '));
    sum.appendChild(el('span', { text: `TCB ${c.tcb}` }));
    head.appendChild(sum);
  }
  box.appendChild(head);
  const columns = el(
    'div',
    { cls: 'item columns' },
    el('span', { cls: 'details' }),
    el('span', { cls: 'money mrr', text: 'MRR' }),
    el('span', { cls: 'money tcb', text: 'TCB' }),
    compared ? el('span', { cls: 'money change', text: 'Change' }) : undefined,
  );
  columns.setAttribute('aria-hidden', 'true'); // the table below is the screen reader's view
  box.appendChild(columns);
  for (const i of c.items) box.appendChild(itemRow(i));
  return box;
}

function itemRow(i: ItemView): HTMLElement {
  const change = i.change && el('span', { cls: 'money change' }, ...i.change.map(t => toned(t, 'line')));
  return el(
    'div',
    { cls: `item${i.gone ? ' gone' : ''}` },
    el('span', { cls: 'money mrr', text: i.mrr }),
    el('span', { cls: 'money tcb', text: i.tcb }),
    change,
    el('span', { cls: 'details' }, el('span', { cls: 'name', text: i.name }), ...i.details.flatMap(detail)),
  );
}

/** A detail after a breakable separator; a date range or an action never breaks inside. */
const detail = (d: string) => [document.createTextNode(' · '), el('span', { cls: 'nowrap', text: d })];

/** The same numbers as real tables, folded under "Table" (screen readers open it; sighted readers may). */
function tablesOnOpen(summary: PreviewSummary, change?: PreviewChange, hints?: TimelineHints): HTMLElement {
  const details = el('details', { cls: 'tables' }, el('summary', { text: 'Table' }));
  // Folded content is out of the accessibility tree until opened: build it then, so a 1,000-item preview draws fast.
  details.addEventListener('toggle', () => {
    if (details.open && details.childElementCount === 1) details.append(...accessibleTables(summary, change, hints));
  });
  return details;
}

/**
 * The totals, and one row per item: what it is (name; subscription, action, dates under it), MRR, TCB, TCV and
 * the change, so it fits a 500 px panel. One currency: amounts without its code (the caption says it); a gross
 * amount only where it differs from the net one, under it.
 */
function accessibleTables(summary: PreviewSummary, change?: PreviewChange, hints?: TimelineHints): HTMLElement[] {
  const m = (n: number | undefined, c: string) => (n === undefined ? '—' : formatMoney(n, c, { signed: true }));
  const totals = table(
    ['Currency', 'MRR', 'TCB'],
    summary.totals.map(t => [t.currency, m(t.mrr, t.currency), m(t.tcb, t.currency)]),
    [1, 2],
    'Totals',
  );
  const currencies = summary.totals.map(t => t.currency);
  const code = currencies.length > 1;
  const a = (n: number | undefined, c: string) => (n === undefined ? '—' : amount(n, c, code));
  const net = (x: SummaryRow['tcb'] | undefined, c: string) =>
    x && x.gross_amount !== x.net_amount
      ? `${a(x.net_amount, c)} (gross ${a(x.gross_amount, c)})`
      : a(x?.net_amount, c);
  const changes = new Map((change?.rows ?? []).map(r => [r.key, r]));
  const changeText = (r: SummaryRow) => {
    const c = changes.get(r.key);
    if (!c) return 'no change';
    if (c.status === 'new') return 'new';
    return `${a(c.mrr, c.currency)} MRR, ${a(c.tcb, c.currency)} TCB`;
  };
  const rows = summary.rows.map(r => {
    const c = r.tcb.currency;
    const row = [
      itemCell(r.price, [r.subscription, ...details(r, hints)]),
      net(r.mrr, c),
      net(r.tcb, c),
      net(r.tcv, c),
    ];
    if (change) row.push(changeText(r));
    return row;
  });
  for (const g of (change?.rows ?? []).filter(r => r.status === 'gone')) {
    const [sub, action, ...name] = g.key.split('|');
    const gone = `gone: ${a(g.mrr, g.currency)} MRR, ${a(g.tcb, g.currency)} TCB`;
    rows.push([itemCell(name.join('|'), [sub, action, 'not in this preview']), '—', '—', '—', gone]);
  }
  const head = ['Item', 'MRR', 'TCB', 'TCV', ...(change ? ['Change'] : [])];
  const caption = code || !currencies.length ? 'Items' : `Items, in ${currencies[0]}`;
  const items = table(head, rows, [1, 2, 3], caption);
  const scroll = (t: HTMLTableElement) => el('div', { cls: 'table-scroll' }, t); // a table wider still scrolls alone
  return [scroll(totals), scroll(items)];
}
