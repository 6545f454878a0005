// The v2 request bodies of the real service as zod schemas: the one source of truth. The editor's
// JSON Schemas are generated from these (jsonSchemas.ts), and `validate` checks against them. The shapes
// live by resource in account.ts, paymentMethod.ts, subscription.ts and order.ts.
import type * as z from 'zod';
import { Account } from './account';
import { OrderRequest, PreviewRequest } from './order';
import { SubscriptionRequest, Term } from './subscription';
import { LineItem } from './order';

export { date } from './common';
export { Account, Address, Contact, PreviewAccount } from './account';
export { CARD_BRANDS, PaymentMethod, PAYMENT_METHOD_TYPES } from './paymentMethod';
export { INTERVALS, PriceEntry, SubscriptionPlanRequest, SubscriptionRequest, Term, TERM_TYPES } from './subscription';
export { LINE_ITEM_TYPES, LineItem, METRICS, OrderRequest, PreviewRequest } from './order';

export type AccountData = z.infer<typeof Account>;
export type OrderRequestBody = z.infer<typeof OrderRequest>;
export type PreviewRequestBody = z.infer<typeof PreviewRequest>;
export type SubscriptionRequestBody = z.infer<typeof SubscriptionRequest>;
export type TermBody = z.infer<typeof Term>;
export type LineItemBody = z.infer<typeof LineItem>;

export type PayloadKind = 'order' | 'preview' | 'account';
export const SCHEMAS: Record<PayloadKind, z.ZodType> = {
  order: OrderRequest,
  preview: PreviewRequest,
  account: Account,
};
