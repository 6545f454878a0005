// The billing rules a tenant chooses (the vendor's Billing > Define Billing Rules), as the Local sandbox's start
// options: how amounts round to cents, and how a partial period is prorated. The defaults are the vendor's
// defaults: Half Up on every currency, prorated by day over the actual days of the month.
//   rounding: https://docs.zuora.com (Billing > Customize Currencies: Rounding Mode, "Half Up" by default)
//   proration: https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/
//     manage-subscription-transactions/common-subscription-information/proration/prorating---30-days-or-actual-days
// Like the catalog (state/catalog.ts), each request runs in its sandbox's conventions (server.ts), so the pure
// billing code reads them with activeConventions() instead of having them threaded through every call.
import { AsyncLocalStorage } from 'async_hooks';

export const ROUNDING_MODES = ['half-up', 'half-down', 'half-even', 'up', 'down'] as const;
export type Rounding = (typeof ROUNDING_MODES)[number];
/** "Prorate by day", or "prorate by month first, then by day" for periods longer than a month. */
export const PRORATION_UNITS = ['day', 'month-first'] as const;
export type ProrationUnit = (typeof PRORATION_UNITS)[number];
/** When prorating a month: its actual days, 30 days over the actual days (actual/360), or strict 30/360. */
export const DAYS_IN_MONTH = ['actual', 'actual-360', '30-360'] as const;
export type DaysInMonth = (typeof DAYS_IN_MONTH)[number];

export interface BillingConventions {
  rounding: Rounding;
  prorationUnit: ProrationUnit;
  daysInMonth: DaysInMonth;
}

export const DEFAULT_CONVENTIONS: Readonly<BillingConventions> = Object.freeze({
  rounding: 'half-up',
  prorationUnit: 'day',
  daysInMonth: 'actual',
});

/** The conventions with the defaults filled in; a value that is not one of a rule's choices throws, naming it. */
export function conventionsOf(given: Partial<BillingConventions> = {}): BillingConventions {
  const pick = <T extends string>(name: string, choices: readonly T[], value: T | undefined, fallback: T): T => {
    if (value === undefined) return fallback;
    if (!choices.includes(value)) throw new RangeError(`${name} is one of ${choices.join(', ')}, not "${value}"`);
    return value;
  };
  return {
    rounding: pick('rounding', ROUNDING_MODES, given.rounding, DEFAULT_CONVENTIONS.rounding),
    prorationUnit: pick('proration', PRORATION_UNITS, given.prorationUnit, DEFAULT_CONVENTIONS.prorationUnit),
    daysInMonth: pick('days in month', DAYS_IN_MONTH, given.daysInMonth, DEFAULT_CONVENTIONS.daysInMonth),
  };
}

const scope = new AsyncLocalStorage<BillingConventions>();

/** Runs `work` (and what it awaits) in a sandbox's conventions. */
export const inConventions = <T>(conventions: BillingConventions, work: () => T): T => scope.run(conventions, work);

/** The conventions of the sandbox whose request is being answered; the defaults outside a request. */
export const activeConventions = (): BillingConventions => scope.getStore() ?? DEFAULT_CONVENTIONS;
