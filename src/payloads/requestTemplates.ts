// The bodies a new request file starts with. The common operations get realistic bodies that validate
// clean (orders and order previews one per order action type, accounts, payments, refunds, subscription
// cancel/renew/suspend/resume, payment methods), with the connection's plan and charge ids when a catalog is
// loaded and the Local sandbox's seeded ones otherwise; v2: requestTemplatesV2); every other operation gets its
// required fields, each with a value that shows what goes there (from the contract).
import { requestContract } from '../contract';
import { TEMPLATES } from '../schemas';
import { V2_BODY_KINDS } from './requestFindings';
import { V2_CURATED } from './requestTemplatesV2';

export interface RequestTemplate {
  label: string;
  detail: string;
  body: unknown;
}

export interface TemplateHints {
  /** A product rate plan and one of its charges (`plan_id`/`price_id` in v2). */
  planId?: string;
  chargeId?: string;
  accountNumber?: string;
  subscriptionNumber?: string;
  /** YYYY-MM-DD: the order and effective dates. */
  today: string;
}

const SEEDED = { planId: 'plan-team-monthly', chargeId: 'price-team-seats', accountNumber: 'A00000001' };
const ORDER_ACTIONS = [
  'CreateSubscription',
  'AddProduct',
  'UpdateProduct',
  'RemoveProduct',
  'ChangePlan',
  'RenewSubscription',
  'CancelSubscription',
  'Suspend',
  'Resume',
  'TermsAndConditions',
  'OwnerTransfer',
] as const;
type OrderActionType = (typeof ORDER_ACTIONS)[number];

/** Templates for an operation, the most common first; empty when it takes no JSON body. */
export function requestTemplates(operationId: string, hints: TemplateHints): RequestTemplate[] {
  const kind = V2_BODY_KINDS[operationId];
  if (kind)
    return TEMPLATES.filter(t => t.kind === kind).map(t => ({ label: t.label, detail: t.detail, body: t.body }));
  const h = { ...SEEDED, subscriptionNumber: 'S00000001', ...definedOnly(hints) };
  const curated = (CURATED[operationId] ?? V2_CURATED[operationId])?.(h);
  if (curated) return curated;
  const body = requestContract(operationId).template(operationId);
  return body === undefined
    ? []
    : [{ label: 'Required fields', detail: 'each with a value that shows what goes there', body }];
}

type Hints = Required<TemplateHints>;

const CURATED: Record<string, (h: Hints) => RequestTemplate[]> = {
  'POST /v1/orders': h => ORDER_ACTIONS.map(type => orderTemplate(type, h, false)),
  'POST /v1/orders/preview': h => ORDER_ACTIONS.map(type => orderTemplate(type, h, true)),
  'POST /v1/accounts': h => [
    {
      label: 'New account',
      detail: 'name, currency, bill cycle day, bill-to contact',
      body: {
        name: 'Acme Robotics',
        currency: 'USD',
        billCycleDay: 1,
        autoPay: false,
        paymentTerm: 'Net 30',
        billToContact: contact(),
        soldToContact: contact(),
        Region__c: 'EMEA',
        notes: `Created ${h.today}`,
      },
    },
  ],
  'PUT /v1/accounts/{account-key}': () => [
    {
      label: 'Update an account',
      detail: 'the fields to change',
      body: { name: 'Acme Robotics GmbH', billCycleDay: 15, billToContact: { workEmail: 'billing@acme.example' } },
    },
  ],
  'POST /v1/payments': h => [
    {
      label: 'External payment applied to an invoice',
      detail: 'amount, currency, type, the invoice it pays',
      body: {
        accountNumber: h.accountNumber,
        amount: 350,
        currency: 'USD',
        type: 'External',
        paymentMethodType: 'Check',
        effectiveDate: h.today,
        invoices: [{ invoiceId: 'invoiceId-1', amount: 350 }],
        comment: 'Paid by check',
      },
    },
  ],
  'POST /v1/payments/{paymentKey}/refunds': h => [
    {
      label: 'External refund of a payment',
      detail: 'total amount and type',
      body: { totalAmount: 50, type: 'External', methodType: 'Check', refundDate: h.today, comment: 'Goodwill refund' },
    },
  ],
  'PUT /v1/subscriptions/{subscription-key}/cancel': h => [
    {
      label: 'Cancel at the end of the current term',
      detail: 'cancellationPolicy EndOfCurrentTerm',
      body: { cancellationPolicy: 'EndOfCurrentTerm' },
    },
    {
      label: 'Cancel on a date',
      detail: 'cancellationPolicy SpecificDate',
      body: { cancellationPolicy: 'SpecificDate', cancellationEffectiveDate: h.today },
    },
  ],
  'PUT /v1/subscriptions/{subscription-key}/renew': h => [
    { label: 'Renew', detail: 'start the next term', body: { orderDate: h.today } },
  ],
  'PUT /v1/subscriptions/{subscription-key}/suspend': h => [
    {
      label: 'Suspend today, resume on a date',
      detail: 'suspendPolicy Today, resumePolicy SpecificDate',
      body: { suspendPolicy: 'Today', resume: true, resumePolicy: 'SpecificDate', resumeSpecificDate: h.today },
    },
  ],
  'PUT /v1/subscriptions/{subscription-key}/resume': () => [
    { label: 'Resume today', detail: 'resumePolicy Today', body: { resumePolicy: 'Today', extendsTerm: true } },
  ],
  'POST /v1/payment-methods': h => [
    {
      label: 'Card (test number)',
      detail: 'CreditCard: holder, number, expiry',
      body: {
        accountKey: h.accountNumber,
        type: 'CreditCard',
        cardType: 'Visa',
        cardNumber: '4111111111111111',
        expirationMonth: 12,
        expirationYear: Number(h.today.slice(0, 4)) + 3,
        securityCode: '123',
        cardHolderInfo: {
          cardHolderName: 'Ada Lovelace',
          addressLine1: '1 Main St',
          city: 'Springfield',
          country: 'United States',
          zipCode: '12345',
        },
        makeDefault: true,
      },
    },
    {
      label: 'ACH bank account',
      detail: 'ACH: routing and account numbers',
      body: {
        accountKey: h.accountNumber,
        type: 'ACH',
        bankABACode: '011000015',
        bankAccountName: 'Acme Robotics',
        bankAccountNumber: '1234567890',
        bankAccountType: 'BusinessChecking',
        bankName: 'Example Bank',
      },
    },
  ],
};

function orderTemplate(type: OrderActionType, h: Hints, preview: boolean): RequestTemplate {
  const creates = type === 'CreateSubscription';
  const subscription = {
    ...(creates ? {} : { subscriptionNumber: h.subscriptionNumber }),
    orderActions: [{ type, triggerDates: triggerDates(h.today), ...actionBlock(type, h) }],
  };
  const body: Record<string, unknown> = {
    orderDate: h.today,
    existingAccountNumber: h.accountNumber,
    subscriptions: [subscription],
  };
  if (preview)
    body.previewOptions = {
      previewThruType: 'NumberOfPeriods',
      previewNumberOfPeriods: 3,
      previewTypes: ['ChargeMetrics', 'OrderDeltaMetrics', 'BillingDocs'],
    };
  else body.processingOptions = { runBilling: false };
  const label = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return { label: `${preview ? 'Preview' : 'Order'}: ${label}`, detail: `orderActions[0].type ${type}`, body };
}

function actionBlock(type: OrderActionType, h: Hints): Record<string, unknown> {
  const plan = {
    productRatePlanId: h.planId,
    chargeOverrides: [{ productRatePlanChargeId: h.chargeId, pricing: { recurringPerUnit: { quantity: 10 } } }],
  };
  switch (type) {
    case 'CreateSubscription':
      return {
        createSubscription: {
          terms: {
            initialTerm: { termType: 'TERMED', period: 12, periodType: 'Month', startDate: h.today },
            renewalSetting: 'RENEW_WITH_SPECIFIC_TERM',
            renewalTerms: [{ period: 12, periodType: 'Month' }],
            autoRenew: true,
          },
          subscribeToRatePlans: [plan],
        },
      };
    case 'AddProduct':
      return { addProduct: plan };
    case 'UpdateProduct':
      return {
        updateProduct: {
          ratePlanId: 'ratePlanId-1',
          chargeUpdates: [{ chargeNumber: 'C-00000001', pricing: { recurringPerUnit: { quantity: 20 } } }],
        },
      };
    case 'RemoveProduct':
      return { removeProduct: { ratePlanId: 'ratePlanId-1' } };
    case 'ChangePlan':
      return {
        changePlan: {
          productRatePlanId: 'ratePlanId-1',
          newProductRatePlan: { productRatePlanId: h.planId },
          subType: 'Upgrade',
        },
      };
    case 'RenewSubscription':
      return { renewSubscription: {} };
    case 'CancelSubscription':
      return { cancelSubscription: { cancellationPolicy: 'EndOfCurrentTerm' } };
    case 'Suspend':
      return { suspend: { suspendPolicy: 'Today' } };
    case 'Resume':
      return { resume: { resumePolicy: 'Today', extendsTerm: true } };
    case 'TermsAndConditions':
      return {
        termsAndConditions: {
          autoRenew: true,
          lastTerm: { termType: 'TERMED', period: 24, periodType: 'Month' },
        },
      };
    case 'OwnerTransfer':
      return { ownerTransfer: { destinationAccountNumber: 'A00000002', destinationInvoiceAccountNumber: 'A00000002' } };
  }
}

const triggerDates = (date: string) =>
  ['ContractEffective', 'ServiceActivation', 'CustomerAcceptance'].map(name => ({ name, triggerDate: date }));

const contact = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  workEmail: 'ada@example.com',
  address1: '1 Main St',
  city: 'Springfield',
  state: 'CA',
  country: 'United States',
  zipCode: '12345',
});

function definedOnly(h: TemplateHints): TemplateHints {
  return Object.fromEntries(
    Object.entries(h).filter(([, v]) => v !== undefined && v !== ''),
  ) as unknown as TemplateHints;
}
