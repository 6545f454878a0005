// The v1 create answer (PostOrderResponseType). The subscriptions are listed as the minor version asks (spec 01):
// `subscriptionNumbers` through 222.x, `subscriptions` with their status from 223.0; ids with `returnIds=true`.
import type { OrderOutcome } from '../engine/orderTypes';
import { V1_STATUS_OF } from './names';

type LineItemRec = { id: string; item_number: string };

export function createAnswer(outcome: OrderOutcome, serviceVersion: string, returnIds: boolean) {
  const order = outcome.order!;
  const subs = outcome.subscriptions.map(r => r.sub);
  const listed =
    Number(serviceVersion) >= 223
      ? {
          subscriptions: subs.map(s => ({
            subscriptionNumber: s.subscription_number,
            status: V1_STATUS_OF[s.state],
            ...(returnIds ? { subscriptionId: s.id } : {}),
          })),
        }
      : { subscriptionNumbers: subs.map(s => s.subscription_number) };
  return {
    success: true,
    orderNumber: order.order_number,
    accountNumber: order.account_number,
    status: 'Completed',
    ...listed,
    ...(order.line_items.length
      ? { orderLineItems: (order.line_items as LineItemRec[]).map(li => ({ id: li.id, itemNumber: li.item_number })) }
      : {}),
    ...(returnIds ? { orderId: order.id, accountId: outcome.account!.id, subscriptionIds: subs.map(s => s.id) } : {}),
  };
}
