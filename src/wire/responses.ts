// Response shapes of spec 01, as types for the client, the response panel and the sandbox.
import type { Money } from './money';
export type { Money } from './money';
// The real service leaves out what it does not have (a date, a number): optional, never null.
export interface PreviewItem {
  subscription_item_id: string;
  price_id: string;
  start_date: string;
  end_date?: string;
  mrr?: Money;
  tcb: Money;
  tcv?: Money;
}
export interface PreviewAction {
  action_id: string;
  action: string;
  sequence: number;
  subscription_items: PreviewItem[];
}
export interface PreviewLineItem {
  mrr?: Money;
  tcb?: Money;
  tcv?: Money;
}
export interface PreviewResponse {
  subscriptions: { subscription_number?: string; actions: PreviewAction[] }[];
  line_items?: PreviewLineItem[];
}
/** A list inside an order answer: `{next_page, data}`. */
export interface ListOf<T> {
  next_page: string | null;
  data: T[];
}

export interface Term {
  type: 'termed' | 'evergreen';
  interval?: string;
  interval_count?: number;
  start_date?: string;
  end_date?: string;
}
export interface SubscriptionItem {
  id: string;
  subscription_item_number: string;
  subscription_plan_id: string;
  price_id: string;
  name: string;
  description: string;
  charged_through_date: string;
  processed_through_date: string;
  start_date: string;
  end_date?: string;
  start_event: string;
  tax_inclusive: boolean;
  unit_of_measure: string;
  quantity: number;
  unit_amount: number;
  price_base_interval: string;
  charge_model: string;
  charge_type: string;
  active: boolean;
  state: string;
  custom_fields?: Record<string, unknown>;
  created_time: string;
  updated_time: string;
  created_by_id: string;
  updated_by_id: string;
  recurring?: Record<string, unknown>;
}
export interface Action {
  action_id: string;
  type: string;
  sequence: number;
  start_on: { contract_effective: string; service_activation: string; customer_acceptance: string };
  subscription_plans: ListOf<{
    id: string;
    plan_id: string;
    name?: string;
    subscription_items: ListOf<SubscriptionItem>;
  }>;
}
export interface Subscription {
  id: string;
  created_time: string;
  updated_time: string;
  created_by_id: string;
  updated_by_id: string;
  subscription_number: string;
  state: string;
  account_id: string;
  invoice_owner_account_id: string;
  auto_renew: boolean;
  /** Only with multiple currencies enabled; otherwise the account's. */
  currency?: string;
  latest_version: boolean;
  initial_term: Term;
  current_term: Term;
  renewal_term: Term;
  start_date: string;
  end_date?: string;
  description: string;
  contract_effective: string;
  service_activation: string;
  customer_acceptance: string;
  invoice_separately: boolean;
  version: number;
  order_number: string;
  actions: Action[];
}
export interface OrderResponse {
  id: string;
  created_time: string;
  updated_time: string;
  created_by_id: string;
  updated_by_id: string;
  category?: string;
  description?: string;
  order_date: string;
  order_number: string;
  account_id?: string;
  state?: string;
  line_items?: ListOf<Record<string, unknown>>;
  subscriptions: Subscription[];
}
export interface AccountResponse {
  id: string;
  account_number: string;
  name: string;
  currency: string;
  bill_cycle_day: number;
  state: string;
}
export interface PagedObjects<T> {
  data: T[];
  nextPage: string | null;
}

/** A price of the catalog (GET /v2/plans with `expand[]=prices`): the fields the editor shows and checks. */
export interface PlanPrice {
  id: string;
  name?: string;
  plan_id?: string;
  charge_type?: string;
  charge_model?: string;
  recurring?: { interval?: string; interval_count?: number; usage?: boolean; timing?: string };
  unit_of_measure?: string;
  /** Flat amounts by currency. */
  amounts?: Record<string, number>;
  /** Unit amounts by currency (per-unit prices). */
  unit_amounts?: Record<string, number>;
  /** Tiered and volume prices: up to `up_to` units (the last tier has none), per unit or flat, by currency. */
  tiers?: { up_to?: number; unit_amounts?: Record<string, number>; amounts?: Record<string, number> }[];
  tiers_mode?: string;
  discount_percent?: number;
  /** A fixed-amount discount's amounts by currency. */
  discount_amounts?: Record<string, number>;
  active?: boolean;
}
/** A plan of the catalog, with its product and prices when expanded. */
export interface Plan {
  id: string;
  plan_number?: string;
  name?: string;
  product_id?: string;
  active?: boolean;
  active_currencies?: string[];
  product?: { id: string; name?: string };
  prices?: { next_page?: string | null; data: PlanPrice[] };
}
export interface PlanList {
  next_page?: string | null;
  data: Plan[];
}

/** An account's subscription as GET /v2/subscriptions lists it, plans and items expanded. */
export interface ListedSubscription {
  id: string;
  subscription_number: string;
  state?: string;
  version?: number;
  account_id?: string;
  subscription_plans?: {
    next_page?: string | null;
    data: {
      id: string;
      plan_id?: string;
      name?: string;
      subscription_items?: {
        next_page?: string | null;
        data: { id: string; subscription_item_number?: string; name?: string; price_id?: string; state?: string }[];
      };
    }[];
  };
}
export interface SubscriptionList {
  next_page?: string | null;
  data: ListedSubscription[];
}
