// A subscription's parts as the store keeps them: its terms, its plans and their items (each a price of the
// catalog, priced for the subscription), how each item bills over time (in the billing engine's terms: a price
// and its changes), and a pause. store.ts holds the subscription itself.
import type { BillingPeriod, ChargeModel, ChargeType } from './catalog';

export interface Term {
  type: 'termed' | 'evergreen';
  interval?: 'day' | 'week' | 'month' | 'year';
  interval_count?: number;
}

/** A tier in the account's currency (the reference's item tier): up to `up_to` units, per unit or flat. */
export interface ItemTier {
  up_to?: number;
  unit_amount?: number;
  amount?: number;
}
export type TiersMode = 'graduated' | 'volume';

/** How a period's amount is priced from the quantity. */
export type PriceModel = 'per_unit' | 'flat_fee' | 'tiered' | 'volume' | 'usage';

/** A price tier: units up to `upTo` (null: no bound) at `unitAmount` each, plus `flatAmount` once when reached. */
export interface Tier {
  upTo: number | null;
  unitAmount?: number;
  flatAmount?: number;
}

/** What one full period (or a one-time charge) costs: the model with its amounts and the quantity. */
export interface PriceTerms {
  model: PriceModel;
  /** per_unit and usage: the amount per unit; flat_fee: the amount. */
  unitAmount?: number;
  /** tiered and volume. */
  tiers?: Tier[];
  /** Units (usage: the units each period uses, an estimate since a preview has no usage records). */
  quantity: number;
}

/** A change decided after billing began: new terms, or the charge stops (credited for the unused days). */
export type ChargeChange =
  | { on: string; kind: 'update'; quantity?: number; unitAmount?: number; tiers?: Tier[] }
  | { on: string; kind: 'stop'; atPeriodEnd?: boolean };

export interface ItemRec {
  id: string;
  subscription_item_number: string;
  subscription_plan_id: string;
  price_id: string;
  name: string;
  charge_model: ChargeModel;
  charge_type: ChargeType;
  billing_period?: BillingPeriod;
  unit_of_measure?: string;
  quantity: number;
  /** Per unit or flat; a discount's is negative: what it takes off each period (priced with its plan). */
  unit_amount: number;
  /** Tiered and volume prices, in the account's currency: the amount comes from these. */
  tiers?: ItemTier[];
  tiers_mode?: TiersMode;
  discount_percent?: number;
  discount_amount?: number;
  start_date: string;
  end_date: string | null;
  state: 'active' | 'removed';
  custom_fields?: Record<string, unknown>;
}
export interface PlanRec {
  id: string;
  plan_id: string;
  items: ItemRec[];
  removed?: boolean;
}
/**
 * One stretch of an item's billing: from `start` at `price`, with the changes orders made since (by effective
 * date; a pause or removal is a stop). A resume starts another. Bill runs price the item from these.
 */
export interface BillingRun {
  start: string;
  price: PriceTerms;
  changes?: ChargeChange[];
}
/** A pause as the order asked for it: when it began and, when the order said, when it ends (time travel resumes it). */
export interface PauseRec {
  pause_date: string;
  resume_date?: string;
  /** The term grows by the days paused when it resumes. */
  extend_term?: boolean;
}
