// A ready payload for every order scenario of spec 01. The plan and price ids are the local sandbox's
// seeded catalog, and the account and subscription numbers its seeded ones (S00000002 is the paused one),
// so each previews there as is.
import type { PayloadKind } from './shapes';

export interface Template {
  id: string;
  label: string;
  detail: string;
  kind: PayloadKind;
  fileName: string;
  body: Record<string, unknown>;
}

const term = (interval: 'month' | 'year', count: number) => ({ type: 'termed', interval, interval_count: count });
const START = '2027-01-01';
const newAccount = {
  name: 'Acme Robotics',
  currency: 'USD',
  bill_to: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    work_email: 'ada@example.com',
    address: { line1: '1 Main St', city: 'Springfield', country: 'US', postal_code: '12345' },
  },
  bill_cycle_day: 1,
};
// A preview creates no account: it takes only what pricing and tax need.
const previewAccount = { currency: 'USD', bill_cycle_day: 1, sold_to: newAccount.bill_to };
const teamSubscription = {
  initial_term: term('month', 12),
  renewal_term: term('month', 12),
  start_on: { contract_effective: START },
  subscription_plans: [{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] }],
};
const enterpriseSubscription = {
  initial_term: term('year', 1),
  renewal_term: term('year', 1),
  start_on: { contract_effective: START },
  subscription_plans: [{ plan_id: 'plan-enterprise-yearly' }],
};
const change = (entry: Record<string, unknown>, subscription = 'S00000001') => ({
  account_number: 'A00000001',
  order_date: START,
  subscriptions: [{ subscription_number: subscription, ...entry }],
});

export const TEMPLATES: Template[] = [
  {
    id: 'new-customer',
    label: 'New account with subscriptions',
    detail: 'account_data + a monthly per-seat plan',
    kind: 'order',
    fileName: 'new-customer.order.json',
    body: {
      description: 'New customer on the Team plan',
      order_date: START,
      account_data: newAccount,
      subscriptions: [teamSubscription],
    },
  },
  {
    id: 'subscription-and-fee',
    label: 'New subscription and line item on an existing account',
    detail: 'account_number + a yearly plan + an onboarding fee',
    kind: 'order',
    fileName: 'subscription-and-fee.order.json',
    body: {
      account_number: 'A00000001',
      order_date: START,
      subscriptions: [enterpriseSubscription],
      line_items: [{ name: 'Onboarding workshop', type: 'services', unit_amount: 750, quantity: 1, start_date: START }],
    },
  },
  {
    id: 'add-plan',
    label: 'Add a plan to a subscription',
    detail: 'add_subscription_plans',
    kind: 'order',
    fileName: 'add-plan.order.json',
    body: change({
      add_subscription_plans: [
        { subscription_plan: { plan_id: 'plan-onboarding', prices: [{ price_id: 'price-onboarding-setup' }] } },
      ],
    }),
  },
  {
    id: 'update-plan',
    label: 'Update a plan of a subscription',
    detail: 'update_subscription_plans: new unit amount',
    kind: 'order',
    fileName: 'update-plan.order.json',
    body: change({
      update_subscription_plans: [
        {
          subscription_plan: {
            subscription_plan_id: 'SP00000001',
            subscription_items: [{ subscription_item_number: 'SI00000001', unit_amount: 20 }],
          },
        },
      ],
    }),
  },
  {
    id: 'remove-plan',
    label: 'Remove a plan from a subscription',
    detail: 'remove_subscription_plans',
    kind: 'order',
    fileName: 'remove-plan.order.json',
    body: change({ remove_subscription_plans: [{ subscription_plan_id: 'SP00000001' }] }),
  },
  {
    id: 'renew',
    label: 'Renew a subscription',
    detail: 'renew',
    kind: 'order',
    fileName: 'renew.order.json',
    body: change({ renew: {} }),
  },
  {
    id: 'cancel',
    label: 'Cancel a subscription',
    detail: 'cancel',
    kind: 'order',
    fileName: 'cancel.order.json',
    body: change({ cancel: {} }),
  },
  {
    id: 'pause',
    label: 'Pause a subscription',
    detail: 'pause',
    kind: 'order',
    fileName: 'pause.order.json',
    body: change({ pause: {} }),
  },
  {
    id: 'resume',
    label: 'Resume a subscription',
    detail: 'resume',
    kind: 'order',
    fileName: 'resume.order.json',
    body: change({ resume: {} }, 'S00000002'),
  },
  {
    id: 'preview',
    label: 'Preview a new customer order',
    detail: 'metrics: delta_metrics and billing_documents; nothing is created',
    kind: 'preview',
    fileName: 'new-customer.preview.json',
    body: {
      metrics: ['delta_metrics', 'billing_documents'],
      account_data: previewAccount,
      subscriptions: [teamSubscription, enterpriseSubscription],
      line_items: [{ name: 'Setup fee', type: 'fee', unit_amount: 500, quantity: 1, start_date: START }],
    },
  },
  {
    id: 'new-account',
    label: 'New account',
    detail: 'body of POST /v2/accounts',
    kind: 'account',
    fileName: 'acme.account.json',
    body: newAccount,
  },
];

export function templateText(t: Template): string {
  return JSON.stringify(t.body, null, 2) + '\n';
}
