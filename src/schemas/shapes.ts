// The v2 request bodies of the real service as zod schemas: the one source of truth. The editor's
// JSON Schemas are generated from these (jsonSchemas.ts), and `validate` checks against them. The shapes
// live by resource in account.ts, paymentMethod.ts, subscription.ts and order.ts.
import type * as z from 'zod';
import { Account } from './account';
import { lineItem, orderRequest, previewRequest } from './order';
import { subscriptionRequest, term } from './subscription';

export { date } from './common';
export { Account, Address, Contact, previewAccount } from './account';
export { CARD_BRANDS, paymentMethod, PAYMENT_METHOD_TYPES } from './paymentMethod';
export { INTERVALS, priceEntry, subscriptionPlanRequest, subscriptionRequest, term, TERM_TYPES } from './subscription';
export { LINE_ITEM_TYPES, lineItem, METRICS, orderRequest, previewRequest } from './order';

export type AccountData = z.infer<typeof Account>;
export type OrderRequestBody = z.infer<ReturnType<typeof orderRequest>>;
export type PreviewRequestBody = z.infer<ReturnType<typeof previewRequest>>;
export type SubscriptionRequestBody = z.infer<ReturnType<typeof subscriptionRequest>>;
export type TermBody = z.infer<ReturnType<typeof term>>;
export type LineItemBody = z.infer<ReturnType<typeof lineItem>>;

export type PayloadKind = 'order' | 'preview' | 'account';
/** Each kind's schema, built when it is first read: an order file builds no preview (the CLI's start-up). */
export const SCHEMAS: Readonly<Record<PayloadKind, z.ZodType>> = {
  get order() {
    return orderRequest();
  },
  get preview() {
    return previewRequest();
  },
  account: Account,
};
