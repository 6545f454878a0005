// The billing engine's own input and output: what a charge costs and when, and the billing documents that follow.
// Dates are YYYY-MM-DD; a range's end is exclusive (the first day no longer served) unless named inclusive.
// A charge's price and changes are records the store keeps (state/subscriptionParts.ts): said here as the
// engine's vocabulary.
import type { ChargeChange, PriceModel, PriceTerms, Tier } from '../state/subscriptionParts';

export type { ChargeChange, PriceModel, PriceTerms, Tier };

/** How long one billing period is. */
export type BillingPeriod = 'month' | 'quarter' | 'semi_annual' | 'annual';
export type Timing = 'in_advance' | 'in_arrears';

export interface ChargeInput<R = unknown> {
  /** The caller's own handle for the charge, handed back on each billing item. */
  ref: R;
  price: PriceTerms;
  /** Left out: a one-time charge, billed once on `start`. */
  period?: BillingPeriod;
  /** Default: in arrears for usage, in advance for everything else. */
  timing?: Timing;
  start: string;
  /** The planned end (exclusive), known when billing began: the last period is prorated, never credited. */
  end?: string | null;
  /** Changes by effective date; each takes effect on `on`. */
  changes?: ChargeChange[];
}

export interface SubscriptionInput<R = unknown> {
  charges: ChargeInput<R>[];
  /** End of the current term (exclusive); null or left out: evergreen. */
  termEnd?: string | null;
  /** Auto-renew: each renewal term's length in months; charges that run to the term's end run on. */
  renewalMonths?: number | null;
  /**
   * Where the terms before the current one ended (each a renewal's start, before termEnd): billing periods across
   * one were split there when it renewed, so they stay split, renewing or not since.
   */
  termStarts?: readonly string[];
  /** Documents dated before this are history (already billed); default: its first charge's start. */
  from?: string;
}

/** How far to bill: a number of periods (each charge's own), to the end of the current term, or to a date. */
/** `after`: lines dated on or before it are left out (what a bill run priced before; the rest is the same). */
export type Through = { periods: number } | { termEnd: true } | { endDate: string; after?: string };

export interface BillingInput<R = unknown> {
  /** The account's bill cycle day (1-31; 31 is each month's last day). */
  billCycleDay: number;
  /** The account's currency: amounts round to its decimals (JPY 0); left out, 2. */
  currency?: string;
  subscriptions: SubscriptionInput<R>[];
  through: Through;
}

export interface BillingItem<R = unknown> {
  ref: R;
  /** `charge` bills, `credit` gives back unused days of a period billed before. */
  kind: 'charge' | 'credit';
  serviceStart: string;
  /** Inclusive, as the service shows it; a one-time charge: its date. */
  serviceEnd: string;
  quantity: number;
  /** per_unit, flat_fee and usage: the unit amount (flat fee: the amount); tiered and volume: undefined. */
  unitAmount?: number;
  /** Rounded once to the currency's decimals by the sandbox's rounding mode; in a credit memo a credit is positive. */
  amount: number;
  tax: number;
}

export interface BillingDocument<R = unknown> {
  type: 'invoice' | 'credit_memo';
  targetDate: string;
  items: BillingItem<R>[];
  /** The sum of the items. */
  subtotal: number;
  /** Always 0: the Local sandbox computes no tax. */
  tax: number;
  /** subtotal + tax. */
  total: number;
}
