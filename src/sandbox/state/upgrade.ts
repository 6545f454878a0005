// Orders saved before the sandbox answered in the real shapes: their retrieve responses are brought to
// today's shape when the data file loads, so the tree and "Preview Again" read one shape only.

/** The parts of a kept order (store.ts's OrderRec) whose shape changed. */
interface KeptOrder {
  line_items: unknown[];
  subscriptions: unknown[];
}

const ACTION_NAMES: Record<string, string> = {
  create: 'create_subscription',
  add_plan: 'add_subscription_plan',
  update_plan: 'update_subscription_plan',
  remove_plan: 'remove_subscription_plan',
  renew_subscription: 'renew',
  cancel_subscription: 'cancel',
  pause_subscription: 'pause',
  resume_subscription: 'resume',
};
type Loose = Record<string, unknown>;
const list = (v: unknown) => (Array.isArray(v) ? { next_page: null, data: v } : v);

export function upgradeOrder<T extends KeptOrder>(o: T): T {
  const subscriptions = (o.subscriptions as Loose[]).map(s => ({
    ...s,
    state: s.state === 'cancelled' ? 'canceled' : s.state,
    actions: ((s.actions ?? []) as Loose[]).map(a => ({
      ...a,
      type: ACTION_NAMES[String(a.type)] ?? a.type,
      subscription_plans: list(
        ((a.subscription_plans ?? []) as Loose[]).map(({ unique_token: _u, ...p }) => ({
          ...p,
          subscription_items: list(
            ((p.subscription_items ?? []) as Loose[]).map(i => ({
              ...i,
              state: i.state === 'removed' ? 'inactive' : i.state,
            })),
          ),
        })),
      ),
    })),
  }));
  const lineItems = (o.line_items as Loose[]).map(({ amount, ...li }) => {
    const total = (amount as { net_amount?: number } | undefined)?.net_amount ?? 0;
    return { ...li, category: 'sale', subtotal: total, total, state: 'booked' };
  });
  return { ...o, subscriptions, line_items: lineItems };
}
