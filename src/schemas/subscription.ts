// Subscriptions of an order: a new subscription (terms, start, plans) or a change to an existing one
// through change containers (add, update, remove, replace plans; terms; renew; cancel; pause; resume).
import * as z from 'zod';
import { Account } from './account';
import { currency, customFields, date, dateOf, deferred, flag, int, num, once, oneOf, text } from './common';

export const TERM_TYPES = ['termed', 'evergreen'] as const;
export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
/** Built with the first subscription (as every part of one below: an account alone needs none). */
export const term = once(() =>
  z
    .strictObject({
      type: oneOf(TERM_TYPES, '`termed` (with `interval` and `interval_count`) or `evergreen` (no end).'),
      interval: oneOf(INTERVALS, 'Unit of the term length. Used with `termed`.'),
      interval_count: int('Number of intervals in the term, 1 or more. Used with `termed`.').min(1),
      start_date: dateOf('First day of the term,'),
      end_date: dateOf('Last day of the term,'),
    })
    .partial()
    .register(z.globalRegistry, { description: 'A subscription term.' }),
);

export const startOn = once(() =>
  z
    .strictObject({
      contract_effective: dateOf('Contract effective date. Required in `start_on`;'),
      service_activation: dateOf('Date the service was activated,').optional(),
      customer_acceptance: dateOf('Date the customer accepted the service,').optional(),
    })
    .register(z.globalRegistry, { description: 'When the action takes effect; holds `contract_effective`.' }),
);

export const COLLECTION_METHODS = ['collect_payment', 'create_invoice', 'process_refund', 'run_billing'] as const;
export const processingOptions = once(() =>
  z
    .strictObject({
      collection_method: oneOf(COLLECTION_METHODS, 'What the service does after the order: bill, collect, refund.'),
      document_date: dateOf('Date of the billing documents,'),
      target_date: dateOf('Date through which charges are billed,'),
      payment_method_id: text('Payment method to collect with.'),
      payment_gateway_id: text('Payment gateway to collect through.'),
      draft_invoice: flag('Leave the invoice as a draft.'),
      refund_reason_code: text('Reason code of a refund.'),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Billing and payment done with the order.' }),
);

const DAYS = Array.from({ length: 31 }, (_, i) => `_${i + 1}`);
export const RECURRING_ON: [string, ...string[]] = [
  '_1',
  ...DAYS.slice(1),
  'subscription_item_start_day',
  'account_cycle_date',
  'subscription_start_day',
  'term_end_day',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];
/** Built when a payload first has one (as each part of a price that most payloads leave out). */
export const recurring = once(() =>
  z
    .strictObject({
      on: oneOf(RECURRING_ON, 'Day the charge recurs on (`_1`-`_31`, a weekday, or a named day).'),
      recurring_on: oneOf(RECURRING_ON, 'Day the charge recurs on.'),
      interval: oneOf(['month', 'year', 'week', 'term', 'day'], 'Billing period unit.'),
      interval_count: int('Number of units in a billing period.'),
      timing: oneOf(['in_advance', 'in_arrears'], 'Bill before or after the period.'),
      alignment_behavior: oneOf(['subscription_start', 'term_start', 'term_end', 'none'], 'How periods align.'),
      duration_interval: oneOf(
        ['day', 'week', 'month', 'year', 'subscription_term', 'billing_period'],
        'Unit of how long the charge lasts.',
      ),
      duration_interval_count: int('How many duration units the charge lasts.'),
      usage: flag('Usage-based charge.'),
      rating_group: oneOf(
        ['billing_period', 'usage_start_date', 'usage_record', 'usage_upload', 'custom_group'],
        'How usage is grouped for rating.',
      ),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Recurrence of the charge.' }),
);

const tier = once(() =>
  z
    .strictObject({
      up_to: num('Upper bound of the tier.'),
      amount: num('Flat amount of the tier.'),
      unit_amount: num('Amount per unit in the tier.'),
    })
    .partial()
    .register(z.globalRegistry, { description: 'A price tier.' }),
);

const overage = once(() =>
  z
    .strictObject({
      type: oneOf(['rolling_window', 'rollover'], 'How unused units are smoothed.'),
      interval_count: int('Periods in a smoothing window.'),
      included_units: num('Units included before overage applies.'),
      credit_unused_units: flag('Credit units not used.'),
      apply_at_end_of_smoothing_period: flag('Apply overage at the end of the smoothing period.'),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Overage settings of a usage charge.' }),
);

const prepayment = once(() =>
  z
    .strictObject({
      quantity: num('Prepaid units.'),
      validity_period: oneOf(
        ['subscription_term', 'annual', 'semi_annual', 'quarter', 'month'],
        'How long units last.',
      ),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Prepayment of the charge.' }),
);

export const TIERS_MODES = [
  'graduated',
  'volume',
  'high_watermark_volume',
  'high_watermark_graduated',
  'graduated_with_overage',
] as const;
export const START_EVENTS = [
  'contract_effective',
  'service_activation',
  'customer_acceptance',
  'specific_date',
] as const;

/** Fields a new price entry and an update of a subscription item have in common. */
const itemFields = once(() => ({
  subscription_item_number: text('Number of the subscription item.'),
  description: text('Description of the item.'),
  recurring: deferred(recurring),
  start_event: oneOf(START_EVENTS, 'Event that starts the charge.'),
  start_date: dateOf('First day of the charge,'),
  end_date: dateOf('Last day of the charge,'),
  tiers: deferred(() => z.array(tier()).register(z.globalRegistry, { description: 'Tiers of a tiered price.' })),
  quantity: num('Quantity. Left out for flat-fee prices.'),
  amount: num('Flat amount, overriding the price.'),
  unit_amount: num('Unit amount, overriding the price.'),
  discount_percent: num('Discount in percent.'),
  apply_discount_to: deferred(() =>
    z
      .array(oneOf(['one_time', 'recurring', 'usage'], 'Charge kind.'))
      .register(z.globalRegistry, { description: 'Kinds of charges the discount applies to.' }),
  ),
  discount_level: oneOf(['account', 'subscription', 'plan'], 'Scope of the discount.'),
  overage: deferred(overage),
  unique_token: text('Your own identifier of the item, before it has one.'),
  prepayment: deferred(prepayment),
  custom_field_per_unit_rate: text('Custom field that holds the unit rate.'),
  custom_field_total_amount: text('Custom field that holds the total amount.'),
  custom_fields: customFields,
}));

export const priceEntry = once(() =>
  z
    .strictObject({
      ...itemFields(),
      price_id: text('Price to subscribe to. Required.'),
      description: itemFields().description.max(500),
      unique_token: itemFields().unique_token.max(50),
      tiers_mode: oneOf(TIERS_MODES, 'How tiers are applied.'),
      discount_amount: num('Discount amount.'),
      price_base_interval: oneOf(['month', 'billing_period', 'week'], 'Period the price is quoted for.'),
      drawdown: deferred(() =>
        z
          .strictObject({ conversion_rate: num('Units per prepaid unit.') })
          .partial()
          .register(z.globalRegistry, { description: 'Drawdown from a prepayment.' }),
      ),
    })
    .partial()
    .required({ price_id: true })
    .register(z.globalRegistry, {
      description: 'A price of the plan, with optional quantity, amounts, discount and dates.',
    }),
);

export const subscriptionPlanRequest = once(() =>
  z
    .strictObject({
      plan_id: text('Plan to subscribe to (or give `plan_number`).'),
      plan_number: text('Number of the plan to subscribe to (instead of `plan_id`).'),
      prices: z
        .array(priceEntry())
        .register(z.globalRegistry, { description: 'Prices of the plan to set; others get their defaults.' }),
      unique_token: text('Your own identifier of the plan, before it has one.'),
      custom_fields: customFields,
    })
    .partial()
    .register(z.globalRegistry, { description: 'A plan of the subscription.' }),
);

const flexibleDocumentSettings = once(() =>
  z
    .strictObject({
      template_id: text('Billing document template.').nullable(),
      sequence_set_id: text('Numbering sequence set.').nullable(),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Billing document settings of the subscription.' }),
);

/**
 * The change containers: built when a payload first changes a subscription (deferred: lazy schemas that say up
 * front they may be left out), not when the validator loads or checks a new subscription.
 */
const changes = once(() => {
  const optionalStart = startOn().optional();

  const AddPlan = z
    .strictObject({
      subscription_plan: subscriptionPlanRequest().meta({ description: 'The plan to add. Required.' }),
      start_on: optionalStart,
    })
    .register(z.globalRegistry, { description: 'A plan to add to the subscription.' });

  const ItemUpdate = z
    .strictObject({ ...itemFields(), id: text('Identifier of the subscription item.') })
    .partial()
    .register(z.globalRegistry, { description: 'A subscription item to change.' });

  const UpdatePlan = z
    .strictObject({
      subscription_plan: z
        .strictObject({
          subscription_plan_id: text('Subscription plan to update.'),
          unique_token: text('Your own identifier of the plan.'),
          subscription_items: z.array(ItemUpdate).register(z.globalRegistry, { description: 'Items to update.' }),
          custom_fields: customFields,
        })
        .partial()
        .register(z.globalRegistry, { description: 'The plan to update. Required.' }),
      start_on: optionalStart,
      start_date: dateOf('Date the update takes effect,').optional(),
    })
    .register(z.globalRegistry, { description: 'A plan of the subscription to update.' });

  const RemovePlan = z
    .strictObject({
      subscription_plan_id: text('Subscription plan to remove.'),
      unique_token: text('Your own identifier of the plan.'),
      start_on: startOn(),
    })
    .partial()
    .register(z.globalRegistry, { description: 'A plan to remove from the subscription.' });

  const ReplacePlan = z
    .strictObject({
      subscription_plan: subscriptionPlanRequest().meta({ description: 'The new plan. Required.' }),
      subscription_plan_id: text('Subscription plan to replace.').optional(),
      previous_plan_id: text('Plan being replaced.').optional(),
      replace_at: oneOf(['now', 'end_of_billing_period', 'specific_date'], 'When the plan is replaced.').optional(),
      replacement_type: oneOf(['upgrade', 'downgrade', 'crossgrade', 'other'], 'Kind of replacement.').optional(),
      start_on: optionalStart,
    })
    .register(z.globalRegistry, { description: 'A plan to replace with another.' });

  const Renew = z
    .strictObject({ start_on: optionalStart })
    .register(z.globalRegistry, { description: 'Renews the subscription.' });

  const Resume = z
    .strictObject({
      resume_date: text('Date the subscription resumes (with `resume_at` left out).'),
      resume_at: oneOf(['pause_date'], 'Resume at the pause date.'),
      extend_term: flag('Extend the term by the paused time.'),
      custom_fields: customFields,
    })
    .partial()
    .register(z.globalRegistry, { description: 'Resumes a paused subscription.' });

  const Cancel = z
    .strictObject({
      cancel_date: text('Date the subscription ends (with `cancel_at` left out).'),
      cancel_at: oneOf(['invoice_period_end', 'subscription_term_end'], 'When the subscription ends.'),
      processing_options: deferred(processingOptions),
      refund_amount: num('Amount to refund.'),
      write_off: flag('Write off the unpaid balance.'),
      write_off_behavior: z
        .strictObject({
          on_account_accounting_code: text('Accounting code for on-account amounts.'),
          deferred_revenue_accounting_code: text('Accounting code for deferred revenue.'),
          recognized_revenue_accounting_code: text('Accounting code for recognized revenue.'),
          revenue_recognition_rule_name: text('Revenue recognition rule.'),
        })
        .partial()
        .register(z.globalRegistry, { description: 'Accounting of the write-off.' }),
      custom_fields: customFields,
    })
    .partial()
    .register(z.globalRegistry, { description: 'Cancels the subscription.' });

  const Pause = z
    .strictObject({
      pause_date: text('Date the subscription pauses (with `pause_at` left out).'),
      pause_at: oneOf(['invoice_period_end'], 'Pause at the end of the invoice period.'),
      pause_interval: oneOf(['month', 'day', 'year', 'week'], 'Unit of the pause length.'),
      pause_interval_count: num('Length of the pause in `pause_interval` units.'),
      resume_behavior: Resume,
      custom_fields: customFields,
    })
    .partial()
    .register(z.globalRegistry, { description: 'Pauses the subscription.' });

  const Terms = z
    .strictObject({
      current_term: term(),
      renewal_term: term(),
      auto_renew: flag('Renew automatically at the end of the term.'),
      start_on: startOn(),
      bill_to_id: text('Bill-to contact.').nullable(),
      sold_to_id: text('Sold-to contact.').nullable(),
      payment_terms: text('Payment term.').nullable(),
      billing_document_settings: deferred(flexibleDocumentSettings),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Change: terms and conditions of the subscription.' });

  const plans = <T extends z.ZodType>(item: T, description: string) =>
    z.array(item).optional().register(z.globalRegistry, { description });

  return {
    add_subscription_plans: plans(AddPlan, 'Change: plans to add.'),
    update_subscription_plans: plans(UpdatePlan, 'Change: plans to update.'),
    remove_subscription_plans: plans(RemovePlan, 'Change: plans to remove.'),
    replace_subscription_plans: plans(ReplacePlan, 'Change: plans to replace.'),
    terms: Terms,
    renew: Renew.meta({ description: 'Change: renews the subscription.' }),
    renewals: plans(Renew, 'Change: renewals of the subscription.'),
    cancel: Cancel.meta({ description: 'Change: cancels the subscription.' }),
    pause: Pause.nullable().meta({ description: 'Change: pauses the subscription (null: no pause).' }),
    resume: Resume.meta({ description: 'Change: resumes a paused subscription.' }),
  };
});

export const subscriptionRequest = once(() =>
  z
    .strictObject({
      subscription_number: text('An existing subscription to change, or the number for a new one.'),
      account_number: text('Owner account of the subscription (instead of `account_data`).'),
      account_id: text('Owner account of the subscription, by id (instead of `account_data`).'),
      account_data: Account.meta({ description: 'A new owner account for the subscription.' }),
      invoice_owner_account_number: text('Account that receives the invoices, when not the owner.'),
      description: text('Description of the subscription.'),
      currency: currency.meta({ description: 'Currency of the subscription (with multiple currencies enabled).' }),
      auto_renew: flag('Renew automatically at the end of the term.'),
      invoice_separately: flag('Invoice this subscription on its own.'),
      initial_term: term().meta({ description: 'Initial term of a new subscription.' }),
      renewal_term: term().meta({ description: 'Renewal term of a new subscription.' }),
      start_on: startOn().meta({ description: 'Start of a new subscription; `order_date` stands in when left out.' }),
      subscription_plans: z
        .array(subscriptionPlanRequest())
        .register(z.globalRegistry, { description: 'Plans of a new subscription.' }),
      processing_options: deferred(processingOptions),
      custom_fields: customFields,
      bill_to_id: text('Bill-to contact.').nullable(),
      sold_to_id: text('Sold-to contact.').nullable(),
      payment_terms: text('Payment term.').nullable(),
      billing_document_settings: deferred(flexibleDocumentSettings),
      add_subscription_plans: deferred(() => changes().add_subscription_plans, 'optional'),
      update_subscription_plans: deferred(() => changes().update_subscription_plans, 'optional'),
      remove_subscription_plans: deferred(() => changes().remove_subscription_plans, 'optional'),
      replace_subscription_plans: deferred(() => changes().replace_subscription_plans, 'optional'),
      terms: deferred(() => changes().terms),
      renew: deferred(() => changes().renew),
      renewals: deferred(() => changes().renewals, 'optional'),
      cancel: deferred(() => changes().cancel),
      pause: deferred(() => changes().pause),
      resume: deferred(() => changes().resume),
    })
    .partial()
    .register(z.globalRegistry, {
      description: 'A new subscription, or a change to `subscription_number` (change containers).',
    }),
);

export { date };
