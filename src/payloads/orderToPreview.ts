// "Preview Again" without VS Code: an order, as GET /v2/orders/{order_number} answers it, back to the
// preview payload that costs what it created today. Plain TypeScript, so unit tests run it.
import type { OrderResponse, Subscription, Term } from '../client';
import { DEFAULT_PREVIEW_PERIODS, periodsOf } from './previewPeriods';

/**
 * What an order created, as a preview payload for the same account: its new subscriptions (the
 * `create_subscription` actions, with their plans and prices) and its line items. Reads the order as the
 * service answers it: lists are `{next_page, data}`. The payload names its metrics (a preview file must), with
 * billing documents over `periods` periods (0: delta metrics only).
 */
export function orderToPreview(
  o: OrderResponse,
  accountNumber: string,
  periods = DEFAULT_PREVIEW_PERIODS,
): Record<string, unknown> | undefined {
  const created = (s: Subscription) => s.actions.filter(a => a.type === 'create_subscription');
  const subscriptions = o.subscriptions
    .filter(s => created(s).length)
    .map(s => ({
      initial_term: strip(s.initial_term),
      renewal_term: strip(s.renewal_term),
      start_on: { contract_effective: s.contract_effective },
      subscription_plans: created(s).flatMap(a =>
        a.subscription_plans.data.map(p => ({
          plan_id: p.plan_id,
          prices: p.subscription_items.data.map(i => ({
            price_id: i.price_id,
            quantity: i.quantity,
            unit_amount: i.unit_amount,
          })),
        })),
      ),
    }));
  const lineItems = (o.line_items?.data ?? [])
    .filter(li => typeof li.name === 'string' && typeof li.type === 'string')
    .map(li => pick(li, ['name', 'type', 'unit_amount', 'quantity', 'price_id', 'start_date', 'end_date']));
  if (!subscriptions.length && !lineItems.length) return undefined;
  const n = periodsOf(periods);
  return {
    metrics: n > 0 ? ['delta_metrics', 'billing_documents'] : ['delta_metrics'],
    ...(n > 0 ? { number_of_periods: n } : {}),
    account_number: accountNumber,
    ...(subscriptions.length ? { subscriptions } : {}),
    ...(lineItems.length ? { line_items: lineItems } : {}),
  };
}
const strip = (t: Term) =>
  t.type === 'evergreen'
    ? { type: 'evergreen' }
    : { type: t.type, interval: t.interval, interval_count: t.interval_count ?? 1 };
const pick = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter(k => o[k] !== undefined && o[k] !== null).map(k => [k, o[k]]));
