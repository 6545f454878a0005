// The same payload previewed on two connections, money first: the totals of A and B side by side (two columns
// from about 500 px, stacked below), then every item with both sides' MRR and TCB; a difference is marked by
// a theme colour AND in words ("differs by +50.00 MRR", "only on A"). One side failed: its error, and the
// other side's preview as the panel shows any preview. Everything is text nodes.
import { formatMoney } from '../client/money';
import type { ComparedRow, ComparedTotals, SideFigures } from '../client/compareConnections';
import { button, el, icon, itemCell, table, withoutAdvice } from './dom';
import { amount, toneOf } from './previewModel';
import { renderPreview } from './previewView';
import type { ComparisonSide, ComparisonState, PanelError, PanelRequest } from './protocol';

type Post = (request: PanelRequest) => void;
type Side = 'A' | 'B';

export function renderComparison(s: ComparisonState, post: Post): HTMLElement {
  const page = el('div', { cls: 'comparison' });
  page.appendChild(header(s));
  const again = button('Compare Again', 'refresh', () =>
    post({ command: 'compareAgain', source: s.source, connections: [s.a.connection.id, s.b.connection.id] }),
  );
  again.id = 'compare-again';
  page.appendChild(el('div', { cls: 'actions' }, again));
  if (s.comparison) {
    page.appendChild(verdict(s.comparison.differences));
    page.appendChild(totals(s, s.comparison.totals));
    page.appendChild(items(s, s.comparison.rows));
    page.appendChild(tableOnOpen(s, s.comparison.rows));
    return page;
  }
  // One side (or both) has no preview: each error where it belongs, and a preview that did come, whole.
  for (const [tag, side] of [['A', s.a] as const, ['B', s.b] as const]) {
    if (side.error) page.appendChild(sideError(tag, side, side.error, post));
  }
  for (const [tag, side] of [['A', s.a] as const, ['B', s.b] as const]) {
    if (!side.summary) continue;
    page.appendChild(el('h2', { cls: 'cmp-only-heading', text: `${tag} · ${side.connection.name}: its preview` }));
    page.appendChild(renderPreview(side.summary));
  }
  return page;
}

function header(s: ComparisonState): HTMLElement {
  const h = el('header', {}, el('h1', { text: s.title }));
  const meta = el('div', { cls: 'meta' });
  for (const [tag, side] of [['A', s.a] as const, ['B', s.b] as const]) {
    const c = side.connection;
    const what = side.error ? 'error' : `status ${side.status ?? '—'}${side.ms === undefined ? '' : `, ${side.ms} ms`}`;
    meta.appendChild(el('span', { cls: `conn ${c.kind}`, text: `${tag}: ${c.name} (${c.kind}), ${what}` }));
  }
  meta.appendChild(el('span', { text: new Date(s.at).toLocaleTimeString() }));
  h.appendChild(meta);
  return h;
}

function verdict(differences: number): HTMLElement {
  const text = differences
    ? `${differences} item${differences === 1 ? '' : 's'} differ${differences === 1 ? 's' : ''} between A and B`
    : 'Every item is the same on A and B';
  const p = el('p', { cls: `cmp-verdict${differences ? ' differs' : ''}`, text });
  p.setAttribute('role', 'status');
  return p;
}

/** Column headings "A · Local sandbox" | "B · Tenant" where the columns start; items add MRR | TCB under each. */
function columnHeads(s: ComparisonState, figures = false): HTMLElement {
  const heads = el('div', { cls: 'cmp-sides cmp-heads' });
  for (const [tag, side] of [['A', s.a] as const, ['B', s.b] as const]) {
    const head = el('div', { cls: 'cmp-head' }, el('div', { text: `${tag} · ${side.connection.name}` }));
    if (figures)
      head.appendChild(el('div', { cls: 'cmp-figures' }, el('span', { text: 'MRR' }), el('span', { text: 'TCB' })));
    heads.appendChild(head);
  }
  heads.setAttribute('aria-hidden', 'true');
  return heads;
}

function totals(s: ComparisonState, list: ComparedTotals[]): HTMLElement {
  const sec = el('section', { cls: 'cmp-totals' }, el('h2', { text: 'Totals' }), columnHeads(s));
  if (!list.length) sec.appendChild(el('p', { text: 'Nothing to bill on either side.' }));
  for (const t of list) {
    const block = el('div', { cls: `cmp-total${t.same ? '' : ' differs'}`, label: `Totals in ${t.currency}` });
    const sides = el('div', { cls: 'cmp-sides' });
    sides.append(totalSide('A', s.a, t, undefined), totalSide('B', s.b, t, t.diff));
    block.appendChild(sides);
    sec.appendChild(block);
  }
  return sec;
}

function totalSide(tag: Side, side: ComparisonSide, t: ComparedTotals, diff?: ComparedTotals['diff']): HTMLElement {
  const mine = tag === 'A' ? t.a : t.b;
  const col = el('div', { cls: 'cmp-side', label: `${tag}, ${side.connection.name}` });
  col.appendChild(el('span', { cls: 'cmp-tag', text: `${tag} · ${side.connection.name}` }));
  const figure = (name: string, value: number | undefined, d?: number) => {
    const f = el('div', { cls: 'figure' }, el('div', { cls: 'figure-label', text: name }));
    const shown = value === undefined ? `none in ${t.currency}` : formatMoney(value, t.currency, { signed: true });
    f.appendChild(el('div', { cls: 'cmp-big', text: shown }));
    if (d !== undefined) f.appendChild(differenceMark(d, t.currency, true));
    return f;
  };
  col.append(figure('MRR', mine?.mrr, diff?.mrr), figure('TCB', mine?.tcb, diff?.tcb));
  return col;
}

/** "differs by +50.00 USD" (up/down colour), or "same as A" (muted). */
function differenceMark(d: number, currency: string, code: boolean): HTMLElement {
  if (d === 0) return el('div', { cls: 'cmp-mark tone-flat', text: 'same as A' });
  return el('div', { cls: `cmp-mark tone-${toneOf(d)}`, text: `differs by ${amount(d, currency, code)}` });
}

function items(s: ComparisonState, rows: ComparedRow[]): HTMLElement {
  const sec = el('section', { cls: 'cmp-items' }, el('h2', { text: `Items (${rows.length})` }));
  const code = new Set(rows.flatMap(r => [r.a?.currency, r.b?.currency]).filter(Boolean)).size > 1;
  const groups = new Map<string, ComparedRow[]>();
  for (const r of rows) groups.set(r.subscription, [...(groups.get(r.subscription) ?? []), r]);
  for (const [subscription, group] of groups) {
    const title = subscription === 'line item' ? 'Line items' : subscription;
    const card = el('article', { cls: 'card', label: title });
    card.appendChild(el('header', { cls: 'card-head' }, el('span', { cls: 'card-title', text: title })));
    card.appendChild(columnHeads(s, true));
    for (const r of group) card.appendChild(itemRow(r, code));
    sec.appendChild(card);
  }
  return sec;
}

function itemRow(r: ComparedRow, code: boolean): HTMLElement {
  const row = el('div', { cls: `cmp-row ${r.status}` });
  const dates = r.start ? [r.end === null ? `${r.start} → open-ended` : `${r.start} → ${r.end}`] : [];
  const what = el('div', { cls: 'details' }, el('span', { cls: 'name', text: r.price }));
  for (const d of [r.action, ...dates]) what.append(' · ', el('span', { cls: 'nowrap', text: d }));
  row.appendChild(what);
  const sides = el('div', { cls: 'cmp-sides' });
  sides.append(itemSide('A', r.a, code), itemSide('B', r.b, code));
  row.appendChild(sides);
  row.appendChild(rowMark(r, code));
  return row;
}

function itemSide(tag: Side, f: SideFigures | undefined, code: boolean): HTMLElement {
  const col = el('div', { cls: 'cmp-side' }, el('span', { cls: 'cmp-tag', text: tag }));
  if (!f) {
    col.appendChild(el('span', { cls: 'muted', text: 'not in this preview' }));
    return col;
  }
  const mrr = f.mrr === undefined ? '—' : amount(f.mrr, f.currency, code);
  // "MRR" and "TCB" are said per amount when the sides stack; side by side, the column heads say them.
  const money = (label: string, value: string) =>
    el('span', { cls: 'money' }, el('span', { cls: 'cmp-label', text: `${label} ` }), el('span', { text: value }));
  col.append(money('MRR', mrr), money('TCB', amount(f.tcb, f.currency, code)));
  return col;
}

/** What differs, in words: "B differs by +50.00 MRR, +600.00 TCB", "only on A", "same on A and B". */
function rowMark(r: ComparedRow, code: boolean): HTMLElement {
  switch (r.status) {
    case 'same':
      return el('div', { cls: 'cmp-mark tone-flat', text: 'same on A and B' });
    case 'onlyA':
      return el('div', { cls: 'cmp-mark tone-gone', text: 'only on A' });
    case 'onlyB':
      return el('div', { cls: 'cmp-mark tone-new', text: 'only on B' });
    case 'differs': {
      if (!r.diff) {
        const text = `billed in ${r.a!.currency} on A, ${r.b!.currency} on B`;
        return el('div', { cls: 'cmp-mark tone-down', text });
      }
      const cur = r.a!.currency;
      const parts = [
        ...(r.diff.mrr ? [`${amount(r.diff.mrr, cur, code)} MRR`] : []),
        ...(r.diff.tcb ? [`${amount(r.diff.tcb, cur, code)} TCB`] : []),
      ];
      const text = parts.length ? `B differs by ${parts.join(', ')}` : 'B differs: MRR on one side only';
      return el('div', { cls: `cmp-mark tone-${toneOf(r.diff.tcb || r.diff.mrr)}`, text });
    }
  }
}

function sideError(tag: Side, side: ComparisonSide, e: PanelError, post: Post): HTMLElement {
  const name = `${e.categoryName ?? 'Error'}${e.category ? ` (category ${e.category})` : ''}`;
  const heading = ` ${tag} · ${side.connection.name}: ${name}`;
  const box = el('section', { cls: 'error' }, el('h2', {}, icon('error'), el('span', { text: heading })));
  box.appendChild(el('p', { text: withoutAdvice(e) }));
  if (e.advice) box.appendChild(el('p', { cls: 'advice', text: `What to do: ${e.advice}` }));
  if (e.action === 'signIn') {
    const signIn = () => post({ command: 'signInTo', connectionId: side.connection.id });
    box.appendChild(el('div', { cls: 'actions' }, button(`Sign In to ${side.connection.name}`, 'key', signIn)));
  }
  return box;
}

/**
 * The comparison as a real table, folded (screen readers open it), narrow enough for a 500 px panel: what each
 * item is (subscription and action under its name), its MRR and its TCB on A and on B (one line each; one
 * currency: without its code, the caption says it), and what differs.
 */
function tableOnOpen(s: ComparisonState, rows: ComparedRow[]): HTMLElement {
  const details = el('details', { cls: 'tables' }, el('summary', { text: 'Table' }));
  details.addEventListener('toggle', () => {
    if (!details.open || details.childElementCount > 1) return;
    const currencies = new Set(rows.flatMap(r => [r.a?.currency, r.b?.currency]).filter(Boolean));
    const code = currencies.size > 1;
    const m = (f: SideFigures | undefined, pick: 'mrr' | 'tcb') =>
      f?.[pick] === undefined ? '—' : amount(f[pick]!, f.currency, code);
    const sides = (r: ComparedRow, pick: 'mrr' | 'tcb') =>
      el(
        'span',
        {},
        ...(['a', 'b'] as const).map(x =>
          el('span', { cls: 'cell-line', text: `${x.toUpperCase()} ${m(r[x], pick)}` }),
        ),
      );
    const body = rows.map(r => [
      itemCell(r.price, [r.subscription, r.action]),
      sides(r, 'mrr'),
      sides(r, 'tcb'),
      rowMark(r, code).textContent ?? '',
    ]);
    const inCurrency = currencies.size === 1 ? `, in ${[...currencies][0]}` : '';
    const caption = `A: ${s.a.connection.name}, B: ${s.b.connection.name}${inCurrency}`;
    const t = table(['Item', 'MRR', 'TCB', 'Difference'], body, [1, 2], caption);
    details.appendChild(el('div', { cls: 'table-scroll' }, t));
  });
  return details;
}
