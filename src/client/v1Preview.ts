// A v1 order preview's answer (`previewResult`: orderDeltaMetrics per charge) in the v2 preview's shape, so
// the panel, the inline figures and the CLI table read both the same way. Rows follow the request: each
// `subscriptions[i]` of the v1 body is the answer's subscription with its number, or (a new one) the next
// number the answer names that the request did not.
import type { Money } from './money';
import type { OrderResponse, PreviewAction, PreviewResponse } from './responses';

export interface V1DeltaMetric {
  subscriptionNumber?: string;
  orderActionType?: string;
  orderActionSequence?: string;
  productRatePlanChargeId?: string;
  chargeNumber?: string;
  startDate?: string;
  endDate?: string;
  grossAmount?: number;
  netAmount?: number;
  currency?: string;
}

export interface V1PreviewResult {
  orderDeltaMetrics?: {
    orderDeltaMrr?: V1DeltaMetric[];
    orderDeltaTcb?: V1DeltaMetric[];
    orderDeltaTcv?: V1DeltaMetric[];
  };
  /** BillingDocs: read as billing documents by billingDocumentsOfV1 (billingDocuments.ts). */
  invoices?: unknown[];
  creditMemos?: unknown[];
}

export interface V1PreviewRequest {
  subscriptions?: { subscriptionNumber?: unknown }[];
}

export function v1PreviewAsV2(result: V1PreviewResult | undefined, request?: V1PreviewRequest): PreviewResponse {
  const mrr = result?.orderDeltaMetrics?.orderDeltaMrr ?? [];
  const tcb = result?.orderDeltaMetrics?.orderDeltaTcb ?? [];
  const key = (m: V1DeltaMetric) =>
    `${m.subscriptionNumber}|${m.orderActionSequence ?? ''}|${m.orderActionType}|${m.chargeNumber ?? m.productRatePlanChargeId}|${m.currency}`;
  const mrrByKey = new Map(mrr.map(m => [key(m), m]));
  const tcvByKey = new Map((result?.orderDeltaMetrics?.orderDeltaTcv ?? []).map(m => [key(m), m]));
  const bySubscription = new Map<string, Map<string, PreviewAction>>();
  for (const m of tcb.length ? tcb : mrr) {
    const sub = m.subscriptionNumber ?? '';
    const actions = bySubscription.get(sub) ?? new Map<string, PreviewAction>();
    bySubscription.set(sub, actions);
    const actionKey = `${m.orderActionSequence ?? ''}|${m.orderActionType ?? ''}`;
    const action = actions.get(actionKey) ?? {
      action_id: actionKey,
      action: m.orderActionType ?? 'order action',
      sequence: Number(m.orderActionSequence ?? actions.size),
      subscription_items: [],
    };
    actions.set(actionKey, action);
    const monthly = mrrByKey.get(key(m));
    action.subscription_items.push({
      subscription_item_id: m.chargeNumber ?? `${sub}|${m.productRatePlanChargeId}`,
      price_id: m.productRatePlanChargeId ?? m.chargeNumber ?? '',
      start_date: m.startDate ?? '',
      ...(m.endDate ? { end_date: m.endDate } : {}),
      ...(monthly ? { mrr: money(monthly) } : {}),
      tcb: money(tcb.length ? m : { ...m, grossAmount: 0, netAmount: 0 }),
      ...(tcvByKey.has(key(m)) ? { tcv: money(tcvByKey.get(key(m))!) } : {}),
    });
  }
  return {
    subscriptions: inRequestOrder([...bySubscription.keys()], request).map(number => ({
      ...(number ? { subscription_number: number } : {}), // a new subscription has no number yet
      actions: [...(bySubscription.get(number)?.values() ?? [])],
    })),
  };
}

/** The answer's subscription numbers in the order of the request's `subscriptions[]` (the panel's indexes). */
function inRequestOrder(numbers: string[], request?: V1PreviewRequest): string[] {
  const asked = Array.isArray(request?.subscriptions) ? request.subscriptions : [];
  const named = asked.map(s => (typeof s?.subscriptionNumber === 'string' ? s.subscriptionNumber : undefined));
  const unnamed = numbers.filter(n => !named.includes(n)); // new subscriptions ('' when the answer gives none)
  const ordered = named
    .map(n => n ?? unnamed.shift())
    .filter((n): n is string => n !== undefined && numbers.includes(n));
  return [...ordered, ...numbers.filter(n => !ordered.includes(n))];
}

const money = (m: V1DeltaMetric): Money => ({
  gross_amount: m.grossAmount ?? 0,
  net_amount: m.netAmount ?? m.grossAmount ?? 0,
  currency: m.currency ?? 'USD',
});

/**
 * A created order as the panel shows it; the account's number when the answer carries it (v1 always does). What the
 * answer does not say stays out: a v1 answer names no versions, and its subscriptions' states only from 223.0 on
 * (`state` is then ''), but it says the order's status.
 */
export interface CreatedOrderFacts {
  orderNumber: string;
  subscriptions: { number: string; state: string; version?: number }[];
  accountNumber?: string;
  /** The order's status, as a v1 answer says it (Completed, Pending, ...). */
  status?: string;
}

/**
 * A v1 create's answer as the panel's created order: `subscriptions` with their status (minor version 223.0 on),
 * or `subscriptionNumbers` alone (through 222.x, the service's default), whose status is not said.
 */
export function v1CreatedOrder(order: {
  orderNumber?: string;
  accountNumber?: string;
  subscriptions?: { subscriptionNumber?: string; status?: string }[];
  subscriptionNumbers?: string[];
  status?: string;
}): CreatedOrderFacts {
  const given: { subscriptionNumber?: string; status?: string }[] =
    order.subscriptions ?? (order.subscriptionNumbers ?? []).map(n => ({ subscriptionNumber: n }));
  const subscriptions = given.map(s => ({ number: s.subscriptionNumber ?? '', state: s.status ?? '' }));
  const account = order.accountNumber ? { accountNumber: order.accountNumber } : {};
  const status = order.status ? { status: order.status } : {};
  return { orderNumber: order.orderNumber ?? '', subscriptions, ...account, ...status };
}

/** Each `subscriptions[i]`'s initial term (its CreateSubscription action's), in the v2 term's words. */
export function v1InitialTerms(
  body: unknown,
): ({ type: string; interval?: string; interval_count?: unknown } | undefined)[] {
  type V1Term = { termType?: unknown; period?: unknown; periodType?: unknown };
  type Entry = { orderActions?: { createSubscription?: { terms?: { initialTerm?: V1Term } } }[] };
  const subs = (body as { subscriptions?: Entry[] } | undefined)?.subscriptions;
  return (Array.isArray(subs) ? subs : []).map(s => {
    const actions = Array.isArray(s?.orderActions) ? s.orderActions : [];
    const t = actions.find(a => a?.createSubscription?.terms?.initialTerm)?.createSubscription?.terms?.initialTerm;
    if (!t) return undefined;
    if (t.termType === 'EVERGREEN') return { type: 'evergreen' };
    const interval = typeof t.periodType === 'string' ? t.periodType.toLowerCase() : undefined;
    return { type: 'termed', interval, interval_count: t.period };
  });
}

/** A preview's answer in the v2 shape the summary reads, whichever family answered (a v1 one converted). */
export function previewAsV2(call: { api?: 'v1'; body: unknown }, data: unknown): PreviewResponse {
  if (call.api !== 'v1') return data as PreviewResponse;
  return v1PreviewAsV2((data as { previewResult: V1PreviewResult }).previewResult, call.body as V1PreviewRequest);
}

/**
 * A created order's number and its subscriptions (number, state, version), whichever family answered, and its
 * account's number when the answer carries it (v1's accountNumber; v2's account, when expanded).
 */
export function createdOrder(call: { api?: 'v1' }, data: unknown): CreatedOrderFacts {
  if (call.api === 'v1') return v1CreatedOrder(data as Parameters<typeof v1CreatedOrder>[0]);
  const order = data as OrderResponse & { account?: { account_number?: unknown } };
  const subscriptions = (order.subscriptions ?? []).map(s => ({
    number: s.subscription_number,
    state: s.state,
    version: s.version,
  }));
  const number = order.account?.account_number;
  const account = typeof number === 'string' && number ? { accountNumber: number } : {};
  return { orderNumber: order.order_number, subscriptions, ...account };
}
