// The templates seeded customers are derived from (state/seededRows.ts): customer 0, and one customer of each
// variant (currency and seats repeat every SEED_PERIOD customers), each made by running its real orders on a
// scratch store whose counters stand where the seeding would have them, at the seeding's time; a variant when first
// needed.
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

/**
 * The templates of a seeding made at `time` (its rows' created and updated times). Customer 0's is made now; the
 * others when first needed (one sandbox per scenario seeds one customer, and pays for that one alone), each in the
 * seeded catalog and the tenant's rules as they were at the seeding.
 */
export function buildTemplates(time: string): SeedTemplates {
  const clock: SandboxClock = { today: () => time.slice(0, 10), timestamp: () => time };
  const rules = conventionsOf();
  const seeding = <T>(f: () => T): T => inCatalog(SEED_CATALOG, () => inConventions(rules, f));
  const zero = seeding(() => madeAlone(0, {}, clock));
  const firstCounters = zero.counters;
  let one: ReturnType<typeof madeAlone> | undefined;
  const customerOne = () => (one ??= seeding(() => madeAlone(1, firstCounters, clock)));
  let per: Record<string, number> | undefined;
  const perCustomer = () => (per ??= minus(customerOne().counters, firstCounters));
  const before = (t: number) =>
    Object.fromEntries(Object.keys(firstCounters).map(k => [k, firstCounters[k] + (t - 1) * (perCustomer()[k] ?? 0)]));
  const variants = new Map<number, CustomerTemplate>();
  return {
    first: templateOf(zero.rows, 0, minus(firstCounters, firstCounters), firstCounters),
    first_counters: firstCounters,
    get per_customer() {
      return perCustomer();
    },
    variant(i: number) {
      const v = i % SEED_PERIOD;
      let made = variants.get(v);
      if (!made) {
        const t = v === 0 ? SEED_PERIOD : v;
        const rows = t === 1 ? customerOne() : seeding(() => madeAlone(t, before(t), clock));
        made = templateOf(rows.rows, t, before(t), perCustomer());
        variants.set(v, made);
      }
      return made;
    },
  };
}

useSeedTemplates(buildTemplates);
