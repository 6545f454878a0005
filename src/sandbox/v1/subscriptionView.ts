// GET /v1/subscriptions/{subscriptionKey} (GETSubscriptionByKeyWithSuccess): a subscription as it stands, with its
// rate plans and charges (a removed plan stays listed, marked lastChangeType Remove, as the service lists it).
import { roundMoney } from '../money/rounding';
import type { Term } from '../state/subscriptionParts';
import { currentTerm, type AccountRec, type ItemRec, type PlanRec, type SubscriptionRec } from '../state/store';
import { findPlan } from '../state/activeCatalog';
import { mrrNow, productOf, tcvNow, total } from './itemFacts';
import { V1_PERIOD_TYPE, V1_STATUS_OF } from './names';

const CHARGE_TYPE = { recurring: 'Recurring', one_time: 'OneTime', usage: 'Usage' } as const;
const CHARGE_MODEL = {
  per_unit: 'Per Unit Pricing',
  flat_fee: 'Flat Fee Pricing',
  tiered: 'Tiered Pricing',
  volume: 'Volume Pricing',
  discount_percentage: 'Discount-Percentage',
  discount_fixed_amount: 'Discount-Fixed Amount',
} as const;
const BILLING_PERIOD = { month: 'Month', quarter: 'Quarter', semi_annual: 'Semi-Annual', year: 'Annual' } as const;

const dated = (key: string, value: string | null) => (value ? { [key]: value } : {});

/** A term's length and unit in v1 words; an evergreen term has none. */
function termFields(prefix: 'initialTerm' | 'currentTerm' | 'renewalTerm', t: Term) {
  if (t.type !== 'termed' || !t.interval) return {};
  return { [prefix]: t.interval_count ?? 1, [`${prefix}PeriodType`]: V1_PERIOD_TYPE[t.interval] };
}

export function subscriptionAnswer(s: SubscriptionRec, account: AccountRec | undefined) {
  const charges = s.plans.flatMap(p => p.items);
  const currency = account?.currency;
  const mrr = roundMoney(
    total(charges, it => mrrNow(s, it)),
    currency,
  );
  const tcv = roundMoney(
    total(charges, it => tcvNow(s, it)),
    currency,
  );
  const owner = account
    ? {
        accountId: account.id,
        accountName: account.name,
        accountNumber: account.account_number,
        invoiceOwnerAccountId: account.id,
        invoiceOwnerAccountName: account.name,
        invoiceOwnerAccountNumber: account.account_number,
        currency: account.currency,
      }
    : { accountNumber: s.account_number, invoiceOwnerAccountNumber: s.account_number };
  return {
    success: true,
    id: s.id,
    subscriptionNumber: s.subscription_number,
    ...owner,
    status: V1_STATUS_OF[s.state],
    version: s.version,
    isLatestVersion: true,
    orderNumber: s.order_number,
    autoRenew: s.auto_renew,
    termType: s.initial_term.type === 'termed' ? 'TERMED' : 'EVERGREEN',
    ...termFields('initialTerm', s.initial_term),
    ...termFields('currentTerm', currentTerm(s)),
    ...termFields('renewalTerm', s.renewal_term),
    renewalSetting: s.renewal_term.type === 'evergreen' ? 'RENEW_TO_EVERGREEN' : 'RENEW_WITH_SPECIFIC_TERM',
    contractEffectiveDate: s.contract_effective,
    serviceActivationDate: s.contract_effective,
    customerAcceptanceDate: s.contract_effective,
    subscriptionStartDate: s.start_date,
    ...dated('subscriptionEndDate', s.end_date),
    termStartDate: s.current_term_start,
    ...dated('termEndDate', s.current_term_end),
    invoiceSeparately: false,
    notes: '',
    contractedMrr: mrr,
    totalContractedValue: tcv,
    ratePlans: s.plans.map(p => ratePlan(s, p, currency)),
    ...(s.custom_fields ?? {}),
  };
}

function ratePlan(s: SubscriptionRec, p: PlanRec, currency: string | undefined) {
  const product = productOf(p.plan_id);
  return {
    id: p.id,
    productRatePlanId: p.plan_id,
    ratePlanName: findPlan(p.plan_id)?.name ?? p.plan_id,
    ...(product ? { productId: product.id, productName: product.name } : {}),
    ...(p.removed ? { lastChangeType: 'Remove' } : {}),
    contractedMrr: roundMoney(
      total(p.items, it => mrrNow(s, it)),
      currency,
    ),
    ratePlanCharges: p.items.map(it => charge(s, it, currency)),
  };
}

function charge(s: SubscriptionRec, it: ItemRec, currency: string | undefined) {
  return {
    id: it.id,
    number: it.subscription_item_number,
    name: it.name,
    productRatePlanChargeId: it.price_id,
    type: CHARGE_TYPE[it.charge_type],
    model: CHARGE_MODEL[it.charge_model],
    ...(it.billing_period ? { billingPeriod: BILLING_PERIOD[it.billing_period] } : {}),
    ...(it.unit_of_measure ? { uom: it.unit_of_measure } : {}),
    quantity: it.quantity,
    price: it.unit_amount,
    mrr: roundMoney(mrrNow(s, it), currency),
    tcv: roundMoney(tcvNow(s, it), currency),
    effectiveStartDate: it.start_date,
    ...dated('effectiveEndDate', it.end_date),
    version: s.version,
  };
}
