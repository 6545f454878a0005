// What the Accounts & Orders tree shows, fetched from the active connection: accounts a page at a time,
// an account's orders, an order as GET /v2/orders/{order_number} answers it. The tree only displays it.
import * as vscode from 'vscode';
import type { OrderResponse } from '../client';
import type { ClientProvider } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import { Disposable } from '../util/dispose';

export const PAGE_SIZE = 50;
const ORDERS_PAGE_SIZE = 99;

export interface AccountRow {
  accountNumber: string;
  name: string;
  currency: string;
  status: string;
}
export interface OrderRow {
  orderNumber: string;
  accountNumber: string;
  orderDate: string;
  status: string;
  description: string;
}

export class AccountsModel extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** The accounts were refreshed or grew by a page. */
  readonly onDidChange = this.changed.event;
  private rows: AccountRow[] | undefined;
  private nextPage: string | null = null;

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

  /** The accounts loaded so far (the first page on first use). */
  async accounts(): Promise<AccountRow[]> {
    if (!this.rows) await this.loadPage();
    return this.rows!;
  }

  get hasMore(): boolean {
    return this.nextPage !== null;
  }

  /** The loaded account with this number, if any. */
  account(accountNumber: string): AccountRow | undefined {
    return this.rows?.find(a => a.accountNumber === accountNumber);
  }

  refresh(): void {
    this.rows = undefined;
    this.nextPage = null;
    this.changed.fire();
  }

  /** Appends the next page of accounts. */
  async loadMore(): Promise<void> {
    if (!this.nextPage) return;
    await this.loadPage(this.nextPage);
    this.changed.fire();
  }

  async orders(accountNumber: string): Promise<OrderRow[]> {
    const { client } = await this.clients.active();
    return (await client.queryOrders({ accountNumber, pageSize: ORDERS_PAGE_SIZE })).data.data;
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
    const op = { method: 'GET', path: '/object-query/orders/{key}' };
    const r = await client.send<{ accountNumber: string }>(op, { pathParams: { key: orderNumber } });
    return r.data.accountNumber;
  }

  private async loadPage(cursor?: string): Promise<void> {
    const { client } = await this.clients.active();
    const r = await client.queryAccounts({ pageSize: PAGE_SIZE, cursor });
    this.rows = cursor ? [...(this.rows ?? []), ...r.data.data] : r.data.data;
    this.nextPage = r.data.nextPage;
  }
}
