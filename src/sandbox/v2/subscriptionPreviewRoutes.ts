// POST /v2/subscriptions/preview (a new subscription) and /v2/subscriptions/{subscription_id}/preview (changes to
// one): the order engine's preview of the same entry in an order (nothing is kept), answered as the reference's
// subscriptionPreviewResponse: the entry's actions, and its billing documents when `metrics` asks for them.
import type { PreviewRequestBody } from '../../schemas';
import { outOfBounds, V2_FIELDS } from '../engine/bounds';
import { runOrder } from '../engine/orders';
import type { EngineBody } from '../engine/orderTypes';
import { badRequest } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { previewView } from './billingDocuments';
import { notServed, orderFindings } from './bodies';
import { renamed, subscriptionOrThrow } from './subscriptionRoutes';

type Body = Record<string, unknown>;

/** What a subscription preview says of the whole preview (the order's fields); the rest is the entry. */
const ORDER_FIELDS = ['account_id', 'account_number', 'account_data', 'metrics', 'number_of_periods', 'term_end'];
const ORDER_FIELDS_AND_END = [...ORDER_FIELDS, 'end_date'];

const objectBody = (b: unknown): void => {
  if (typeof b !== 'object' || b === null || Array.isArray(b)) {
    throw badRequest('invalid_parameter', undefined, 'The body must be a JSON object.');
  }
};

/** The body split into an order preview of one subscription entry. */
function previewOrder(b: Body, entryExtra: Body, fields: readonly string[]): Body {
  const order: Body = {};
  const entry: Body = { ...entryExtra };
  for (const [k, v] of Object.entries(b)) (fields.includes(k) ? order : entry)[k] = v;
  // Without metrics, the actions' own (mrr, tcb, tcv: the delta metrics) are the answer.
  return { metrics: ['delta_metrics'], ...order, subscriptions: [entry] };
}

export function subscriptionPreviewRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const preview = (order: Body) => {
    orderFindings(order, 'preview', new Date(deps.clock.timestamp()));
    return renamed(undefined, () => {
      const out = outOfBounds(order, V2_FIELDS, deps.clock.today());
      if (out) throw badRequest('invalid_parameter', out.path, out.message);
      const outcome = runOrder(store, order as EngineBody, false, deps.clock, undefined, deps.prices);
      const answer = previewView(outcome, order as PreviewRequestBody) as Body;
      const [first] = answer.subscriptions as { actions: unknown[] }[];
      return ok({
        actions: first?.actions ?? [],
        ...(answer.billing_documents ? { billing_documents: answer.billing_documents } : {}),
      });
    });
  };
  return [
    {
      method: 'POST',
      path: '/v2/subscriptions/preview',
      // A new subscription's `end_date` is its own; a preview's, when it gives `number_of_periods` or `term_end`.
      handle: call => deps.idempotent(call, objectBody, b => preview(previewOrder(b as Body, {}, ORDER_FIELDS))),
    },
    {
      method: 'POST',
      path: '/v2/subscriptions/{subscription_id}/preview',
      handle: call =>
        deps.idempotent(call, objectBody, b => {
          const sub = subscriptionOrThrow(store, call.params.subscription_id);
          const body = b as Body;
          if (body.replace_subscription_plans !== undefined) {
            throw notServed(
              'The Local sandbox does not preview replace_subscription_plans: preview remove_subscription_plans ' +
                'and add_subscription_plans instead.',
            );
          }
          const order = previewOrder(body, { subscription_number: sub.subscription_number }, ORDER_FIELDS_AND_END);
          if (order.account_id === undefined && order.account_data === undefined) {
            order.account_number ??= sub.account_number;
          }
          return preview(order);
        }),
    },
  ];
}
