// The templates seeded customers are derived from (state/seededRows.ts): customer 0, and one customer of each
// variant (currency and seats repeat every SEED_PERIOD customers), each made by running its real orders on a
// scratch store whose counters stand where the seeding would have them, at the seeding's time.
import { Store } from '../state/store';
import { inCatalog } from '../state/activeCatalog';
import { SEED_CATALOG } from '../state/seedCatalog';
import { conventionsOf, inConventions } from '../money/conventions';
import { templateOf, type CustomerTemplate, type SeedTemplates } from '../state/seededTemplate';
import { useSeedTemplates } from '../state/seededRows';
import type { SandboxClock } from '../state/clock';
import { seedCustomer, SEED_PERIOD } from './seedOrders';

/** Customer t made alone on a scratch store whose counters are `counters`. */
function madeAlone(t: number, counters: Record<string, number>, clock: SandboxClock) {
  const scratch = new Store();
  scratch.numbers.counters = { ...counters };
  seedCustomer(scratch, t, clock);
  const rows = {
    account: scratch.accountList[0],
    subscriptions: [...scratch.subscriptions.values()],
    orders: [...scratch.orderList],
  };
  return { rows, counters: scratch.numbers.counters };
}

const minus = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(Object.keys(a).map(k => [k, a[k] - (b[k] ?? 0)]));

/** The templates of a seeding made at `time` (its rows' created and updated times). */
export function buildTemplates(time: string): SeedTemplates {
  const clock: SandboxClock = { today: () => time.slice(0, 10), timestamp: () => time };
  return inCatalog(SEED_CATALOG, () =>
    inConventions(conventionsOf(), () => {
      const zero = madeAlone(0, {}, clock);
      const firstCounters = zero.counters;
      const one = madeAlone(1, firstCounters, clock);
      const per = minus(one.counters, firstCounters);
      const before = (t: number) =>
        Object.fromEntries(Object.keys(firstCounters).map(k => [k, firstCounters[k] + (t - 1) * (per[k] ?? 0)]));
      const first = templateOf(zero.rows, 0, minus(firstCounters, firstCounters), firstCounters);
      const variants: CustomerTemplate[] = [];
      for (let v = 0; v < SEED_PERIOD; v++) {
        const t = v === 0 ? SEED_PERIOD : v;
        const made = t === 1 ? one : madeAlone(t, before(t), clock);
        variants.push(templateOf(made.rows, t, before(t), per));
      }
      return { first, variants, first_counters: firstCounters, per_customer: per };
    }),
  );
}

useSeedTemplates(buildTemplates);
