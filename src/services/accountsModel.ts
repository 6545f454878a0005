// What the Accounts & Orders tree shows, fetched from the active connection: accounts a page at a time
// (all of them, or those whose name or number starts with the filter, filtered by the service), an
// account's orders, an order as GET /v2/orders/{order_number} answers it. The tree only displays it.
import * as vscode from 'vscode';
import type { OrderResponse } from '../client';
import { accountDocuments, type AccountDocuments } from '../client/accountDocuments';
import { searchAccounts, type SearchCursors } from '../client/accountSearch';
import type { LookupAnswer } from '../client/accountLookup';
import type { ClientProvider } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import { Disposable } from '../util/dispose';

export const PAGE_SIZE = 50;
const ORDERS_PAGE_SIZE = 99;
/** Accounts a completion list offers per query (name and number). */
const SEARCH_PAGE_SIZE = 20;

export interface AccountRow {
  accountNumber: string;
  name: string;
  currency: string;
  status: string;
}
/** An order as the object query lists it (its account is the node above it in the tree). */
export interface OrderRow {
  orderNumber: string;
  orderDate: string;
  status: string;
  description?: string;
}

export class AccountsModel extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** The accounts were refreshed, filtered or grew by a page. */
  readonly onDidChange = this.changed.event;
  private readonly refreshed = this._register(new vscode.EventEmitter<void>());
  /** Everything loaded was dropped to be read again (after a create, Refresh, a new filter or connection). */
  readonly onDidRefresh = this.refreshed.event;
  private rows: AccountRow[] | undefined;
  private loading: Promise<void> | undefined;
  /** Where the next page starts: a cursor of the whole list, or the search's cursors; null at the end. */
  private next: string | SearchCursors | null = null;
  private _filter: string | undefined;
  /** Bumped by every refresh and filter change: an answer for an older one is dropped. */
  private generation = 0;

  constructor(
    private readonly clients: ClientProvider,
    private readonly store: ConnectionStore,
  ) {
    super();
    this._register(store.onDidChange(() => this.refresh()));
  }

  /** The active connection's id: tree ids start with it, so they stay stable across refreshes. */
  get connectionId(): string {
    return this.store.active().id;
  }

  /** The text the listed accounts' name or number starts with; undefined when all are listed. */
  get filter(): string | undefined {
    return this._filter;
  }

  /** Lists only the accounts whose name or number starts with `text` (blank: all of them again). */
  setFilter(text: string | undefined): void {
    const t = text?.trim() || undefined;
    if (t === this._filter) return;
    this._filter = t;
    this.refresh();
  }

  /** The accounts loaded so far (the first page on first use). */
  async accounts(): Promise<AccountRow[]> {
    while (!this.rows) {
      const generation = this.generation;
      await this.firstPage();
      // Only a refresh meanwhile (a newer generation) asks again: a page that set nothing must not spin.
      if (!this.rows && generation === this.generation) throw new Error('The accounts could not be listed.');
    }
    return this.rows;
  }

  /** One request for the first page however many ask; a failed one is not kept (Retry asks again). */
  private firstPage(): Promise<void> {
    if (!this.loading) {
      const loading: Promise<void> = this.loadPage(false).catch(e => {
        if (this.loading === loading) this.loading = undefined;
        throw e;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  get hasMore(): boolean {
    return this.next !== null;
  }

  /** The loaded account with this number, if any. */
  account(accountNumber: string): AccountRow | undefined {
    return this.rows?.find(a => a.accountNumber === accountNumber);
  }

  refresh(): void {
    this.generation++;
    this.rows = undefined;
    this.loading = undefined;
    this.next = null;
    this.refreshed.fire();
    this.changed.fire();
  }

  /** Appends the next page of accounts. */
  async loadMore(): Promise<void> {
    if (!this.next) return;
    await this.loadPage(true);
    this.changed.fire();
  }

  /**
   * The first accounts whose number or name starts with `prefix` (all accounts when blank), searched by the
   * service; incomplete when more match than one page holds.
   */
  async search(prefix: string, signal?: AbortSignal): Promise<LookupAnswer> {
    const { client } = await this.clients.active();
    if (!prefix) {
      const r = await client.queryAccounts({ pageSize: SEARCH_PAGE_SIZE }, { signal });
      return { rows: r.data.data, incomplete: r.data.nextPage !== null };
    }
    const page = await searchAccounts(client, prefix, SEARCH_PAGE_SIZE, undefined, { signal });
    return { rows: page.rows, incomplete: page.next !== null };
  }
  async orders(accountNumber: string): Promise<OrderRow[]> {
    const { client } = await this.clients.active();
    return (await client.queryOrders({ accountNumber, pageSize: ORDERS_PAGE_SIZE })).data.data;
  }

  /** An account's invoices and credit memos, newest first (a service that lists none, or refuses, gives none). */
  async documents(accountNumber: string): Promise<AccountDocuments> {
    const { client } = await this.clients.active();
    return accountDocuments(client, accountNumber);
  }

  async order(orderNumber: string): Promise<OrderResponse> {
    const { client } = await this.clients.active();
    return (await client.getOrder(orderNumber)).data;
  }

  async accountData(accountNumber: string): Promise<unknown> {
    const { client } = await this.clients.active();
    return (await client.getAccount(accountNumber)).data;
  }

  /** The account an order belongs to (after a create from account_data, the new account). */
  async accountOfOrder(orderNumber: string): Promise<string | undefined> {
    const { client } = await this.clients.active();
    // An order row names its account by id; its number comes with the account expanded.
    const op = { method: 'GET', path: '/object-query/orders/{key}' };
    const query = { 'expand[]': 'account' };
    const r = await client.send<{ account?: { accountNumber?: string } }>(op, {
      pathParams: { key: orderNumber },
      query,
    });
    return r.data.account?.accountNumber;
  }

  private async loadPage(more: boolean): Promise<void> {
    const generation = this.generation;
    const filter = this._filter;
    const { client } = await this.clients.active();
    let rows: AccountRow[], next: string | SearchCursors | null;
    if (filter) {
      const after = more && typeof this.next === 'object' ? (this.next ?? undefined) : undefined;
      const page = await searchAccounts(client, filter, PAGE_SIZE, after);
      const loaded = new Set(more ? this.rows?.map(r => r.accountNumber) : []);
      [rows, next] = [page.rows.filter(r => !loaded.has(r.accountNumber)), page.next];
    } else {
      const cursor = more && typeof this.next === 'string' ? this.next : undefined;
      const r = await client.queryAccounts({ pageSize: PAGE_SIZE, cursor });
      if (!Array.isArray(r.data?.data)) throw new Error('The accounts query answered no list of accounts (`data`).');
      [rows, next] = [r.data.data, r.data.nextPage ?? null];
    }
    if (generation !== this.generation) return; // refreshed or filtered meanwhile: this answer is stale
    this.rows = more ? [...(this.rows ?? []), ...rows] : rows;
    this.next = next;
  }
}
