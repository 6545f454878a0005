// GET /v1/orders/{orderNumber} (GetOrderResponse): any order, v1- or v2-made, read from the order's record: its
// subscriptions and their actions as v1 order actions (type, trigger dates, the type's block).
import type { Action, Subscription, Term } from '../../wire/responses';
import type { OrderRec, Store } from '../state/store';
import { V1_PERIOD_TYPE, V1_TYPE_OF } from './names';
import type { ActionName } from '../engine/orderTypes';
import type { LineItem } from '../engine/orderLines';

/** v1 answers times as `yyyy-mm-dd hh:mm:ss`. */
export const v1Time = (iso: string) => iso.replace('T', ' ').slice(0, 19);

export function orderAnswer(o: OrderRec, store: Store) {
  const subs = o.subscriptions as Subscription[];
  return {
    success: true,
    order: {
      orderNumber: o.order_number,
      orderDate: o.order_date,
      category: 'NewSales',
      status: 'Completed',
      existingAccountNumber: o.account_number,
      ...(store.accounts.get(o.account_number) ? { currency: store.accounts.get(o.account_number)!.currency } : {}),
      createdDate: v1Time(o.created_time),
      createdBy: 'sandbox-client',
      updatedDate: v1Time(o.created_time),
      updatedBy: 'sandbox-client',
      ...(o.line_items.length ? { orderLineItems: (o.line_items as LineItemRec[]).map(lineItem) } : {}),
      subscriptions: subs.map((s, i) => ({
        subscriptionNumber: s.subscription_number,
        sequence: i,
        ...(s.version > 1 ? { baseVersion: s.version - 1 } : {}),
        newVersion: s.version,
        orderActions: s.actions.map(a => orderAction(a, s, store)),
      })),
    },
  };
}

type LineItemRec = LineItem & { id: string; state: string };

function lineItem(li: LineItemRec) {
  return {
    id: li.id,
    itemNumber: li.item_number,
    itemName: li.name,
    itemType: li.type === 'services' ? 'Services' : li.type === 'fee' ? 'Fee' : 'Product',
    itemCategory: 'Sales',
    itemState: 'Booked',
    amountPerUnit: li.unit_amount,
    quantity: li.quantity,
    transactionStartDate: li.start_date,
    amount: li.total,
    amountWithoutTax: li.total,
  };
}

function orderAction(a: Action, s: Subscription, store: Store) {
  const type = a.type as ActionName;
  return {
    id: a.action_id,
    sequence: a.sequence,
    type: V1_TYPE_OF[type] ?? a.type,
    triggerDates: [
      { name: 'ContractEffective', triggerDate: a.start_on.contract_effective },
      { name: 'ServiceActivation', triggerDate: a.start_on.service_activation },
      { name: 'CustomerAcceptance', triggerDate: a.start_on.customer_acceptance },
    ],
    ...block(type, a, s, store),
  };
}

type PlanView = Action['subscription_plans']['data'][number];
type ItemView = PlanView['subscription_items']['data'][number];

/** The action's own block, rebuilt from what the order recorded. */
function block(type: ActionName, a: Action, s: Subscription, store: Store): Record<string, unknown> {
  const plans = a.subscription_plans.data;
  switch (type) {
    case 'create_subscription':
      return {
        createSubscription: {
          subscriptionNumber: s.subscription_number,
          subscribeToRatePlans: plans.map(ratePlanOverride),
          terms: { ...termsOf(s), initialTerm: { ...v1Term(s.initial_term), startDate: s.contract_effective } },
        },
      };
    case 'add_subscription_plan':
      return { addProduct: plans[0] ? ratePlanOverride(plans[0]) : {} };
    case 'update_subscription_plan':
      return {
        updateProduct: {
          ratePlanId: plans[0]?.id,
          chargeUpdates: (plans[0]?.subscription_items.data ?? []).map(i => ({
            chargeNumber: i.subscription_item_number,
            pricing: pricing(i),
          })),
        },
      };
    case 'remove_subscription_plan':
      return { removeProduct: { ratePlanId: plans[0]?.id } };
    case 'terms':
      return { termsAndConditions: { ...termsOf(s), lastTerm: v1Term(s.current_term) } };
    case 'owner_transfer': {
      const owner = store.subscriptions.get(s.subscription_number)?.account_number;
      return { ownerTransfer: owner ? { destinationAccountNumber: owner } : {} };
    }
    case 'renew':
      return { renewSubscription: {} };
    case 'cancel':
      return { cancelSubscription: { cancellationPolicy: 'EndOfCurrentTerm' } };
    case 'pause':
      return { suspend: { suspendPolicy: 'Today' } };
    case 'resume':
      return { resume: { resumePolicy: 'Today' } };
    default:
      return {};
  }
}

function ratePlanOverride(p: PlanView) {
  return {
    productRatePlanId: p.plan_id,
    newRatePlanId: p.id,
    subscriptionRatePlanNumber: p.id,
    // The reference's answer spells it `productRateplanChargeId` (and requires it), unlike the request.
    chargeOverrides: p.subscription_items.data.map(i => ({
      productRateplanChargeId: i.price_id,
      chargeNumber: i.subscription_item_number,
      pricing: pricing(i),
    })),
  };
}

/** The one pricing block of the item's charge model and type (recurringPerUnit, oneTimeFlatFee...). */
function pricing(i: ItemView) {
  const kind = i.charge_type === 'one_time' ? 'oneTime' : 'recurring';
  const perUnit = i.charge_model === 'per_unit';
  return {
    [`${kind}${perUnit ? 'PerUnit' : 'FlatFee'}`]: {
      listPrice: i.unit_amount,
      ...(perUnit ? { quantity: i.quantity } : {}),
    },
  };
}

export function v1Term(t: Term) {
  if (t.type === 'evergreen') return { termType: 'EVERGREEN' };
  const interval = t.interval as keyof typeof V1_PERIOD_TYPE | undefined;
  return {
    termType: 'TERMED',
    ...(t.interval_count !== undefined ? { period: t.interval_count } : {}),
    ...(interval && V1_PERIOD_TYPE[interval] ? { periodType: V1_PERIOD_TYPE[interval] } : {}),
  };
}

function termsOf(s: Subscription) {
  const evergreen = s.renewal_term.type === 'evergreen';
  const { period, periodType } = v1Term(s.renewal_term) as { period?: number; periodType?: string };
  return {
    autoRenew: s.auto_renew,
    renewalSetting: evergreen ? 'RENEW_TO_EVERGREEN' : 'RENEW_WITH_SPECIFIC_TERM',
    renewalTerms: evergreen ? [] : [{ ...(period ? { period } : {}), ...(periodType ? { periodType } : {}) }],
  };
}
