// Realistic bodies for the common v2 operations, written as the quickstart reference's own examples are and
// checked clean against its closed schemas (test/unit/request-files-v2). Ids the service looks up come from
// the hints (the connection's catalog, else the Local sandbox's seeded account and plan); the few the
// extension cannot know (a payment method, a gateway) are ids of the reference's form, to replace.

/** What requestTemplates gives (its RequestTemplate), from the hints it has filled in. */
interface Template {
  label: string;
  detail: string;
  body: unknown;
}
interface Hints {
  accountNumber: string;
  subscriptionNumber: string;
  planId: string;
  chargeId: string;
  /** YYYY-MM-DD */
  today: string;
}

/** An id of the form the service gives (32 hex digits), for the objects no hint names. */
const CARD_ID = '8ad0887e83163bc7018319b1b6573d80';
const PAYMENT_ID = '8ad09be48db5aa8e018db6fa2c2f5fd1';

const address = {
  line1: '101 Redwood Shores Parkway',
  line2: 'Suite 1150',
  city: 'Redwood City',
  state: 'California',
  country: 'United States',
  postal_code: '94065',
};

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const V2_CURATED: Record<string, (h: Hints) => Template[]> = {
  'POST /v2/contacts': h => [
    {
      label: 'New contact on an account',
      detail: 'name, work email and phone, address',
      body: {
        account_id: h.accountNumber,
        first_name: 'Amy',
        last_name: 'Lawrence',
        work_email: 'amy.lawrence@example.com',
        work_phone: '(888) 976-9056',
        address,
      },
    },
  ],
  'POST /v2/payment_methods': h => [
    {
      label: 'Card (test number)',
      detail: 'type card: number, brand, expiry, billing details',
      body: {
        type: 'card',
        account_id: h.accountNumber,
        is_default: true,
        billing_details: { name: 'Amy Lawrence', email: 'amy.lawrence@example.com', address },
        card: {
          card_number: '4111111111111111',
          brand: 'visa',
          expiry_month: 12,
          expiry_year: Number(h.today.slice(0, 4)) + 3,
          security_code: '123',
        },
      },
    },
  ],
  'POST /v2/subscriptions': h => [
    {
      label: 'Monthly subscription, one plan',
      detail: 'a 12-month term that renews, starting today',
      body: {
        account_id: h.accountNumber,
        auto_renew: true,
        initial_term: { interval_count: 12, interval: 'month', start_date: h.today, type: 'termed' },
        renewal_term: { interval_count: 12, interval: 'month', type: 'termed' },
        start_on: { contract_effective: h.today, service_activation: h.today, customer_acceptance: h.today },
        description: 'Team plan, monthly',
        subscription_plans: [{ plan_id: h.planId, prices: [{ price_id: h.chargeId, quantity: 10 }] }],
      },
    },
  ],
  'POST /v2/subscriptions/{subscription_id}/pause': h => [
    {
      label: 'Pause for a month',
      detail: 'pause_date, one month',
      body: { pause_date: plusDays(h.today, 7), pause_interval: 'month', pause_interval_count: 1 },
    },
  ],
  'POST /v2/subscriptions/{subscription_id}/resume': h => [
    {
      label: 'Resume on a date',
      detail: 'resume_date, the term extended',
      body: { resume_date: h.today, extend_term: true },
    },
  ],
  'POST /v2/subscriptions/{subscription_id}/cancel': h => [
    {
      label: 'Cancel at the end of the term',
      detail: 'cancel_at subscription_term_end',
      body: { cancel_at: 'subscription_term_end' },
    },
    { label: 'Cancel on a date', detail: 'cancel_date', body: { cancel_date: h.today } },
  ],
  'POST /v2/payments': h => [
    {
      label: 'Payment by card',
      detail: 'amount, currency, date, the payment method (replace its id with the card of the account)',
      body: {
        account_id: h.accountNumber,
        amount: 100,
        currency: 'USD',
        payment_date: h.today,
        payment_method_id: CARD_ID,
        description: 'Payment for the November invoice',
      },
    },
  ],
  'POST /v2/refunds': h => [
    {
      label: 'External refund of a payment',
      detail: 'amount, date, method (replace payment_id with the payment refunded)',
      body: {
        payment_id: PAYMENT_ID,
        amount: 5,
        refund_date: h.today,
        refund_method_type: 'check',
        external: true,
        reason_code: 'Standard Refund',
      },
    },
  ],
  'POST /v2/usage_records': h => [
    {
      label: 'Usage of an account',
      detail: 'quantity, unit of measure, start time',
      body: {
        account_number: h.accountNumber,
        subscription_id: h.subscriptionNumber,
        unit_of_measure: 'Each',
        quantity: 4,
        start_time: `${h.today}T00:00:00Z`,
        description: 'API calls',
      },
    },
  ],
  'POST /v2/bill_runs': h => [
    {
      label: 'Bill one account today',
      detail: 'invoice and target date, the account',
      body: { account_number: h.accountNumber, invoice_date: h.today, target_date: h.today, post: false },
    },
    {
      label: 'Bill every account of batch 1',
      detail: 'batches, all bill cycle days, renew',
      body: {
        name: 'Nightly bill run',
        batches: ['Batch1'],
        day_of_month: 'AllBillCycleDays',
        invoice_date: h.today,
        target_date: h.today,
        renew: true,
        email_zero_amount_invoices: false,
      },
    },
  ],
  'POST /v2/bill_runs/{bill_run_id}/post': h => [
    { label: 'Post the bill run', detail: 'its invoices dated invoice_date', body: { invoice_date: h.today } },
  ],
  'POST /v2/invoices/{invoice_id}/post': () => [
    { label: 'Post the draft invoice', detail: 'no body: the invoice in the path is posted', body: {} },
  ],
  'POST /v2/invoices/{invoice_id}/email': () => [
    { label: 'Email the invoice', detail: "no body: sent to the account's bill-to contact", body: {} },
  ],
  'POST /v2/invoices/{invoice_id}/reverse': h => [
    {
      label: 'Reverse the invoice',
      detail: 'a credit memo dated today',
      body: { document_date: h.today, apply_date: h.today },
    },
  ],
  'POST /v2/invoices/{invoice_id}/pay': h => [
    {
      label: 'Pay the invoice by card',
      detail: 'amount, currency, the payment method (replace its id with the card of the account)',
      body: {
        account_number: h.accountNumber,
        amount: 22,
        currency: 'USD',
        payment_date: h.today,
        payment_method_id: CARD_ID,
      },
    },
  ],
  'POST /v2/invoices/{invoice_id}/write-off': h => [
    {
      label: 'Write off the invoice',
      detail: 'a credit memo for its balance',
      body: { document_date: h.today, reason_code: 'Write-off', description: 'Uncollectible balance' },
    },
  ],
};
