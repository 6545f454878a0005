// GET /v1/accounts/{accountKey} (GETAccountType): an account in the v1 words (basicInfo, billingAndPayment,
// metrics, contacts). Its metrics are the account's figures (payments/balances.ts: invoices, debit memos, unapplied
// credit memos and payments) as v2 answers them; autoPay and the default payment method as kept; contractedMrr sums its active subscriptions.
import { accountMoney } from '../v2/paymentViews';
import { roundMoney } from '../money/rounding';
import type { AccountRec, Contact, Store } from '../state/store';
import { mrrNow } from './itemFacts';
import { accountMetricsV1 } from './memoViews';
import { batchOf } from '../invoicing/billRunRequest';
export { batchOf };
import { add, ZERO } from '../money/exact';
import { subscriptionsOf } from '../state/seededLookup';

export function accountAnswer(a: AccountRec, store: Store) {
  const subs = subscriptionsOf(store, a.account_number);
  // Exact over every subscription's items, rounded once.
  const items = subs.flatMap(s => s.plans.flatMap(p => p.items.map(it => ({ s, it }))));
  const exactMrr = items.reduce((sum, x) => add(sum, mrrNow(x.s, x.it)), ZERO);
  const mrr = roundMoney(exactMrr, a.currency);
  const money = accountMoney(store, a);
  return {
    success: true,
    basicInfo: { id: a.id, accountNumber: a.account_number, name: a.name, status: 'Active', batch: batchOf(a) },
    billingAndPayment: {
      billCycleDay: a.bill_cycle_day,
      currency: a.currency,
      paymentTerm: 'Due Upon Receipt',
      autoPay: a.details?.auto_pay === true,
      ...(money.default_payment_method_id ? { defaultPaymentMethodId: money.default_payment_method_id } : {}),
      invoiceDeliveryPrefsEmail: false,
      invoiceDeliveryPrefsPrint: false,
    },
    // The reference types these as decimal strings.
    metrics: { ...accountMetricsV1(store, a), contractedMrr: String(mrr) }, // with memos: as v2 answers them
    billToContact: contact(a.bill_to),
    soldToContact: contact(a.sold_to ?? a.bill_to),
  };
}

const V1_ADDRESS: Record<string, string> = {
  line1: 'address1',
  line2: 'address2',
  city: 'city',
  state: 'state',
  county: 'county',
  country: 'country',
  postal_code: 'zipCode',
};

export function contact(c: Contact) {
  const address = (c.address ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const fields: Record<string, string | undefined> = {
    firstName: text(c.first_name),
    lastName: text(c.last_name),
    workEmail: text(c.work_email),
    personalEmail: text(c.email),
    workPhone: text(c.work_phone),
    ...Object.fromEntries(Object.entries(V1_ADDRESS).map(([v2, v1]) => [v1, text(address[v2])])),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
