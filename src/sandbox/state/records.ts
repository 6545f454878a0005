// The records of accounts, subscriptions and orders, as the store keeps them (store.ts holds them; the rules that
// read them live in the rooms above).
import type { BillingRun, PauseRec, PlanRec, Term } from './subscriptionParts';

export interface Contact {
  first_name?: string;
  last_name?: string;
  [k: string]: unknown;
}
export interface AccountRec {
  id: string;
  account_number: string;
  name: string;
  currency: string;
  bill_cycle_day: number;
  bill_to: Contact;
  sold_to?: Contact;
  status: 'active';
  created_time: string;
  updated_time: string;
  /** What else the account was given (description, crm_id, ...): kept and answered, nothing computes from it. */
  details?: Record<string, unknown>;
  /** Its contacts besides bill_to and sold_to (POST /v2/contacts), each with its id. */
  contacts?: Contact[];
}
export type SubscriptionState = 'active' | 'canceled' | 'paused' | 'expired';
export interface SubscriptionRec {
  id: string;
  subscription_number: string;
  account_number: string;
  state: SubscriptionState;
  version: number;
  initial_term: Term;
  renewal_term: Term;
  current_term_start: string;
  current_term_end: string | null;
  contract_effective: string;
  start_date: string;
  end_date: string | null;
  auto_renew: boolean;
  plans: PlanRec[];
  description?: string;
  custom_fields?: Record<string, unknown>;
  created_time: string;
  updated_time: string;
  order_number: string;
  /** While paused: the pause (absent on a subscription paused before pauses were kept: it resumes by order only). */
  pause?: PauseRec;
  /** How each item bills over time, by item id (absent in data kept before bill runs: from each item's start). */
  billing?: Record<string, BillingRun[]>;
  /**
   * The date each renewal term began, oldest first, as renewals set them: a resume with `extend_term` moves a term's
   * end, so they cannot be counted from the start (absent in data kept before: counted from the start and the terms).
   */
  renewed_on?: string[];
}

/** The journal's key of an account (a subscription's is its number). */
export const ACCOUNT_KEY = 'account:';

/** The term in effect: the initial one until the subscription first renews, then the renewal term. */
export const currentTerm = (s: SubscriptionRec): Term =>
  s.current_term_start > s.start_date ? s.renewal_term : s.initial_term;
export interface OrderRec {
  id: string;
  order_number: string;
  account_number: string;
  account_id?: string;
  order_date: string;
  description: string;
  created_time: string;
  /** The order's line items as the retrieve response lists them. */
  line_items: unknown[];
  /** The subscriptions as this order left them, with the actions it took: the retrieve response. */
  subscriptions: unknown[];
}
