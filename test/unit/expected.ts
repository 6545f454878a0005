// What the "preview" template (examples/new-customer.preview.json) costs, worked out from the catalog's
// prices and the template's quantities, so tests do not repeat totals that change with either.
import { CATALOG } from '../../src/sandbox';
import { TEMPLATES } from '../../src/schemas';

/** A catalog price in a currency. */
export function priceOf(priceId: string, currency: string): number {
  const charges = CATALOG.flatMap(product => product.plans.flatMap(plan => plan.charges));
  const amount = charges.find(c => c.id === priceId)?.prices[currency];
  if (amount === undefined) throw new Error(`${priceId} has no ${currency} price in the catalog`);
  return amount;
}

const usd = (priceId: string) => priceOf(priceId, 'USD');

interface PreviewTemplate {
  subscriptions: { subscription_plans: { prices?: { quantity: number }[] }[] }[];
  line_items: { unit_amount: number; quantity: number }[];
}
const template = TEMPLATES.find(t => t.id === 'preview')!.body as unknown as PreviewTemplate;
/** Seats on the template's team plan. */
export const SEATS = template.subscriptions[0].subscription_plans[0].prices![0].quantity;
/** The template's one line item (a setup fee), priced in the request rather than the catalog. */
export const SETUP_FEE = template.line_items[0].unit_amount * template.line_items[0].quantity;

/** The catalog's USD prices the examples use. */
export const USD = {
  seat: usd('price-team-seats'),
  platformFee: usd('price-team-platform'),
  annualLicence: usd('price-enterprise-annual'),
};

/** A month of the team plan: its seats, plus the platform fee the plan adds though the request does not list it. */
export const teamMonth = (seats: number) => seats * USD.seat + USD.platformFee;

// Team monthly for 12 months; Enterprise yearly for 1 year.
const teamMonthly = teamMonth(SEATS);
const enterpriseYearly = USD.annualLicence;

/** Totals of the template's preview, in USD: MRR and total contract billing (TCB). */
export const NEW_CUSTOMER_TOTALS = {
  currency: 'USD',
  mrr: teamMonthly + enterpriseYearly / 12,
  tcb: 12 * teamMonthly + enterpriseYearly + SETUP_FEE,
};

/** Per seat: what adding seats to the team plan adds to MRR and TCB. */
export const SEAT = { mrr: usd('price-team-seats'), tcb: 12 * usd('price-team-seats') };
