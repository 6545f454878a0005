// Seeded data: account A00000001 with an active subscription S00000001 (plan SP00000001, items
// SI00000001...) and a paused S00000002, so every shipped example works as is; `--seed-accounts N` adds
// more accounts, each with an order.
import { runOrder } from './orders';
import type { Store } from '../state/store';

const START = '2026-01-01';
// Fresh objects per order: the store keeps the terms it is given.
const yearOfMonths = () => ({ type: 'termed', interval: 'month', interval_count: 12 }) as const;
const evergreen = () => ({ type: 'evergreen' }) as const;

export function seed(store: Store, accounts: number, first = 0): void {
  for (let i = first; i < first + accounts; i++) {
    runOrder(store, customerOrder(i), true);
    if (i === 0) {
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
      );
      const pause = { subscription_number: 'S00000002', pause: {} };
      runOrder(store, { account_number: 'A00000001', order_date: '2026-06-01', subscriptions: [pause] }, true);
    }
  }
}

/** Customer i: a new account (every third in EUR) on the team plan with 5 to 24 seats. */
function customerOrder(i: number) {
  const name = i === 0 ? 'Demo Customer' : `Customer ${i + 1}`;
  const currency = i % 3 === 2 ? 'EUR' : 'USD';
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
