// Structure-dense generated orders: many small fields and no filler, the shape of a real order grown to
// the size asked for. One subscription in 25 carries a mistake (an impossible date) so that findings are
// located; the filler document (700-character notes) is kept apart and labelled as such.
import { TEMPLATES } from '../src/schemas';

type Json = Record<string, unknown>;

function subscription(i: number, filler: boolean): Json {
  const start = i % 25 === 1 ? '2027-02-30' : `2027-0${(i % 9) + 1}-1${i % 10}`;
  const sub: Json = {
    initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
    renewal_term: { type: 'termed', interval: i % 2 ? 'month' : 'year', interval_count: (i % 3) + 1 },
    start_on: { contract_effective: start },
    subscription_plans: [
      { plan_id: `plan-team-${i}`, prices: [{ price_id: `price-seats-${i}`, quantity: (i % 50) + 1 }] },
      { plan_id: `plan-addon-${i}`, prices: [{ price_id: `price-addon-${i}`, quantity: 1 }] },
      { plan_id: `plan-support-${i}`, prices: [{ price_id: `price-support-${i}` }, { price_id: `price-sla-${i}` }] },
    ],
    custom_fields: { cost_center: `CC-${1000 + i}`, region: ['emea', 'amer', 'apac'][i % 3] },
  };
  if (filler) sub.custom_fields = { note: `subscription ${i} ${'x'.repeat(700)}` }; // the old benchmark's
  return sub;
}

/** An order of at least `bytes` characters (pretty-printed as people write them). */
export function orderOfSize(bytes: number, filler = false): { text: string; subscriptions: number } {
  const base = TEMPLATES.find(t => t.id === 'new-customer')!.body as Json;
  const subs: Json[] = [];
  let text = '';
  for (let step = 1; text.length < bytes; step = Math.max(1, Math.ceil(subs.length / 4))) {
    for (let k = 0; k < step; k++) subs.push(subscription(subs.length, filler));
    text = JSON.stringify({ ...base, subscriptions: subs }, null, 2);
  }
  return { text, subscriptions: subs.length };
}

/** The largest order the service takes: 50 subscriptions. */
export function largestRealOrder(): { text: string; subscriptions: number } {
  const base = TEMPLATES.find(t => t.id === 'new-customer')!.body as Json;
  const subs = Array.from({ length: 50 }, (_, i) => subscription(i, false));
  return { text: JSON.stringify({ ...base, subscriptions: subs }, null, 2), subscriptions: 50 };
}
