// The Callouts view's data and actions, loaded when the view is first shown (a lazy bundle): the active
// connection's callout history as deliveries (src/client/calloutHistory.ts reads, groups, filters and resends),
// the filter said where a person looks (the title's description, a message, Clear Filter), an attempt opened
// as a read-only JSON document, and rows that say what to do when the history cannot be read.
import { EVENT_TYPES } from '../wire/eventTypes';
import * as vscode from 'vscode';
import {
  attemptDocument,
  filterText,
  lastAttempt,
  readCalloutHistory,
  resendDelivery,
  type CalloutDelivery,
  type CalloutFilter,
  type CalloutHistoryRead,
} from '../client/calloutHistory';
import { COMMANDS, commandFor } from '../commands/ids';
import type { ClientProvider, SignInRequired } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import type { JsonDocuments } from './jsonDocuments';
import { AttemptNode, CalloutMessageNode, DeliveryNode, type CalloutNode } from './treeNodes/calloutNodes';

export interface CalloutsDeps {
  clients: ClientProvider;
  connections: ConnectionStore;
  jsonDocs: JsonDocuments;
  log: vscode.LogOutputChannel;
}

/** True while the callouts are filtered: the view shows Clear Filter (package.json `when`). */
const FILTERED_CONTEXT = 'billingWorkbench.calloutsFiltered';
/**
 * After a Send, a Run or a clock move on the Local sandbox, the history is read again at these delays: the
 * sandbox delivers just after its answer, and retries 1, 2, 4 and 8 s apart (events/delivery.ts). Bounded.
 */
const FOLLOW_UP_MS = [400, 2_500, 16_000];
/** The Local sandbox's whole kept history (events/history.ts HISTORY_LIMIT) in pages of 40. */
const LOCAL_MAX_PAGES = 250;
/** Event types offered by the filter besides those in the history (the vendor's names the sandbox sends). */
const KNOWN_TYPES: readonly string[] = EVENT_TYPES;

export class CalloutsTree implements vscode.Disposable {
  private filter: CalloutFilter = {};
  private reading: Promise<CalloutHistoryRead> | undefined;
  private lastRead: CalloutHistoryRead | undefined;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly deps: CalloutsDeps,
    private readonly view: vscode.TreeView<CalloutNode>,
    private readonly fire: () => void,
  ) {}

  /** The deliveries of the last read (tests and the palette's pickers read them). */
  get deliveries(): readonly CalloutDelivery[] {
    return this.lastRead?.deliveries ?? [];
  }

  async getChildren(n?: CalloutNode): Promise<CalloutNode[]> {
    if (n) return n.children;
    const conn = this.deps.connections.active();
    try {
      const read = await (this.reading ??= this.read());
      this.lastRead = read;
      const same = new Map<string, number>();
      for (const d of read.deliveries) same.set(sameRow(d), (same.get(sameRow(d)) ?? 0) + 1);
      const rows: CalloutNode[] = read.deliveries.map(
        d => new DeliveryNode(`${conn.id}:${d.key}`, d, same.get(sameRow(d))! > 1),
      );
      // None at all: the view's welcome text (wrapped, with Refresh); none matching the filter: a row to clear it.
      if (!rows.length) return filterText(this.filter) ? [this.noMatch(conn.id)] : [];
      if (read.truncated) {
        const cut = `Only the oldest ${read.attempts} attempts were read: filter by event type to see others`;
        rows.push(
          new CalloutMessageNode(`${conn.id}:cut`, cut, 'warning', commandFor(COMMANDS.filterCallouts, 'Filter')),
        );
      }
      return rows;
    } catch (e) {
      this.reading = undefined; // Retry reads again
      return [this.error(e, conn.id, conn.kind === 'local')];
    }
  }

  private async read(): Promise<CalloutHistoryRead> {
    const { client, connection } = await this.deps.clients.active();
    // The Local sandbox lists oldest first and keeps 10,000 attempts: read them all (loopback), so the newest show.
    const maxPages = connection.kind === 'local' ? LOCAL_MAX_PAGES : undefined;
    return readCalloutHistory(client, this.filter, { maxPages, localSandbox: connection.kind === 'local' });
  }

  refresh(): void {
    this.reading = undefined;
    this.fire();
  }

  /** A Send, a Run or a clock move happened: on the Local sandbox, callouts follow; read them as they land. */
  activity(): void {
    if (this.deps.connections.active().kind !== 'local') return;
    for (const t of this.timers) clearTimeout(t);
    this.timers = FOLLOW_UP_MS.map(ms => setTimeout(() => this.refresh(), ms));
  }

  /** Filter by event type, failed only or object; an object argument sets it at once (tests, keybindings). */
  async setFilter(arg?: unknown): Promise<void> {
    const given = filterArg(arg);
    const next = given ?? (await this.askFilter());
    if (!next) return;
    this.filter = next;
    const text = filterText(next);
    this.view.description = text ? `Filter: ${text}` : undefined;
    this.view.message = text ? `Deliveries matching ${text}` : undefined;
    void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, !!text);
    this.refresh();
  }

  clearFilter(): Promise<void> {
    return this.setFilter({});
  }

  /** Resends a delivery (the row's, the selection's, or one picked) and reads the history again. */
  async resend(arg?: unknown): Promise<void> {
    const d = await this.deliveryOf(arg, 'Resend which callout?');
    if (!d) return;
    try {
      const { client } = await this.deps.clients.active();
      await resendDelivery(client, d);
      this.deps.log.info(`Callout resent: ${d.eventType} ${d.object} to ${d.notification}`);
      this.refresh();
      this.activity();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.deps.log.error(`Resend failed: ${message}`);
      void vscode.window.showErrorMessage(`Resend failed: ${message}`);
    }
  }

  /** An attempt (a delivery: its last) as read-only JSON: request, answer, and the event it carried. */
  async open(arg?: unknown): Promise<vscode.TextEditor | undefined> {
    const node = arg instanceof AttemptNode || arg instanceof DeliveryNode ? arg : undefined;
    const d = node?.delivery ?? (await this.deliveryOf(arg, 'Open which callout?'));
    if (!d) return undefined;
    const a = node instanceof AttemptNode ? node.attempt : lastAttempt(d);
    const { client } = await this.deps.clients.active();
    const name = `callout ${[d.eventType, d.object, `attempt ${a.attempt}`].filter(Boolean).join(' ')}`;
    return this.deps.jsonDocs.open(name.replace(/[\\/:*?"<>|]/g, '-'), attemptDocument(d, a, client.redactor));
  }

  private async deliveryOf(arg: unknown, title: string): Promise<CalloutDelivery | undefined> {
    if (arg instanceof DeliveryNode || arg instanceof AttemptNode) return arg.delivery;
    const selected = this.view.selection[0];
    if (selected instanceof DeliveryNode || selected instanceof AttemptNode) return selected.delivery;
    const items = this.deliveries.map(d => ({
      label: `${d.eventType} · ${d.object}`,
      description: new DeliveryNode('', d).description,
      d,
    }));
    if (!items.length) {
      void vscode.window.showInformationMessage('No callout is listed in the Callouts view yet.');
      return undefined;
    }
    return (await vscode.window.showQuickPick(items, { title }))?.d;
  }

  private async askFilter(): Promise<CalloutFilter | undefined> {
    const f = this.filter;
    const pick = await vscode.window.showQuickPick(
      [
        { label: '$(symbol-event) Event type…', description: f.eventType ?? 'any', key: 'type' },
        { label: '$(error) Failed only', description: f.failedOnly ? 'on: click to show all' : 'off', key: 'failed' },
        {
          label: '$(search) Object…',
          description: f.object ?? 'an invoice, payment, order or account number',
          key: 'object',
        },
        { label: '$(clear-all) Clear Filter', key: 'clear' },
      ],
      { title: 'Filter Callouts' },
    );
    if (!pick) return undefined;
    if (pick.key === 'clear') return {};
    if (pick.key === 'failed') return { ...f, failedOnly: !f.failedOnly };
    if (pick.key === 'object') {
      const object = await vscode.window.showInputBox({
        title: 'Filter Callouts by Object',
        prompt: 'An invoice, payment, order, subscription or account number (or an id); empty shows every object',
        value: f.object ?? '',
      });
      return object === undefined ? undefined : { ...f, object: object.trim() || undefined };
    }
    const seen = new Set([...this.deliveries.map(d => d.eventType).filter(Boolean), ...KNOWN_TYPES]);
    const types = [{ label: 'Any event type', type: undefined as string | undefined }];
    for (const t of [...seen].sort()) types.push({ label: t, type: t });
    const type = await vscode.window.showQuickPick(types, { title: 'Filter Callouts by Event Type' });
    return type && { ...f, eventType: type.type };
  }

  private noMatch(conn: string): CalloutMessageNode {
    const clear = commandFor(COMMANDS.clearCalloutsFilter, 'Clear Filter');
    return new CalloutMessageNode(
      `${conn}:no-match`,
      'No callout matches the filter: click to clear it',
      'filter',
      clear,
    );
  }

  private error(e: unknown, conn: string, local: boolean): CalloutMessageNode {
    if (isSignInRequired(e)) {
      const signIn = commandFor(COMMANDS.signIn, 'Sign In');
      return new CalloutMessageNode(
        `${conn}:error`,
        `Sign in to ${e.connection.name} to see its callouts`,
        'sign-in',
        signIn,
      );
    }
    const message = e instanceof Error ? e.message : String(e);
    const retry = commandFor(COMMANDS.refreshCallouts, 'Retry');
    const what = local ? 'The Local sandbox could not be reached' : 'The callout history could not be read';
    const line = `${what}: ${message.split('\n')[0]} — click to retry`;
    return new CalloutMessageNode(`${conn}:error`, line, 'error', retry, message);
  }

  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
  }
}

/** What a delivery's row says before its status: rows alike are told apart by their notification. */
const sameRow = (d: CalloutDelivery) => `${d.eventType} ${d.object}`;

/** `{ eventType?, failedOnly?, object? }` given to the Filter command (tests, keybindings). */
function filterArg(x: unknown): CalloutFilter | undefined {
  if (typeof x !== 'object' || x === null || x instanceof DeliveryNode || x instanceof AttemptNode) return undefined;
  const o = x as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return { eventType: str(o.eventType), failedOnly: o.failedOnly === true || undefined, object: str(o.object) };
}

/** ClientProvider's SignInRequired (by shape: this bundle has no copy of its class to test instanceof against). */
const isSignInRequired = (e: unknown): e is SignInRequired =>
  e instanceof Error && typeof (e as Partial<SignInRequired>).connection?.name === 'string';
