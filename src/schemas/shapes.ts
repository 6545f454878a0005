// The v2 payload shapes of spec 01, as zod schemas: the one source of truth. The editor's JSON Schemas
// are generated from these (jsonSchemas.ts), and `validate` checks against them. Descriptions come from
// the spec's tables and show on hover. Where the spec says "not shown", the service's real values apply.
import * as z from 'zod';
import { CURRENCIES } from './currencies';
import { isRealDate } from './dates';

export const date = z.string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD')
  .refine(isRealDate, 'not a real calendar date')
  .meta({ description: 'Date, YYYY-MM-DD.', examples: ['2026-01-01'] });

const text = (description: string) => z.string().meta({ description });

export const Address = z.strictObject({
  line1: text('First address line.'),
  line2: text('Second address line.'),
  city: text('City.'),
  state: text('State or province.'),
  country: text('Country.'),
  postal_code: text('Postal code.'),
}).partial().meta({ description: 'Address of a contact.' });

const contactFields = {
  first_name: text('First name.'),
  last_name: text('Last name.'),
  address: Address,
  work_phone: text('Work phone number.'),
  work_email: z.string().meta({ description: 'Work e-mail address.' }),
};
export const Contact = z.strictObject(contactFields).partial().meta({ description: 'A contact (sold-to).' });
export const BillToContact = z.strictObject({
  ...contactFields,
  address: Address.optional(),
  work_phone: contactFields.work_phone.optional(),
  work_email: contactFields.work_email.optional(),
}).meta({ description: 'Bill-to contact. `first_name` and `last_name` are required when a new account is created.' });

export const CARD_BRANDS = ['visa', 'mastercard', 'american_express', 'discover', 'jcb', 'diners'] as const;
export const Card = z.strictObject({
  card_number: text('Card number. Use a test card number: real card data does not belong in a file.'),
  brand: z.enum(CARD_BRANDS).meta({ description: 'Card network, lower case.' }),
  expiry_month: z.int().min(1).max(12).meta({ description: 'Expiry month, 1-12.' }),
  expiry_year: z.int().min(1000).max(9999).meta({ description: 'Expiry year, four digits.' }),
  security_code: text('Card security code (CVV). Never store a real one in a file.'),
}).partial().meta({ description: 'Card details of a card payment method.' });

export const PaymentMethod = z.strictObject({
  type: z.string().meta({ description: 'Payment method type; `card` for card payment methods.', examples: ['card'] }),
  billing_details: z.strictObject({ name: text('Name on the card.') }).partial().meta({ description: 'Billing details; holds `name`.' }),
  card: Card,
}).partial().meta({ description: 'Payment method of the account.' });

export const Account = z.strictObject({
  name: text('Account name. Required when a new account is created.'),
  currency: z.enum(CURRENCIES).meta({ description: 'Currency code (ISO 4217). Required when a new account is created.' }),
  bill_to: BillToContact,
  sold_to: Contact.optional(),
  bill_cycle_day: z.int().min(1).max(31).optional().meta({ description: 'Day of the month on which the account is billed, 1-31.' }),
  payment_method: PaymentMethod.optional(),
}).meta({ description: 'Account data: creates a new account (body of POST /v2/accounts, or `account_data` in an order).' });

export const TERM_TYPES = ['termed', 'evergreen'] as const;
export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export const Term = z.strictObject({
  type: z.enum(TERM_TYPES).meta({ description: '`termed` (needs `interval` and `interval_count`) or `evergreen` (only `type`).' }),
  interval: z.enum(INTERVALS).optional().meta({ description: 'Term interval. Used with `termed`.' }),
  interval_count: z.int().min(1).optional().meta({ description: 'Number of intervals in the term, 1 or more. Used with `termed`.' }),
}).meta({ description: 'A subscription term.' });

export const PriceEntry = z.strictObject({
  price_id: text('Price (charge) identifier. Present in every entry.'),
  quantity: z.number().min(0).optional().meta({ description: 'Quantity. Omitted for flat-fee prices.' }),
  unit_amount: z.number().optional().meta({ description: 'Optional override of the price amount.' }),
  start_date: date.optional(),
  end_date: date.optional(),
}).meta({ description: 'A price of the plan, with optional quantity and amount override.' });

export const SubscriptionPlanRequest = z.strictObject({
  plan_id: text('Plan identifier. Required.'),
  prices: z.array(PriceEntry).optional().meta({ description: 'Prices of the plan to set; prices not listed are added with their defaults.' }),
}).meta({ description: 'A plan of a new subscription.' });

const AddPlan = z.strictObject({
  subscription_plan: z.strictObject({
    plan_id: text('Plan identifier.'),
    prices: z.array(PriceEntry).optional(),
  }),
}).meta({ description: 'A plan to add to the subscription.' });

const UpdatePlan = z.strictObject({
  subscription_plan: z.strictObject({
    subscription_plan_id: text('Identifier of the subscription plan to update.'),
    subscription_items: z.array(z.strictObject({
      subscription_item_number: text('Number of the subscription item to update.'),
      unit_amount: z.number().meta({ description: 'New unit amount.' }),
    })).meta({ description: 'Items to update.' }),
  }),
}).meta({ description: 'A plan of the subscription to update.' });

// Payload shapes of remove, renew, cancel, pause and resume are "not shown" by the spec: accept objects.
const RemovePlan = z.looseObject({ subscription_plan_id: text('Identifier of the subscription plan to remove.').optional() })
  .meta({ description: 'A plan to remove from the subscription.' });
const changeObject = (description: string) => z.looseObject({}).meta({ description });

export const SubscriptionRequest = z.strictObject({
  subscription_number: text('Identifies an existing subscription to change. Leave out for a new subscription.').optional(),
  initial_term: Term.optional().meta({ description: 'Initial term of a new subscription. Required for a new subscription.' }),
  renewal_term: Term.optional().meta({ description: 'Renewal term of a new subscription. Required for a new subscription.' }),
  start_on: z.strictObject({ contract_effective: date.meta({ description: 'Contract effective date, YYYY-MM-DD.' }) })
    .optional().meta({ description: 'Start of a new subscription. Required; holds `contract_effective`.' }),
  subscription_plans: z.array(SubscriptionPlanRequest).optional().meta({ description: 'Plans of a new subscription. Required; each needs `plan_id`.' }),
  custom_fields: z.record(z.string(), z.unknown()).optional().meta({ description: 'Map of custom field name to value.' }),
  add_subscription_plans: z.array(AddPlan).optional().meta({ description: 'Change: plans to add.' }),
  update_subscription_plans: z.array(UpdatePlan).optional().meta({ description: 'Change: plans to update.' }),
  remove_subscription_plans: z.array(RemovePlan).optional().meta({ description: 'Change: plans to remove.' }),
  renew: changeObject('Change: renews the subscription.').optional(),
  cancel: changeObject('Change: cancels the subscription.').optional(),
  pause: changeObject('Change: pauses the subscription.').optional(),
  resume: changeObject('Change: resumes a paused subscription.').optional(),
}).meta({ description: 'A new subscription (terms, start and plans) or a change to an existing one (`subscription_number` with change containers, combinable).' });

export const LINE_ITEM_TYPES = ['product', 'fee', 'services'] as const;
export const LineItem = z.strictObject({
  name: text('Name of the line item. Required.'),
  type: z.enum(LINE_ITEM_TYPES).meta({ description: 'Line item type. Required.' }),
  unit_amount: z.number().optional().meta({ description: 'Unit amount.' }),
  quantity: z.number().min(0).optional().meta({ description: 'Quantity.' }),
  start_date: date.optional(),
}).meta({ description: 'An order line item: a non-subscription charge (one-time fee, goods, services).' });

const orderFields = {
  description: text('Description of the order.').optional(),
  account_number: text('Identifies an existing account. Used instead of `account_data`.').optional(),
  account_data: Account.optional(),
  order_date: date.optional().meta({ description: 'Order date, YYYY-MM-DD.' }),
  line_items: z.array(LineItem).optional().meta({ description: 'Order line items.' }),
  subscriptions: z.array(SubscriptionRequest).optional().meta({ description: 'New subscriptions and changes to existing ones.' }),
};

export const OrderRequest = z.strictObject(orderFields)
  .meta({ title: 'Order', description: 'Body of POST /v2/orders: creates an account with subscriptions, changes subscriptions, or adds subscriptions and line items to an existing account.' });

export const METRICS = ['delta_metrics'] as const;
export const PreviewRequest = z.strictObject({
  ...orderFields,
  metrics: z.array(z.enum(METRICS)).meta({ description: 'Required. Metrics to compute: `delta_metrics`.' }),
}).meta({ title: 'Order preview', description: 'Body of POST /v2/orders/preview: computes delta MRR and TCB without creating an order.' });

export type AccountData = z.infer<typeof Account>;
export type OrderRequestBody = z.infer<typeof OrderRequest>;
export type PreviewRequestBody = z.infer<typeof PreviewRequest>;
export type SubscriptionRequestBody = z.infer<typeof SubscriptionRequest>;
export type TermBody = z.infer<typeof Term>;
export type LineItemBody = z.infer<typeof LineItem>;

export type PayloadKind = 'order' | 'preview' | 'account';
export const SCHEMAS: Record<PayloadKind, z.ZodType> = { order: OrderRequest, preview: PreviewRequest, account: Account };
