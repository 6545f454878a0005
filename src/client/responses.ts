// Response shapes of spec 01, as types for the client and the response panel.
export interface Money { gross_amount: number; net_amount: number; currency: string }
export interface PreviewItem { subscription_item_id: string; price_id: string; start_date: string; end_date: string | null; mrr?: Money; tcb: Money }
export interface PreviewAction { action_id: string; subscription_number: string | null; action: string; sequence: number; subscription_items: PreviewItem[] }
export interface PreviewResponse { subscriptions: { subscription_number: string | null; actions: PreviewAction[] }[]; line_items?: unknown[] }

export interface Term { type: 'termed' | 'evergreen'; interval?: string; interval_count?: number }
export interface SubscriptionItem {
  id: string; subscription_item_number: string; subscription_plan_id: string; price_id: string; name: string; description: string;
  charged_through_date: string; processed_through_date: string; start_date: string; end_date: string | null; start_event: string;
  tax_inclusive: boolean; unit_of_measure: string; quantity: number; unit_amount: number; price_base_interval: string;
  charge_model: string; charge_type: string; active: boolean; state: string; custom_fields?: Record<string, unknown>;
  created_time: string; updated_time: string; created_by_id: string; updated_by_id: string; recurring: Record<string, unknown> | null;
}
export interface Action {
  action_id: string; type: string; sequence: number;
  start_on: { contract_effective: string; service_activation: string; customer_acceptance: string };
  subscription_plans: { id: string; plan_id: string; unique_token: string | null; subscription_items: SubscriptionItem[] }[];
}
export interface Subscription {
  id: string; created_time: string; updated_time: string; created_by_id: string; updated_by_id: string; subscription_number: string;
  state: string; account_id: string; invoice_owner_account_id: string; auto_renew: boolean; latest_version: boolean;
  initial_term: Term; current_term: Term & { start_date: string; end_date: string | null }; renewal_term: Term;
  start_date: string; end_date: string | null; description: string; contract_effective: string; service_activation: string;
  customer_acceptance: string; invoice_separately: boolean; version: number; order_number: string; actions: Action[];
}
export interface OrderResponse {
  id: string; created_time: string; updated_time: string; created_by_id: string; updated_by_id: string; category: string | null;
  description: string; order_date: string; order_number: string; line_items: unknown[]; subscriptions: Subscription[];
}
export interface AccountResponse { id: string; account_number: string; name: string; currency: string; bill_cycle_day: number; state: string }
export interface PagedObjects<T> { data: T[]; nextPage: string | null }
