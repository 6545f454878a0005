// The response panel's script (browser bundle). Service data is untrusted: everything is rendered as
// text nodes through the DOM, never by joining HTML strings.
import type { CreatedOrder, HostMessage, OperationDetails, PanelError, PanelState, WebviewMessage } from './protocol';
import type { PreviewChange, PreviewSummary, SummaryRow, Totals } from '../client/summary';

interface VsCodeApi {
  postMessage(m: WebviewMessage): void;
  getState(): PanelState | undefined;
  setState(s: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;

interface Props {
  cls?: string;
  text?: string;
  title?: string;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Node | undefined)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.cls) e.className = props.cls;
  if (props.text !== undefined) e.textContent = props.text;
  if (props.title) e.title = props.title;
  for (const c of children) if (c) e.appendChild(c);
  return e;
}
const icon = (name: string) => el('span', { cls: `codicon codicon-${name}` });
const money = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(2));
function button(label: string, iconName: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { title: label }, icon(iconName), el('span', { text: ` ${label}` }));
  b.addEventListener('click', onClick);
  return b;
}

function table(head: string[], rows: string[][], numeric: number[] = []): HTMLTableElement {
  const t = el('table');
  const tr = el('tr');
  head.forEach((h, i) => tr.appendChild(el('th', { text: h, cls: numeric.includes(i) ? 'num' : undefined })));
  t.appendChild(el('thead', {}, tr));
  const body = el('tbody');
  const frag = document.createDocumentFragment(); // one insertion for a thousand rows
  for (const r of rows) {
    const row = el('tr');
    r.forEach((c, i) => row.appendChild(el('td', { text: c, cls: numeric.includes(i) ? 'num' : undefined })));
    frag.appendChild(row);
  }
  body.appendChild(frag);
  t.appendChild(body);
  return t;
}

function itemRows(rows: SummaryRow[]): string[][] {
  return rows.map(r => [
    r.subscription,
    r.action,
    r.price,
    r.start,
    r.end ?? '—',
    money(r.mrr?.gross_amount),
    money(r.mrr?.net_amount),
    money(r.tcb.gross_amount),
    money(r.tcb.net_amount),
    r.tcb.currency,
  ]);
}
const totalRows = (ts: Totals[]) => ts.map(t => [t.currency, money(t.mrr), money(t.tcb)]);

function render(s: PanelState): void {
  const started = performance.now();
  root.textContent = '';
  const header = el('header');
  header.appendChild(el('h1', { text: s.title }));
  const meta = el('div', { cls: 'meta' });
  const conn = s.connection;
  meta.appendChild(el('span', { cls: `conn ${conn.kind}`, text: `${conn.name} (${conn.kind})` }));
  const status = s.kind === 'operation' ? undefined : s.status;
  if (status !== undefined) {
    meta.appendChild(el('span', { cls: status < 400 ? 'ok' : 'bad', text: `status ${status}` }));
  }
  if (s.kind === 'response') meta.appendChild(el('span', { text: `${s.ms} ms` }));
  if (s.kind !== 'operation' && s.requestId) {
    meta.appendChild(el('span', { text: `Service-Request-Id ${s.requestId}`, title: 'Quote this to support' }));
  }
  meta.appendChild(el('span', { text: new Date(s.at).toLocaleTimeString() }));
  header.appendChild(meta);
  root.appendChild(header);

  switch (s.kind) {
    case 'operation':
      renderOperation(s.operation);
      break;
    case 'error':
      renderError(s.error);
      renderRaw(s.raw, undefined, true);
      break;
    case 'response':
      if (s.order) renderOrder(s.order);
      if (s.summary) renderSummary(s.summary, s.change);
      renderRaw(s.raw, s.curl, !s.summary && !s.order); // a generic answer is its JSON: show it
      break;
  }
  const rows = s.kind === 'response' ? (s.summary?.rows.length ?? 0) : 0;
  vscode.postMessage({ type: 'rendered', rows, ms: Math.round(performance.now() - started) });
}

function renderOperation(o: OperationDetails): void {
  root.appendChild(
    el(
      'section',
      { cls: 'operation' },
      el('p', {}, el('span', { cls: `method ${o.method}`, text: o.method }), el('code', { text: ` ${o.path}` })),
      el('p', { text: o.summary }),
      el('p', { text: `Group: ${o.group}` }),
      el('p', { text: o.pathParams.length ? `Path parameters: ${o.pathParams.join(', ')}` : 'No path parameters' }),
    ),
  );
  const actions = el('div', { cls: 'actions' });
  const send = () => vscode.postMessage({ type: 'command', command: 'sendOperation', operationId: o.id });
  const curl = () => vscode.postMessage({ type: 'command', command: 'copyOperationCurl', operationId: o.id });
  actions.appendChild(button('Send', 'play', send));
  actions.appendChild(button('Copy path', 'copy', () => vscode.postMessage({ type: 'copy', what: 'path' })));
  actions.appendChild(button('Copy as cURL', 'terminal', curl));
  root.appendChild(actions);
}

function renderError(e: PanelError): void {
  const heading = ` ${e.categoryName ?? 'Error'}${e.category ? ` (category ${e.category})` : ''}`;
  const box = el('section', { cls: 'error' }, el('h2', {}, icon('error'), el('span', { text: heading })));
  box.appendChild(el('p', { text: e.message }));
  if (e.parameter) box.appendChild(el('p', { text: `Parameter: ${e.parameter}` }));
  if (e.advice) box.appendChild(el('p', { cls: 'advice', text: `What to do: ${e.advice}` }));
  box.appendChild(button('Show Log', 'output', () => vscode.postMessage({ type: 'command', command: 'showLog' })));
  root.appendChild(box);
}

function renderOrder(order: CreatedOrder): void {
  const rows = order.subscriptions.map(x => [x.number, x.state, String(x.version)]);
  root.appendChild(
    el(
      'section',
      {},
      el('h2', { text: `Order ${order.orderNumber}` }),
      table(['subscription', 'state', 'version'], rows),
    ),
  );
}

function renderSummary(summary: PreviewSummary, change: PreviewChange | undefined): void {
  const sec = el('section', { cls: 'summary' });
  sec.appendChild(el('h2', { text: 'Totals' }));
  sec.appendChild(table(['currency', 'MRR', 'TCB'], totalRows(summary.totals), [1, 2]));
  if (change) {
    sec.appendChild(el('h2', { text: 'Change since the previous preview' }));
    const rows = [
      ...change.rows.map(r => [r.label, r.status, money(r.mrr), money(r.tcb), r.currency]),
      ...change.totals.map(t => ['total', '', money(t.mrr), money(t.tcb), t.currency]),
    ];
    sec.appendChild(
      change.rows.length
        ? table(['item', 'status', 'MRR', 'TCB', 'currency'], rows, [2, 3])
        : el('p', { text: 'No change.' }),
    );
  }
  sec.appendChild(el('h2', { text: `Items (${summary.rows.length})` }));
  const head = [
    'subscription',
    'action',
    'price',
    'start',
    'end',
    'MRR gross',
    'MRR net',
    'TCB gross',
    'TCB net',
    'currency',
  ];
  sec.appendChild(table(head, itemRows(summary.rows), [5, 6, 7, 8]));
  root.appendChild(sec);
}

function renderRaw(raw: string | undefined, curl: string | undefined, open: boolean): void {
  const actions = el('div', { cls: 'actions' });
  const copy = (what: 'raw' | 'curl') => () => vscode.postMessage({ type: 'copy', what });
  if (raw !== undefined) actions.appendChild(button('Copy JSON', 'copy', copy('raw')));
  if (curl) actions.appendChild(button('Copy as cURL', 'terminal', copy('curl')));
  if (actions.childElementCount) root.appendChild(actions);
  if (raw === undefined) return;
  const details = el('details', {}, el('summary', { text: 'Raw JSON' }), el('pre', { text: raw }));
  details.open = open;
  root.appendChild(details);
}

window.addEventListener('message', (e: MessageEvent<HostMessage>) => {
  if (e.data?.type === 'state') {
    vscode.setState(e.data.state);
    render(e.data.state);
  }
});
const saved = vscode.getState();
if (saved) render(saved);
vscode.postMessage({ type: 'ready' });
