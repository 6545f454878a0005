// Talking HTTP to a Local sandbox on loopback, as a v1 client does: a token, then JSON calls.
import type { Sandbox } from '../../src/sandbox';
import { tokenOf } from './sandboxToken';

export interface Answer {
  status: number;
  headers: globalThis.Headers;
  /** The parsed body, as loosely typed as JSON.parse's. */
  json: ReturnType<typeof JSON.parse>;
}

export async function v1Caller(s: Sandbox) {
  const token = await tokenOf(s);
  return async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...extra };
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const r = await fetch(`${s.url}${path}`, { method, headers, body: text });
    return { status: r.status, headers: r.headers, json: JSON.parse(await r.text()) };
  };
}

/** A new customer on the seeded Team plan: 10 seats at 25 USD and the 100 USD platform fee, 12 months. */
export const teamPlan = (seats = 10) => ({
  productRatePlanId: 'plan-team-monthly',
  chargeOverrides: [
    { productRatePlanChargeId: 'price-team-seats', pricing: { recurringPerUnit: { quantity: seats } } },
  ],
});
export const createTeam = (seats = 10) => ({
  type: 'CreateSubscription',
  triggerDates: [{ name: 'ContractEffective', triggerDate: '2027-01-01' }],
  createSubscription: {
    subscribeToRatePlans: [teamPlan(seats)],
    terms: {
      initialTerm: { termType: 'TERMED', period: 12, periodType: 'Month', startDate: '2027-01-01' },
      renewalSetting: 'RENEW_WITH_SPECIFIC_TERM',
      renewalTerms: [{ period: 12, periodType: 'Month' }],
    },
  },
});
export const newAccount = {
  name: 'Acme Robotics',
  currency: 'USD',
  billCycleDay: 1,
  billToContact: { firstName: 'Ada', lastName: 'Lovelace', workEmail: 'ada@example.com', city: 'Springfield' },
};
export const newCustomerOrder = () => ({
  orderDate: '2027-01-01',
  newAccount,
  subscriptions: [{ orderActions: [createTeam()] }],
});
export const PREVIEW_ALL = { previewTypes: ['ChargeMetrics', 'OrderDeltaMetrics', 'BillingDocs'] };
/** A change to the seeded S00000001 (A00000001, plan SP00000001: seats SI00000001, platform SI00000002). */
export const changeOrder = (action: Record<string, unknown>, subscriptionNumber = 'S00000001') => ({
  orderDate: '2027-01-01',
  existingAccountNumber: 'A00000001',
  subscriptions: [{ subscriptionNumber, orderActions: [action] }],
});
