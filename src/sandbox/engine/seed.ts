// Seeded data: account A00000001 with an active subscription S00000001 (plan SP00000001, items
// SI00000001...) and a paused S00000002, so every shipped example works as is; `--seed-accounts N` adds
// more accounts, each with an order. On an empty store the customers are derived on demand from templates the
// same orders made (seededTemplates.ts), so a million of them cost neither the start nor the memory of making them.
import type { Store } from '../state/store';
import { SYSTEM_CLOCK } from '../state/clock';
import { activeCatalog } from '../state/activeCatalog';
import { SEED_CATALOG } from '../state/seedCatalog';
import { attachSeeding } from '../state/seededStore';
import { Seeding } from '../state/seededRows';
import { buildTemplates } from './seededTemplates';
import { seedCustomer } from './seedOrders';

/**
 * Seeds customers first ... first + accounts - 1. An empty store in the seeded catalog derives them; a store that
 * holds rows already (more seeded on top) gets them made by the engine, as rows of their own.
 */
export function seed(store: Store, accounts: number, first = 0): void {
  if (first === 0 && accounts > 0 && isEmpty(store) && activeCatalog() === SEED_CATALOG) {
    const time = SYSTEM_CLOCK.timestamp();
    attachSeeding(store, new Seeding(accounts, time, buildTemplates(time)));
    return;
  }
  for (let i = first; i < first + accounts; i++) seedCustomer(store, i);
}

const isEmpty = (s: Store) =>
  s.accounts.size === 0 && s.subscriptions.size === 0 && s.orders.size === 0 && !Object.keys(s.numbers.counters).length;
