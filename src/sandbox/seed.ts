// Seeded data: account A00000001 with an active subscription S00000001 (plan SP00000001, items
// SI00000001...) and a paused S00000002, so every shipped example works as is; `--seed-accounts N` adds
// more accounts, each with an order.
import { runOrder } from './orders';
import type { Store } from './store';

export function seed(store: Store, accounts: number, first = 0): void {
  for (let i = first; i < first + accounts; i++) {
    const currency = i % 3 === 2 ? 'EUR' : 'USD';
    runOrder(store, {
      description: `Seeded order ${i + 1}`, order_date: '2026-01-01',
      account_data: { name: i === 0 ? 'Demo Customer' : `Customer ${i + 1}`, currency, bill_to: { first_name: 'Demo', last_name: `Customer ${i + 1}` } },
      subscriptions: [{
        initial_term: { type: 'termed', interval: 'month', interval_count: 12 }, renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
        start_on: { contract_effective: '2026-01-01' }, subscription_plans: [{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 5 + (i % 20) }] }],
      }],
    }, true);
    if (i === 0) {
      runOrder(store, { account_number: 'A00000001', order_date: '2026-01-01', subscriptions: [{ initial_term: { type: 'evergreen' }, renewal_term: { type: 'evergreen' },
        start_on: { contract_effective: '2026-01-01' }, subscription_plans: [{ plan_id: 'plan-enterprise-yearly' }] }] }, true);
      runOrder(store, { account_number: 'A00000001', order_date: '2026-06-01', subscriptions: [{ subscription_number: 'S00000002', pause: {} }] }, true);
    }
  }
}
