// The v1 preview answer (PostOrderPreviewResponseType): `previewResult` with what `previewTypes` asks for and the
// sandbox computes: chargeMetrics, orderDeltaMetrics (mrr, tcb, tcv per action and charge), invoices and credit
// memos (the billing engine's, one per billing date). The figures are the order engine's, the same the v2 preview
// answers; OrderMetrics and the ramp types are not computed.
import type { Action, OrderOutcome, SubscriptionResult } from '../engine/orderTypes';
import type { Money } from '../../wire/money';
import type { Exact } from '../money/exact';
import { roundMoney, sumOf } from '../money/rounding';
import type { ItemRec } from '../state/store';
import { previewDocuments, type Thru } from './invoices';
import { mrrNow, numbered, planOf, tcbNow, tcvNow } from './itemFacts';
import { V1_TYPE_OF } from './names';

/** Asked for when `previewTypes` is left out: everything the sandbox computes. */
export const DEFAULT_PREVIEW_TYPES = ['ChargeMetrics', 'OrderDeltaMetrics', 'BillingDocs'];

export function previewAnswer(outcome: OrderOutcome, types: readonly string[], thru: Thru) {
  const results = outcome.subscriptions;
  return {
    success: true,
    previewResult: {
      ...(types.includes('ChargeMetrics') ? { chargeMetrics: results.map(chargeMetrics) } : {}),
      ...(types.includes('OrderDeltaMetrics') ? { orderDeltaMetrics: deltaMetrics(outcome) } : {}),
      ...(types.includes('BillingDocs') ? previewDocuments(outcome, thru) : {}),
    },
  };
}

/** The figure after the order (exact, rounded once) and the order's change (the sum of the answered deltas). */
const figure = (regular: Exact, deltas: number[], currency: string) => ({
  regular: roundMoney(regular, currency),
  regularDelta: roundMoney(sumOf(deltas), currency),
  discount: 0,
  discountDelta: 0,
});

/** Each charge the order touched: its figures after the order (`regular`) and the order's change (`regularDelta`). */
function chargeMetrics(r: SubscriptionResult) {
  type Deltas = { item: ItemRec; currency: string; mrr: number[]; tcb: number[]; tcv: number[] };
  const deltas = new Map<string, Deltas>();
  for (const a of r.actions) {
    for (const p of a.subscription_items) {
      const item = a.touched.find(t => t.id === p.subscription_item_id)!;
      const d = deltas.get(item.id) ?? { item, currency: p.tcb.currency, mrr: [], tcb: [], tcv: [] };
      d.mrr.push(p.mrr?.net_amount ?? 0);
      d.tcb.push(p.tcb.net_amount);
      d.tcv.push(p.tcv.net_amount);
      deltas.set(item.id, d);
    }
  }
  const sub = r.sub;
  return {
    ...numbered('subscriptionNumber', sub.subscription_number),
    charges: [...deltas.values()].map(({ item, currency, mrr, tcb, tcv }) => {
      const plan = planOf(sub, item);
      return {
        ...numbered('chargeNumber', item.subscription_item_number),
        productRatePlanChargeId: item.price_id,
        ...(plan ? { productRatePlanId: plan.plan_id } : {}),
        ...numbered('subscriptionRatePlanNumber', sub.subscription_number ? plan?.id : undefined),
        cmrr: figure(mrrNow(sub, item), mrr, currency),
        tcb: figure(tcbNow(sub, item), tcb, currency),
        tcv: figure(tcvNow(sub, item), tcv, currency),
        tax: { regular: 0, regularDelta: 0, discount: 0, discountDelta: 0 },
      };
    }),
  };
}

type Metric = 'mrr' | 'tcb' | 'tcv';

/**
 * One row per action and charge for each metric, as orderDeltaMrr / orderDeltaTcb / orderDeltaTcv list them;
 * the order's line items (one-time: no mrr) follow in the tcb and tcv lists.
 */
function deltaMetrics(outcome: OrderOutcome) {
  const rows = (metric: Metric) =>
    outcome.subscriptions.flatMap(r =>
      r.actions.flatMap(a => a.subscription_items.flatMap(p => deltaRow(r, a, p, metric))),
    );
  const lineRows = (metric: 'tcb' | 'tcv') =>
    outcome.preview.line_items.map((m, k) => {
      const li = outcome.lineItems[k];
      return {
        ...numbered('orderLineItemNumber', li.item_number),
        startDate: li.start_date,
        currency: m[metric].currency,
        grossAmount: m[metric].gross_amount,
        netAmount: m[metric].net_amount,
      };
    });
  return {
    orderDeltaMrr: rows('mrr'),
    orderDeltaTcb: [...rows('tcb'), ...lineRows('tcb')],
    orderDeltaTcv: [...rows('tcv'), ...lineRows('tcv')],
  };
}

function deltaRow(r: SubscriptionResult, a: Action, p: Action['subscription_items'][number], metric: Metric) {
  const amount: Money | undefined = p[metric];
  if (!amount) return [];
  const item = a.touched.find(t => t.id === p.subscription_item_id);
  return [
    {
      ...numbered('subscriptionNumber', r.sub.subscription_number),
      ...numbered('chargeNumber', item?.subscription_item_number),
      productRatePlanChargeId: p.price_id,
      ratePlanChargeId: p.subscription_item_id,
      orderActionId: a.action_id,
      orderActionSequence: String(a.sequence),
      orderActionType: V1_TYPE_OF[a.action],
      startDate: p.start_date,
      ...(p.end_date ? { endDate: p.end_date } : {}),
      currency: amount.currency,
      grossAmount: amount.gross_amount,
      netAmount: amount.net_amount,
    },
  ];
}
