// The sandbox's state: accounts, subscriptions and orders, in memory, optionally kept in a JSON file
// written atomically (temp file + rename), so a crash never leaves a half-written file.
import * as fs from 'fs';
import * as path from 'path';
import type { BillingPeriod, ChargeModel, ChargeType } from './catalog';
import { Numbers } from './ids';
import type { Term } from './metrics';

export interface Contact { first_name?: string; last_name?: string; [k: string]: unknown }
export interface AccountRec {
  id: string; account_number: string; name: string; currency: string; bill_cycle_day: number;
  bill_to: Contact; sold_to?: Contact; status: 'active'; created_time: string; updated_time: string;
}
export interface ItemRec {
  id: string; subscription_item_number: string; subscription_plan_id: string; price_id: string; name: string;
  charge_model: ChargeModel; charge_type: ChargeType; billing_period?: BillingPeriod; unit_of_measure?: string;
  quantity: number; unit_amount: number; start_date: string; end_date: string | null; state: 'active' | 'removed';
  custom_fields?: Record<string, unknown>;
}
export interface PlanRec { id: string; plan_id: string; items: ItemRec[]; removed?: boolean }
export type SubscriptionState = 'active' | 'cancelled' | 'paused';
export interface SubscriptionRec {
  id: string; subscription_number: string; account_number: string; state: SubscriptionState; version: number;
  initial_term: Term; renewal_term: Term; current_term_start: string; current_term_end: string | null;
  contract_effective: string; start_date: string; end_date: string | null; auto_renew: boolean;
  plans: PlanRec[]; custom_fields?: Record<string, unknown>; created_time: string; updated_time: string; order_number: string;
}
export interface OrderRec {
  id: string; order_number: string; account_number: string; order_date: string; description: string;
  created_time: string; line_items: unknown[];
  /** The subscriptions as this order left them, with the actions it took: the retrieve response. */
  subscriptions: unknown[];
}
interface Snapshot { numbers: Record<string, number>; accounts: AccountRec[]; subscriptions: SubscriptionRec[]; orders: OrderRec[] }

export class Store {
  readonly numbers = new Numbers();
  readonly accounts = new Map<string, AccountRec>();
  readonly subscriptions = new Map<string, SubscriptionRec>();
  readonly orders = new Map<string, OrderRec>();
  /** Insertion order for cursor paging. */
  readonly accountList: AccountRec[] = [];
  readonly orderList: OrderRec[] = [];

  constructor(private readonly file?: string) {
    if (file && fs.existsSync(file)) this.load(JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot);
  }

  addAccount(a: AccountRec) { this.accounts.set(a.account_number, a); this.accountList.push(a); }
  addOrder(o: OrderRec) { this.orders.set(o.order_number, o); this.orderList.push(o); }

  /** Writes the whole state to the data file, if any: temp file, fsync, rename. */
  save(): void {
    if (!this.file) return;
    const snapshot: Snapshot = { numbers: this.numbers.counters, accounts: this.accountList, subscriptions: [...this.subscriptions.values()], orders: this.orderList };
    const tmp = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${process.pid}.tmp`);
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(snapshot));
      fs.fsyncSync(fd);
    } finally { fs.closeSync(fd); }
    fs.renameSync(tmp, this.file);
  }

  private load(s: Snapshot): void {
    this.numbers.counters = s.numbers ?? {};
    for (const a of s.accounts ?? []) this.addAccount(a);
    for (const x of s.subscriptions ?? []) this.subscriptions.set(x.subscription_number, x);
    for (const o of s.orders ?? []) this.addOrder(o);
  }
}
