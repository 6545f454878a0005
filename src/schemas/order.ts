// Orders and previews: the bodies of POST /v2/orders and POST /v2/orders/preview.
import * as z from 'zod';
import { Account, previewAccount } from './account';
import { customFields, dateOf, deferred, flag, int, num, once, oneOf, SALE_OR_RETURN, text } from './common';
import { processingOptions, subscriptionRequest } from './subscription';

export const LINE_ITEM_TYPES = ['product', 'fee', 'services'] as const;
export const LINE_ITEM_STATES = ['pending', 'booked', 'sent_to_billing', 'complete', 'canceled'] as const;
/** Built when a payload first has line items (as each part below that most payloads leave out). */
export const lineItem = once(() =>
  z
    .strictObject({
      name: text('Name of the line item. Required.'),
      type: oneOf(LINE_ITEM_TYPES, 'Line item type. Required.'),
      description: text('Description of the line item.').optional(),
      category: oneOf(SALE_OR_RETURN, 'A sale (default) or a return.').optional(),
      state: oneOf(LINE_ITEM_STATES, 'State; `sent_to_billing` to bill it.').optional(),
      item_number: text('Your own number for the line item.').optional(),
      price_id: text('Price the line item is based on.').optional(),
      product_code: text('Product code.').optional(),
      quantity: num('Quantity of units.').optional(),
      unit_of_measure: text('Unit of measure; needed for per-unit prices.').optional(),
      unit_amount: num('Unit amount, overriding the price.').optional(),
      list_unit_price: num('List price per unit.').optional(),
      discount_unit_amount: num('Discount amount per unit.').optional(),
      discount_percent: num('Discount in percent.').optional(),
      start_date: dateOf('Date the transaction starts (default: the order date),').optional(),
      end_date: dateOf('Date the transaction completes, on or after `start_date`;').optional(),
      target_date: dateOf('Date a bill run picks the line item up,').optional(),
      billing_rule: oneOf(
        ['trigger_without_fulfillment', 'trigger_on_fulfillment'],
        'When the item is billed.',
      ).optional(),
      purchase_order_number: text('Purchase order number of the buyer.').optional(),
      related_subscription_number: text('Subscription the line item relates to.').optional(),
      sold_to_id: text('Sold-to contact, for tax.').optional(),
      tax_code: text('Tax code; without one the amount is not taxed.').optional(),
      tax_inclusive: flag('Amounts include tax.').optional(),
      deferred_revenue_account: text('Accounting code for deferred revenue.').max(100).optional(),
      recognized_revenue_account: text('Accounting code for recognized revenue.').max(100).optional(),
      revenue_recognition_rule_name: text('Revenue recognition rule.').optional(),
      revenue: z
        .strictObject({
          exclude_item_billing_from_revenue_accounting: flag('Leave billing out of revenue accounting.'),
          exclude_item_booking_from_revenue_accounting: flag('Leave booking out of revenue accounting.'),
        })
        .partial()
        .optional()
        .register(z.globalRegistry, { description: 'Revenue accounting of the line item.' }),
      custom_fields: customFields.optional(),
    })
    .register(z.globalRegistry, {
      description: 'An order line item: a one-time fee, goods or services, outside subscriptions.',
    }),
);

/** The fields an order and a preview share, made once for each (a shape's parts are not shared between two). */
const orderFields = () => ({
  description: text('Description of the order.'),
  category: oneOf(SALE_OR_RETURN, 'A sale (default) or a return.'),
  order_number: text('Number for the new order; generated when left out. No slash.'),
  order_date: dateOf('Date the order is signed; the contract effective date where one is left out,'),
  account_number: text('An existing account (instead of `account_data`).'),
  account_id: text('An existing account, by id (instead of `account_data`).'),
  line_items: deferred(() => z.array(lineItem()).register(z.globalRegistry, { description: 'Order line items.' })),
  subscriptions: deferred(() =>
    z
      .array(subscriptionRequest())
      .register(z.globalRegistry, { description: 'New subscriptions and changes to existing ones.' }),
  ),
  custom_fields: customFields,
});

export const ORDER_STATES = ['pending', 'complete', 'draft', 'canceled', 'scheduled', 'executing', 'failed'] as const;
/** The body of an order: built when the first order is checked (each payload kind builds only its own). */
export const orderRequest = once(() =>
  z
    .strictObject({
      ...orderFields(),
      account_data: Account.meta({ description: 'A new account for the order (instead of `account_number`).' }),
      processing_options: deferred(processingOptions),
      state: oneOf(ORDER_STATES, 'State of the new order, such as `draft` or `pending`.'),
    })
    .partial()
    .register(z.globalRegistry, {
      title: 'Order',
      description: 'Body of POST /v2/orders: new accounts, subscriptions, changes and line items in one order.',
    }),
);

export const METRICS = ['delta_metrics', 'billing_documents'] as const;
export const previewRequest = once(() =>
  z
    .strictObject({
      ...orderFields(),
      account_data: deferred(previewAccount),
      metrics: z.array(oneOf(METRICS, 'A metric to compute.')).register(z.globalRegistry, {
        description: 'Required. What to compute: `delta_metrics`, `billing_documents` or both.',
      }),
      number_of_periods: int('Number of billing periods to preview.'),
      term_end: flag('Preview to the end of the current term.'),
      end_date: dateOf('Last day of the previewed period,'),
    })
    .partial()
    .required({ metrics: true })
    .register(z.globalRegistry, {
      title: 'Order preview',
      description: 'Body of POST /v2/orders/preview: what an order would bill and change, without creating it.',
    }),
);
