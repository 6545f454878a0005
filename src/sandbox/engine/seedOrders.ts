// The orders that seed customer i (seed.ts): a new account with a team subscription; customer 0 (A00000001) has
// an enterprise subscription S00000002 too, paused, so every shipped example works as is.
import { runOrder } from './orders';
import type { Store } from '../state/store';
import { SYSTEM_CLOCK, type SandboxClock } from '../state/clock';

const START = '2026-01-01';
// Fresh objects per order: the store keeps the terms it is given.
const yearOfMonths = () => ({ type: 'termed', interval: 'month', interval_count: 12 }) as const;
const evergreen = () => ({ type: 'evergreen' }) as const;

/** Customer i's orders, run by the engine (customer 0 has two subscriptions, the second paused). */
export function seedCustomer(store: Store, i: number, clock: SandboxClock = SYSTEM_CLOCK): void {
  runOrder(store, customerOrder(i), true, clock);
  if (i !== 0) return;
  runOrder(
    store,
    {
      account_number: 'A00000001',
      order_date: START,
      subscriptions: [
        {
          initial_term: evergreen(),
          renewal_term: evergreen(),
          start_on: { contract_effective: START },
          subscription_plans: [{ plan_id: 'plan-enterprise-yearly' }],
        },
      ],
    },
    true,
    clock,
  );
  const pause = { subscription_number: 'S00000002', pause: {} };
  runOrder(store, { account_number: 'A00000001', order_date: '2026-06-01', subscriptions: [pause] }, true, clock);
}

/** What customer i > 0 is named: this, then i + 1 (customer 0 is the Demo Customer). */
export const SEEDED_NAME = 'Customer ';

/** Customer i's currency: every third in EUR (query/seededFilter.ts narrows a currency filter by it). */
export const seededCurrency = (i: number) => (i % 3 === 2 ? 'EUR' : 'USD');

/** Customer i: a new account (every third in EUR) on the team plan with 5 to 24 seats. */
function customerOrder(i: number) {
  const name = i === 0 ? 'Demo Customer' : `${SEEDED_NAME}${i + 1}`;
  const currency = seededCurrency(i);
  return {
    description: `Seeded order ${i + 1}`,
    order_date: START,
    account_data: { name, currency, bill_to: { first_name: 'Demo', last_name: `Customer ${i + 1}` } },
    subscriptions: [
      {
        initial_term: yearOfMonths(),
        renewal_term: yearOfMonths(),
        start_on: { contract_effective: START },
        subscription_plans: [
          {
            plan_id: 'plan-team-monthly',
            prices: [{ price_id: 'price-team-seats', quantity: 5 + (i % 20) }],
          },
        ],
      },
    ],
  };
}

/** How many customers repeat: currency (i % 3) and seats (i % 20) are all that vary between them. */
export const SEED_PERIOD = 60;
