// Accounts & Orders: accounts of the active connection, paged ("Load more"); each expands to its orders,
// then subscriptions, plans and items (fetched lazily from GET /v2/orders/{order_number}). Empty, sign-in
// and error states are nodes with an action, never pop-ups. Ids are stable across refreshes.
import * as vscode from 'vscode';
import type { OrderResponse, Subscription } from '../client';
import { SignInRequired, type ClientProvider } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import { Disposable } from '../util/dispose';

export const PAGE_SIZE = 50;

export type TreeNode = AccountNode | OrderNode | SubscriptionNode | PlanNode | ItemNode | MessageNode;
interface Account { accountNumber: string; name: string; currency: string; status: string }
interface OrderRow { orderNumber: string; accountNumber: string; orderDate: string; status: string; description: string }

export class AccountNode { readonly kind = 'account'; constructor(readonly id: string, readonly account: Account) {} }
export class OrderNode { readonly kind = 'order'; constructor(readonly id: string, readonly parent: AccountNode, readonly order: OrderRow) {} }
export class SubscriptionNode { readonly kind = 'subscription'; constructor(readonly id: string, readonly parent: OrderNode, readonly sub: Subscription) {} }
type Plan = Subscription['actions'][number]['subscription_plans']['data'][number];
type Item = Plan['subscription_items']['data'][number];
export class PlanNode {
  readonly kind = 'plan';
  constructor(readonly id: string, readonly parent: SubscriptionNode, readonly plan: Plan) {}
}
export class ItemNode {
  readonly kind = 'item';
  constructor(readonly id: string, readonly parent: PlanNode, readonly item: Item) {}
}
export class MessageNode {
  readonly kind = 'message';
  constructor(readonly id: string, readonly label: string, readonly icon: string, readonly command?: vscode.Command, readonly parent?: TreeNode, readonly tooltip?: string) {}
}

export class AccountsTree extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private accounts: AccountNode[] | undefined;
  private nextPage: string | null = null;
  private rootMessage: MessageNode | undefined;
  private readonly orders = new Map<string, OrderResponse>();

  constructor(private readonly clients: ClientProvider, private readonly store: ConnectionStore) {
    super();
    this._register(store.onDidChange(() => this.refresh()));
  }

  refresh(): void {
    this.accounts = undefined;
    this.nextPage = null;
    this.rootMessage = undefined;
    this.orders.clear();
    this.changed.fire(undefined);
  }

  /** Appends the next page of accounts. */
  async loadMore(): Promise<void> {
    if (!this.nextPage) return;
    await this.loadAccounts(this.nextPage);
    this.changed.fire(undefined);
  }

  /** The account an order belongs to (after a create from account_data, the new account). */
  async accountOfOrder(orderNumber: string): Promise<string | undefined> {
    const { client } = await this.clients.active();
    const r = await client.send<{ accountNumber: string }>({ method: 'GET', path: '/object-query/orders/{key}' }, { pathParams: { key: orderNumber } });
    return r.data.accountNumber;
  }

  /** Tree nodes for an order, for TreeView.reveal (ids match the ones getChildren builds). */
  nodesFor(accountNumber: string, orderNumber: string): OrderNode {
    const conn = this.store.active().id;
    const account = this.accounts?.find(a => a.account.accountNumber === accountNumber) ?? new AccountNode(`${conn}:account:${accountNumber}`, { accountNumber, name: accountNumber, currency: '', status: '' });
    return new OrderNode(`${conn}:order:${orderNumber}`, account, { orderNumber, accountNumber, orderDate: '', status: '', description: '' });
  }

  /** The order, as last fetched for the tree (Open as JSON uses it). */
  order(orderNumber: string): OrderResponse | undefined { return this.orders.get(orderNumber); }

  getParent(n: TreeNode): TreeNode | undefined { return 'parent' in n ? n.parent : undefined; }

  async getChildren(n?: TreeNode): Promise<TreeNode[]> {
    const conn = this.store.active().id;
    try {
      if (!n) {
        if (!this.accounts) await this.loadAccounts();
        if (this.rootMessage) return [this.rootMessage];
        if (!this.accounts!.length) return [new MessageNode(`${conn}:empty`, 'No accounts yet: create one from a template', 'info', { title: 'New Order Payload', command: 'billingWorkbench.newOrderPayload' })];
        return [...this.accounts!, ...(this.nextPage ? [new MessageNode(`${conn}:more:${this.accounts!.length}`, 'Load more…', 'more', { title: 'Load more', command: 'billingWorkbench._loadMoreAccounts' })] : [])];
      }
      const { client } = await this.clients.active();
      switch (n.kind) {
        case 'account': {
          const r = await client.queryOrders({ accountNumber: n.account.accountNumber, pageSize: 99 });
          const orders = r.data.data.map(o => new OrderNode(`${conn}:order:${o.orderNumber}`, n, o));
          return orders.length ? orders : [new MessageNode(`${n.id}:none`, 'No orders', 'info', undefined, n)];
        }
        case 'order': {
          const o = (await client.getOrder(n.order.orderNumber)).data;
          this.orders.set(o.order_number, o);
          return o.subscriptions.map(s => new SubscriptionNode(`${n.id}:sub:${s.subscription_number}`, n, s));
        }
        case 'subscription':
          return n.sub.actions.flatMap(a => a.subscription_plans.data.map(p =>
            new PlanNode(`${n.id}:action:${a.sequence}:plan:${p.id}`, n, p)));
        case 'plan':
          return n.plan.subscription_items.data.map(i =>
            new ItemNode(`${n.id}:item:${i.subscription_item_number}`, n, i));
        default:
          return [];
      }
    } catch (e) {
      const node = errorNode(e, n ? `${n.id}:error` : `${conn}:error`, n);
      if (!n) { this.rootMessage = node; this.accounts = []; }
      return [node];
    }
  }

  private async loadAccounts(cursor?: string): Promise<void> {
    const { client, connection } = await this.clients.active();
    const r = await client.queryAccounts({ pageSize: PAGE_SIZE, cursor });
    const nodes = r.data.data.map(a => new AccountNode(`${connection.id}:account:${a.accountNumber}`, a));
    this.accounts = cursor ? [...(this.accounts ?? []), ...nodes] : nodes;
    this.nextPage = r.data.nextPage;
  }

  getTreeItem(n: TreeNode): vscode.TreeItem {
    const expandable = vscode.TreeItemCollapsibleState.Collapsed;
    let item: vscode.TreeItem;
    switch (n.kind) {
      case 'account':
        item = new vscode.TreeItem(n.account.name, expandable);
        item.description = `${n.account.accountNumber} · ${n.account.currency}`;
        item.tooltip = `Account ${n.account.accountNumber}\n${n.account.name}\nCurrency ${n.account.currency}\nStatus ${n.account.status}`;
        item.iconPath = new vscode.ThemeIcon('account');
        break;
      case 'order':
        item = new vscode.TreeItem(n.order.orderNumber, expandable);
        item.description = `${n.order.orderDate} · ${n.order.status}${n.order.description ? ` · ${n.order.description}` : ''}`;
        item.tooltip = `Order ${n.order.orderNumber} of ${n.order.accountNumber}, ${n.order.orderDate}`;
        item.iconPath = new vscode.ThemeIcon('package');
        break;
      case 'subscription':
        item = new vscode.TreeItem(n.sub.subscription_number, expandable);
        item.description = `${n.sub.state} · v${n.sub.version} · ${term(n.sub.initial_term)}`;
        item.tooltip = `Subscription ${n.sub.subscription_number}, version ${n.sub.version}\nState ${n.sub.state}\nTerm ${n.sub.current_term.start_date} to ${n.sub.current_term.end_date ?? 'evergreen'}`;
        item.iconPath = new vscode.ThemeIcon(n.sub.state === 'active' ? 'sync' : n.sub.state === 'paused' ? 'debug-pause' : 'circle-slash');
        break;
      case 'plan':
        item = new vscode.TreeItem(n.plan.plan_id, expandable);
        item.description = `${n.plan.subscription_items.data.length} item(s)`;
        item.tooltip = `Subscription plan ${n.plan.id} (${n.plan.plan_id})`;
        item.iconPath = new vscode.ThemeIcon('symbol-class');
        break;
      case 'item':
        item = new vscode.TreeItem(n.item.name || n.item.price_id, vscode.TreeItemCollapsibleState.None);
        item.description = `${n.item.quantity} × ${n.item.unit_amount.toFixed(2)} · ${n.item.charge_type}${n.item.recurring ? `/${String(n.item.recurring.interval)}` : ''} · ${n.item.state}`;
        item.tooltip = `Item ${n.item.subscription_item_number}\nPrice ${n.item.price_id} (${n.item.charge_model})\n${n.item.start_date} to ${n.item.end_date ?? 'open'}`;
        item.iconPath = new vscode.ThemeIcon('symbol-field');
        break;
      case 'message':
        item = new vscode.TreeItem(n.label, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(n.icon);
        item.command = n.command;
        item.tooltip = n.tooltip ?? n.label;
        break;
    }
    item.id = n.id;
    item.contextValue = n.kind;
    return item;
  }
}

function term(t: { type: string; interval?: string; interval_count?: number }): string {
  return t.type === 'termed' ? `${t.interval_count} ${t.interval}(s)` : 'evergreen';
}

function errorNode(e: unknown, id: string, parent?: TreeNode): MessageNode {
  if (e instanceof SignInRequired) {
    return new MessageNode(id, `Sign in to ${e.connection.name}`, 'sign-in', { title: 'Sign In', command: 'billingWorkbench.signIn' }, parent);
  }
  const message = e instanceof Error ? e.message : String(e);
  return new MessageNode(id, `${message.split('\n')[0]} — click to retry`, 'error', { title: 'Retry', command: 'billingWorkbench.refreshAccounts' }, parent, message);
}
