// The response panel's script (browser bundle). Service data is untrusted: everything is rendered as
// text nodes through the DOM, never by joining HTML strings.
import { button, el, icon, withoutAdvice } from './dom';
import { invoicesView } from './invoicesModel';
import { renderInvoices } from './invoicesView';
import { renderPreview } from './previewView';
import { renderComparison } from './comparisonView';
import { measure } from './measure';
import { renderOrder } from './createdView';
import type {
  ComparisonState,
  HostMessage,
  OperationDetails,
  PanelError,
  PanelRequest,
  PanelState,
  ContractNotes,
  ResponseState,
  Staleness,
  WebviewMessage,
} from './protocol';

interface VsCodeApi {
  postMessage(m: WebviewMessage): void;
  getState(): PanelState | undefined;
  setState(s: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;

function render(s: PanelState): void {
  if (s.kind === 'comparison') return showComparison(s);
  const started = performance.now();
  root.textContent = '';
  root.classList.remove('stale-view'); // a new state is current until the host says otherwise
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
      renderOperation(s.operation, s.connection.kind === 'local');
      break;
    case 'error':
      renderError(s.error);
      renderRaw(s.raw, undefined, true);
      break;
    case 'response':
      if (s.note) root.appendChild(el('p', { cls: 'note', text: `This answer is ${s.note}.` }));
      if (s.contract) renderContract(s.contract); // where it is seen before the figures are trusted
      // "(status 400)" kept on one line at 500 px: a non-breaking space.
      if (s.failure) renderError(s.failure.error, `${s.failure.title} (status\u00a0${s.failure.status ?? '-'})`);
      if (s.order) root.appendChild(renderOrder(s.order));
      if (s.summary) {
        root.appendChild(previewActions(s));
        root.appendChild(renderPreview(s.summary, s.change, s.timeline, s.billing));
      } else if (s.billing) {
        const billed = invoicesView(s.billing); // an invoice opened from the Accounts tree
        if (billed) root.appendChild(renderInvoices(billed, true));
      }
      renderRaw(s.raw, s.curl, !s.summary && !s.order); // a generic answer is its JSON: show it
      break;
  }
  const rows = s.kind === 'response' ? (s.summary?.rows.length ?? 0) : 0;
  const ms = Math.round(performance.now() - started);
  const page = document.documentElement;
  vscode.postMessage({ type: 'rendered', rows, ms, width: page.clientWidth, scrollWidth: page.scrollWidth });
}

/** A preview on two connections: its own header and layout (comparisonView.ts). */
function showComparison(s: ComparisonState): void {
  const started = performance.now();
  root.textContent = '';
  root.appendChild(renderComparison(s, post));
  const rows = s.comparison?.rows.length ?? 0;
  const page = document.documentElement;
  const ms = Math.round(performance.now() - started);
  vscode.postMessage({ type: 'rendered', rows, ms, width: page.clientWidth, scrollWidth: page.scrollWidth });
}

/** The stale mark and Preview Again / Create, above the numbers they act on. */
function previewActions(s: ResponseState): HTMLElement {
  const bar = el('div', { cls: 'preview-actions' });
  const banner = el('div', { cls: 'stale' });
  banner.id = 'stale';
  banner.setAttribute('role', 'status');
  bar.appendChild(banner);
  const actions = el('div', { cls: 'actions' });
  const source = s.source;
  if (source) {
    const again = button('Preview Again', 'refresh', () => post({ command: 'previewAgain', source }));
    again.id = 'preview-again';
    actions.appendChild(again);
    if (s.creatable) actions.appendChild(button('Create', 'add', () => post({ command: 'create', source })));
  }
  bar.appendChild(actions);
  return bar;
}

/** Shows or clears the stale mark; Preview Again becomes the primary button while it shows. */
function markStale(stale: Staleness | undefined): void {
  const banner = document.getElementById('stale');
  if (!banner) return;
  banner.textContent = '';
  banner.classList.toggle('shown', !!stale);
  root.classList.toggle('stale-view', !!stale); // hides the change since the last preview (panel.css)
  if (stale) {
    banner.append(
      icon('warning'),
      el('span', { text: ` ${stale.message}. ` }),
      el('span', { cls: 'hint', text: stale.hint }),
    );
  }
  document.getElementById('preview-again')?.classList.toggle('primary', !!stale);
}

const post = (request: PanelRequest) => vscode.postMessage({ type: 'command', ...request });

function renderOperation(o: OperationDetails, onLocalSandbox: boolean): void {
  root.appendChild(
    el(
      'section',
      { cls: 'operation' },
      el('p', {}, el('span', { cls: `method ${o.method}`, text: o.method }), el('code', { text: ` ${o.path}` })),
      el('p', { text: o.summary }),
      el('p', { text: `Group: ${o.group}` }),
      el('p', { text: o.pathParams.length ? `Path parameters: ${o.pathParams.join(', ')}` : 'No path parameters' }),
      ...(o.queryParams?.length ? [el('p', { text: `Query parameters: ${o.queryParams.join(', ')}` })] : []),
    ),
  );
  const actions = el('div', { cls: 'actions' });
  if (onLocalSandbox && o.simulatedLocally) {
    const note =
      'The Local sandbox simulates this operation from the contract: its answer has the real shape, but nothing is kept.';
    root.appendChild(el('p', { cls: 'note', text: note }));
  }
  if (onLocalSandbox && o.servedLocally === false) {
    const note =
      'The Local sandbox does not serve this operation (Send answers 501): switch to a real environment to call it.';
    root.appendChild(el('p', { cls: 'advice', text: note }));
    actions.appendChild(
      button('Switch Connection', 'plug', () => vscode.postMessage({ type: 'command', command: 'switchConnection' })),
    );
  }
  const send = () => vscode.postMessage({ type: 'command', command: 'sendOperation', operationId: o.id });
  const curl = () => vscode.postMessage({ type: 'command', command: 'copyOperationCurl', operationId: o.id });
  actions.appendChild(button('Send', 'play', send));
  actions.appendChild(button('Copy path', 'copy', () => vscode.postMessage({ type: 'copy', what: 'path' })));
  actions.appendChild(button('Copy as cURL', 'terminal', curl));
  root.appendChild(actions);
}

/** The decoded error; `title` names what failed when the panel shows something else beside it (a preview). */
function renderError(e: PanelError, title?: string): void {
  const heading = ` ${title ?? e.categoryName ?? 'Error'}${e.category ? ` (category ${e.category})` : ''}`;
  const box = el('section', { cls: 'error' }, el('h2', {}, icon('error'), el('span', { text: heading })));
  box.appendChild(el('p', { text: withoutAdvice(e) }));
  if (e.more?.length) box.appendChild(el('ul', {}, ...e.more.map(m => el('li', { text: m }))));
  if (e.parameter) box.appendChild(el('p', { text: `Parameter: ${e.parameter}` }));
  if (e.advice) box.appendChild(el('p', { cls: 'advice', text: `What to do: ${e.advice}` }));
  const actions = el('div', { cls: 'actions' });
  const ask = (command: 'showLog' | 'signIn' | 'switchConnection') => () =>
    vscode.postMessage({ type: 'command', command });
  if (e.action === 'signIn') actions.appendChild(button('Sign In', 'key', ask('signIn')));
  if (e.action === 'switchConnection')
    actions.appendChild(button('Switch Connection', 'plug', ask('switchConnection')));
  actions.appendChild(button('Show Log', 'output', ask('showLog')));
  box.appendChild(actions);
  root.appendChild(box);
}

/** A quiet note: where the answer departs from the published contract (as text: the paths come from the answer). */
function renderContract(c: ContractNotes): void {
  const box = el('div', { cls: 'note contract' });
  const count = c.notes.length + c.more;
  const heading = count === 1 ? 'Contract: one departure' : `Contract: ${count} departures`;
  box.appendChild(el('p', { cls: 'contract-heading', text: `${heading} from the operation's published answer` }));
  const list = el('ul');
  for (const n of c.notes) list.appendChild(el('li', { text: n }));
  if (c.more) list.appendChild(el('li', { text: `and ${c.more} more (see the JSON below)` }));
  box.appendChild(list);
  root.appendChild(box);
}

function renderRaw(raw: string | undefined, curl: string | undefined, open: boolean): void {
  const actions = el('div', { cls: 'actions' });
  const copy = (what: 'raw' | 'curl') => () => vscode.postMessage({ type: 'copy', what });
  const format = raw?.trimStart().startsWith('<') ? 'XML' : 'JSON'; // describe answers XML
  if (raw !== undefined) actions.appendChild(button(`Copy ${format}`, 'copy', copy('raw')));
  if (curl) actions.appendChild(button('Copy as cURL', 'terminal', copy('curl')));
  if (actions.childElementCount) root.appendChild(actions);
  if (raw === undefined) return;
  const details = el('details', {}, el('summary', { text: `Raw ${format}` }), el('pre', { text: raw }));
  details.open = open;
  root.appendChild(details);
}

window.addEventListener('message', (e: MessageEvent<HostMessage>) => {
  if (e.data?.type === 'state') {
    vscode.setState(e.data.state);
    render(e.data.state);
  } else if (e.data?.type === 'stale') markStale(e.data.stale);
  else if (e.data?.type === 'measure') vscode.postMessage(measure(e.data.id, e.data.selectors));
});
const saved = vscode.getState();
if (saved) render(saved);
vscode.postMessage({ type: 'ready' });
