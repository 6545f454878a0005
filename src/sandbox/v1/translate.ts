// A v1 order body becomes the engine's (v2) body, so both families share one engine: accounts, subscriptions,
// rate plans and charges are looked up here, so that what does not exist answers a v1 "not found" (40) in the
// v1 words. productRatePlanId is the catalog's plan id (v2 `plan_id`), productRatePlanChargeId its charge id
// (v2 `price_id`); a subscription's ratePlanId is its plan's id, a chargeNumber its item's number.
import type { AccountData, PreviewRequestBody, TermBody } from '../../schemas';
import type { EngineBody, EngineSubscription } from '../engine/orderTypes';
import { resumeOf, suspendOf } from '../engine/pauses';
import { findCharge, findPlan, findPlanByNumber } from '../state/activeCatalog';
import type { PlanRec, Store, SubscriptionRec } from '../state/store';
import type {
  V1Action,
  V1ChargeUpdate,
  V1Contact,
  V1LineItem,
  V1OrderBody,
  V1PricingBlocks,
  V1RatePlan,
  V1RatePlanRemove,
  V1RenewalTerm,
  V1Term,
  V1Terms,
} from './body';
import { CATEGORY, missing, notFoundIn, notServed, v1Error } from './errors';
import { accountById } from '../state/seededLookup';

type PlanInput = NonNullable<EngineSubscription['subscription_plans']>[number];
type PriceInput = NonNullable<PlanInput['prices']>[number];

export function toEngineBody(body: V1OrderBody, store: Store): EngineBody {
  const accountNumber = existingAccount(body, store);
  return {
    order_date: body.orderDate,
    ...(accountNumber !== undefined ? { account_number: accountNumber } : { account_data: accountData(body) }),
    subscriptions: (body.subscriptions ?? []).map(
      (s, i) =>
        subscriptionEntry(
          s.subscriptionNumber,
          s.orderActions ?? [],
          `subscriptions[${i}]`,
          accountNumber,
          store,
          body.orderDate!,
        ), // checked present (check.ts)
    ),
    ...(body.orderLineItems ? { line_items: body.orderLineItems.map(lineItem) } : {}),
  };
}

/** An order line item: one-time, amountPerUnit x quantity (v2 `unit_amount`, `quantity`). */
function lineItem(li: V1LineItem) {
  return {
    name: li.itemName ?? li.productCode ?? 'Line item',
    type: li.itemType ? (li.itemType.toLowerCase() as 'product' | 'fee' | 'services') : ('product' as const),
    ...(li.amountPerUnit !== undefined ? { unit_amount: li.amountPerUnit } : {}),
    ...(li.quantity !== undefined ? { quantity: li.quantity } : {}),
    ...(li.transactionStartDate ? { start_date: li.transactionStartDate } : {}),
  };
}

function existingAccount(body: V1OrderBody, store: Store): string | undefined {
  if (body.existingAccountNumber !== undefined) {
    if (!store.accounts.has(body.existingAccountNumber)) {
      throw notFoundIn('account', `existingAccountNumber: account ${body.existingAccountNumber} does not exist.`);
    }
    return body.existingAccountNumber;
  }
  if (body.existingAccountId !== undefined) {
    const found = accountById(store, body.existingAccountId);
    if (!found) throw notFoundIn('account', `existingAccountId: account ${body.existingAccountId} does not exist.`);
    return found.account_number;
  }
  return undefined;
}

function accountData(body: V1OrderBody): AccountData | PreviewRequestBody['account_data'] {
  const a = body.newAccount;
  if (!a) {
    const info = body.previewAccountInfo!;
    return { currency: info.currency!, bill_cycle_day: info.billCycleDay! };
  }
  return {
    name: a.name!,
    currency: a.currency!,
    bill_cycle_day: a.billCycleDay!,
    bill_to: contact(a.billToContact!),
    ...(a.soldToContact ? { sold_to: contact(a.soldToContact) } : {}),
  } as AccountData;
}

export function contact(c: V1Contact) {
  const address = {
    ...(c.address1 ? { line1: c.address1 } : {}),
    ...(c.address2 ? { line2: c.address2 } : {}),
    ...(c.city ? { city: c.city } : {}),
    ...(c.state ? { state: c.state } : {}),
    ...(c.county ? { county: c.county } : {}),
    ...(c.country ? { country: c.country } : {}),
    ...(c.zipCode ? { postal_code: c.zipCode } : {}),
  };
  return {
    first_name: c.firstName!,
    last_name: c.lastName!,
    ...(c.workEmail ? { work_email: c.workEmail } : {}),
    ...(c.personalEmail ? { email: c.personalEmail } : {}),
    ...(c.workPhone ? { work_phone: c.workPhone } : {}),
    ...(Object.keys(address).length ? { address } : {}),
  };
}

function subscriptionEntry(
  number: string | undefined,
  actions: V1Action[],
  at: string,
  accountNumber: string | undefined,
  store: Store,
  orderDate: string,
): EngineSubscription {
  const create = actions.find(a => a.type === 'CreateSubscription');
  if (create) {
    if (actions.length > 1) {
      throw notServed('subscription', `${at}: changing a new subscription in the order that creates it`);
    }
    return newSubscription(create, `${at}.orderActions[0]`);
  }
  if (!actions.length) return number ? { subscription_number: number } : {};
  if (number === undefined) throw missing('subscription', `${at}.subscriptionNumber`, ' to change a subscription');
  const sub = store.subscriptions.get(number);
  if (!sub || sub.account_number !== accountNumber) {
    throw notFoundIn('subscription', `${at}.subscriptionNumber: no subscription ${number} on this account.`);
  }
  const entry: EngineSubscription = { subscription_number: number };
  actions.forEach((a, j) => change(entry, a, sub, `${at}.orderActions[${j}]`, store, orderDate));
  return entry;
}

function newSubscription(a: V1Action, at: string): EngineSubscription {
  const c = a.createSubscription!;
  const terms = c.terms;
  const start = triggerDate(a) ?? terms?.initialTerm?.startDate;
  return {
    subscription_plans: (c.subscribeToRatePlans ?? []).map((p, k) =>
      ratePlan(p, `${at}.createSubscription.subscribeToRatePlans[${k}]`),
    ),
    ...(terms?.initialTerm ? { initial_term: term(terms.initialTerm) } : {}),
    ...renewal(terms),
    ...(terms?.autoRenew !== undefined ? { auto_renew: String(terms.autoRenew) === 'true' } : {}),
    ...(start ? { start_on: { contract_effective: start } } : {}),
  };
}

/** One action on an existing subscription, into the engine's change containers. */
function change(
  entry: EngineSubscription,
  a: V1Action,
  sub: SubscriptionRec,
  at: string,
  store: Store,
  orderDate: string,
): void {
  switch (a.type) {
    case 'AddProduct':
      (entry.add_subscription_plans ??= []).push({ subscription_plan: ratePlan(a.addProduct!, `${at}.addProduct`) });
      return;
    case 'UpdateProduct': {
      const u = a.updateProduct!;
      const plan = subscriptionPlan(u, sub, `${at}.updateProduct`);
      const items = (u.chargeUpdates ?? []).map((c, k) =>
        chargeUpdate(c, plan, `${at}.updateProduct.chargeUpdates[${k}]`),
      );
      (entry.update_subscription_plans ??= []).push({
        subscription_plan: { subscription_plan_id: plan.id, subscription_items: items },
      });
      return;
    }
    case 'RemoveProduct':
      (entry.remove_subscription_plans ??= []).push({
        subscription_plan_id: subscriptionPlan(a.removeProduct!, sub, `${at}.removeProduct`).id,
      });
      return;
    case 'RenewSubscription':
      entry.renew = {};
      return;
    case 'CancelSubscription': {
      const c = a.cancelSubscription!;
      if (c.cancellationPolicy === 'SpecificDate' && c.cancellationEffectiveDate) {
        entry.cancel = { cancel_date: c.cancellationEffectiveDate };
      } else {
        entry.cancel = {
          cancel_at: c.cancellationPolicy === 'EndOfLastInvoicePeriod' ? 'invoice_period_end' : 'subscription_term_end',
        };
      }
      return;
    }
    case 'Suspend':
      entry.pause = suspendOf(a.suspend, orderDate); // a later date: paused when the clock reaches it
      return;
    case 'Resume':
      entry.resume = resumeOf(a.resume, sub.pause, orderDate); // a later date: resumed when the clock reaches it
      return;
    case 'TermsAndConditions': {
      const t = a.termsAndConditions!;
      const renewalTerm = renewal(t).renewal_term;
      entry.terms = {
        ...(t.lastTerm ? { current_term: term(t.lastTerm) } : {}),
        ...(renewalTerm ? { renewal_term: renewalTerm } : {}),
        ...(t.autoRenew !== undefined ? { auto_renew: String(t.autoRenew) === 'true' } : {}),
      };
      return;
    }
    case 'OwnerTransfer': {
      const to = a.ownerTransfer!.destinationAccountNumber;
      if (to === undefined) throw missing('subscription', `${at}.ownerTransfer.destinationAccountNumber`);
      if (!store.accounts.has(to)) throw notFoundIn('account', `${at}.ownerTransfer: account ${to} does not exist.`);
      entry.owner_transfer = { account_number: to };
      return;
    }
    default:
      throw notServed('subscription', `${at}: an order action of type ${a.type}`);
  }
}

/** A catalog plan with the charges the request overrides. */
function ratePlan(p: V1RatePlan, at: string): PlanInput {
  for (const [field, what] of [
    ['productRatePlanId', 'id'],
    ['productRatePlanNumber', 'number'],
  ] as const) {
    if (p[field] === '') {
      const message = `${at}.${field} is empty: give the product rate plan's ${what}.`;
      throw v1Error('ratePlan', CATEGORY.invalidValue, message);
    }
  }
  const plan =
    p.productRatePlanId !== undefined ? findPlan(p.productRatePlanId) : findPlanByNumber(p.productRatePlanNumber!);
  if (!plan) {
    const [field, value] =
      p.productRatePlanId !== undefined
        ? ['productRatePlanId', p.productRatePlanId]
        : ['productRatePlanNumber', p.productRatePlanNumber];
    throw notFoundIn('ratePlan', `${at}.${field}: no product rate plan ${value} in the catalog.`);
  }
  const prices = (p.chargeOverrides ?? []).map((c, k): PriceInput => {
    const found = findCharge(c.productRatePlanChargeId!);
    if (!found || found.plan.id !== plan.id) {
      const message = `${at}.chargeOverrides[${k}].productRatePlanChargeId: no charge ${c.productRatePlanChargeId} in product rate plan ${plan.id}.`;
      throw notFoundIn('ratePlanCharge', message);
    }
    return { price_id: found.charge.id, ...pricing(c.pricing) };
  });
  return { plan_id: plan.id, ...(prices.length ? { prices } : {}) };
}

/** The first pricing block the request gives (recurringPerUnit, recurringFlatFee, oneTimeFlatFee...). */
function pricing(blocks: V1PricingBlocks | undefined): { unit_amount?: number; quantity?: number } {
  const p = Object.values(blocks ?? {}).find(b => typeof b === 'object' && b !== null);
  return {
    ...(typeof p?.listPrice === 'number' ? { unit_amount: p.listPrice } : {}),
    ...(typeof p?.quantity === 'number' ? { quantity: p.quantity } : {}),
  };
}

/** The subscription's rate plan an update or removal names (ratePlanId, its number, or its catalog plan's number). */
function subscriptionPlan(ref: V1RatePlanRemove, sub: SubscriptionRec, at: string): PlanRec {
  const key = ref.ratePlanId ?? ref.subscriptionRatePlanNumber;
  const live = sub.plans.filter(p => !p.removed);
  const plan =
    key !== undefined
      ? live.find(p => p.id === key)
      : live.find(p => p.plan_id === findPlanByNumber(ref.productRatePlanNumber ?? '')?.id);
  if (!plan) {
    const what = key ?? ref.productRatePlanNumber ?? '(none given)';
    throw notFoundIn('ratePlan', `${at}: no rate plan ${what} on subscription ${sub.subscription_number}.`);
  }
  return plan;
}

function chargeUpdate(c: V1ChargeUpdate, plan: PlanRec, at: string) {
  const item = plan.items.find(i =>
    c.chargeNumber !== undefined
      ? i.subscription_item_number === c.chargeNumber
      : i.price_id === c.productRatePlanChargeId,
  );
  if (!item) {
    const what = c.chargeNumber ?? c.productRatePlanChargeId ?? '(none given)';
    throw notFoundIn('ratePlanCharge', `${at}: no charge ${what} in rate plan ${plan.id}.`);
  }
  return { subscription_item_number: item.subscription_item_number, ...pricing(c.pricing) };
}

const INTERVAL = { Day: 'day', Week: 'week', Month: 'month', Year: 'year' } as const;

function term(t: V1Term | (V1RenewalTerm & { termType?: V1Term['termType'] })): TermBody {
  if (t.termType === 'EVERGREEN') return { type: 'evergreen' };
  return {
    type: 'termed',
    ...(t.periodType ? { interval: INTERVAL[t.periodType] } : {}),
    ...(t.period !== undefined ? { interval_count: t.period } : {}),
  };
}

function renewal(terms: V1Terms | undefined): { renewal_term?: TermBody } {
  if (terms?.renewalSetting === 'RENEW_TO_EVERGREEN') return { renewal_term: { type: 'evergreen' } };
  const first = terms?.renewalTerms?.[0];
  return first ? { renewal_term: term({ ...first, termType: 'TERMED' }) } : {};
}

/** The ContractEffective trigger date, when the action gives one. */
const triggerDate = (a: V1Action) => a.triggerDates?.find(t => t.name === 'ContractEffective')?.triggerDate;
