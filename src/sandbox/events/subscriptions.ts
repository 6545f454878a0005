// Subscription events, by the vendor's custom event for Orders: OrderActionProcessed, its `OrderAction.Type` saying
// which (CreateSubscription, RenewSubscription, CancelSubscription, Suspend, Resume: the order action types of the
// v1 reference). An order's actions are read from the order; what the clock does (a renewal at a term's end, a
// pause or a resume on its date) from the store's subscription changes (state/subscriptionChanges.ts). A pause
// dated later than its order is announced when the clock reaches it, not with the order.
// https://docs.zuora.com/en/zuora-platform/extensibility/events-and-notifications/zuora-custom-events/zuora-custom-events-for-orders
import type { SubscriptionChangeKind } from '../state/subscriptionChanges';
import type { Store } from '../state/store';
import { accountFields, type EventSource, type SandboxEvent } from './source';

/** The engine's action names -> the vendor's order action types (the ones announced). */
const ORDER_ACTIONS: Record<string, string> = {
  create_subscription: 'CreateSubscription',
  renew: 'RenewSubscription',
  cancel: 'CancelSubscription',
  pause: 'Suspend',
  resume: 'Resume',
};
const CLOCK_ACTIONS: Record<SubscriptionChangeKind, string> = {
  renewed: 'RenewSubscription',
  paused: 'Suspend',
  resumed: 'Resume',
};
/** The v2 states -> the vendor's subscription statuses. */
const STATUS: Record<string, string> = {
  active: 'Active',
  canceled: 'Cancelled',
  paused: 'Suspended',
  expired: 'Expired',
};

interface OrderSubscription {
  id?: string;
  subscription_number?: string;
  state?: string;
  version?: number;
  actions?: { type?: string }[];
}

export const subscriptionEvents: EventSource = {
  rank: 1,
  lengths: store => ({ orders: store.orderList.length, changes: store.changes.list.length }),
  since(store, seen) {
    const out: SandboxEvent[] = [];
    for (const o of store.orderList.slice(seen.orders)) {
      for (const s of o.subscriptions as OrderSubscription[]) {
        for (const a of s.actions ?? []) {
          const type = ORDER_ACTIONS[a.type ?? ''];
          if (!type || !s.subscription_number) continue;
          if (type === 'Suspend' && s.state !== 'paused') continue; // a later pause: the clock announces it
          const fields = { 'Order.OrderNumber': o.order_number, 'Order.Id': o.id };
          out.push(actionEvent(store, type, o.order_date, s.subscription_number, o.account_number, fields, s));
        }
      }
    }
    for (const c of store.changes.list.slice(seen.changes)) {
      const s = { state: c.kind === 'paused' ? 'paused' : 'active', version: c.version };
      out.push(actionEvent(store, CLOCK_ACTIONS[c.kind], c.date, c.subscription_number, c.account_number, {}, s));
    }
    return out;
  },
};

function actionEvent(
  store: Store,
  type: string,
  date: string,
  number: string,
  accountNumber: string,
  extra: Record<string, string>,
  s: Pick<OrderSubscription, 'state' | 'version'>,
): SandboxEvent {
  const id = store.subscriptions.get(number)?.id ?? number;
  return {
    type: 'OrderActionProcessed',
    date,
    objectId: id,
    fields: {
      'OrderAction.Type': type,
      'OrderAction.EffectiveDate': date,
      ...extra,
      'Subscription.Id': id,
      'Subscription.SubscriptionNumber': number,
      ...(s.version !== undefined ? { 'Subscription.Version': String(s.version) } : {}),
      ...(s.state && STATUS[s.state] ? { 'Subscription.Status': STATUS[s.state] } : {}),
      ...accountFields(store, accountNumber),
    },
  };
}
