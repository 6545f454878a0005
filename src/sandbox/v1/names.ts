// The engine's action names (the v2 ones) and the v1 order action types: one to one.
import type { ActionName } from '../engine/orderTypes';
import type { ActionType } from './body';

export const V1_TYPE_OF: Record<ActionName, ActionType> = {
  create_subscription: 'CreateSubscription',
  add_subscription_plan: 'AddProduct',
  update_subscription_plan: 'UpdateProduct',
  remove_subscription_plan: 'RemoveProduct',
  terms: 'TermsAndConditions',
  owner_transfer: 'OwnerTransfer',
  renew: 'RenewSubscription',
  cancel: 'CancelSubscription',
  pause: 'Suspend',
  resume: 'Resume',
};

/** v1 status words of a subscription (the create answer's enum: Active, Cancelled, Suspended, Expired...). */
export const V1_STATUS_OF = {
  active: 'Active',
  canceled: 'Cancelled',
  paused: 'Suspended',
  expired: 'Expired',
} as const;

/** The engine's term and the v1 one: `{type, interval, interval_count}` and `{termType, periodType, period}`. */
export const V1_PERIOD_TYPE = { day: 'Day', week: 'Week', month: 'Month', year: 'Year' } as const;
