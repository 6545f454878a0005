// The v1 order request as the sandbox reads it (camelCase, POSTOrderRequestType / POSTOrderPreviewRequestType of
// the reference): only the fields it uses; any other field, custom fields (`Region__c`) included, is ignored.

export const ACTION_TYPES = [
  'CreateSubscription',
  'TermsAndConditions',
  'AddProduct',
  'UpdateProduct',
  'RemoveProduct',
  'RenewSubscription',
  'CancelSubscription',
  'OwnerTransfer',
  'Suspend',
  'Resume',
  'ChangePlan',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Each action type's own block (`createSubscription` for CreateSubscription...). */
export const BLOCK_OF: Record<ActionType, keyof V1Action> = {
  CreateSubscription: 'createSubscription',
  TermsAndConditions: 'termsAndConditions',
  AddProduct: 'addProduct',
  UpdateProduct: 'updateProduct',
  RemoveProduct: 'removeProduct',
  RenewSubscription: 'renewSubscription',
  CancelSubscription: 'cancelSubscription',
  OwnerTransfer: 'ownerTransfer',
  Suspend: 'suspend',
  Resume: 'resume',
  ChangePlan: 'changePlan',
};

export const PREVIEW_TYPES = [
  'ChargeMetrics',
  'BillingDocs',
  'OrderDeltaMetrics',
  'OrderMetrics',
  'RampMetrics',
  'RampDeltaMetrics',
] as const;
export const PREVIEW_THRU_TYPES = ['SpecificDate', 'TermEnd', 'NumberOfPeriods'] as const;

export interface V1Pricing {
  listPrice?: number;
  quantity?: number;
}
/** `pricing` holds one block per charge model (recurringPerUnit, recurringFlatFee, oneTimeFlatFee...). */
export type V1PricingBlocks = Record<string, V1Pricing | undefined>;
export interface V1ChargeOverride {
  productRatePlanChargeId?: string;
  pricing?: V1PricingBlocks;
}
export interface V1RatePlan {
  productRatePlanId?: string;
  productRatePlanNumber?: string;
  chargeOverrides?: V1ChargeOverride[];
}
export interface V1ChargeUpdate {
  chargeNumber?: string;
  productRatePlanChargeId?: string;
  pricing?: V1PricingBlocks;
}
export interface V1RatePlanUpdate {
  ratePlanId?: string;
  subscriptionRatePlanNumber?: string;
  productRatePlanNumber?: string;
  chargeUpdates?: V1ChargeUpdate[];
}
export interface V1RatePlanRemove {
  ratePlanId?: string;
  subscriptionRatePlanNumber?: string;
  productRatePlanNumber?: string;
}
export interface V1Term {
  termType?: 'TERMED' | 'EVERGREEN';
  period?: number;
  periodType?: 'Month' | 'Year' | 'Day' | 'Week';
  startDate?: string;
}
export interface V1RenewalTerm {
  period?: number;
  periodType?: V1Term['periodType'];
}
export interface V1Terms {
  /** "true"/"false" in quotes is read as the boolean (check.ts takes it, translate.ts converts it). */
  autoRenew?: boolean | 'true' | 'false';
  initialTerm?: V1Term;
  renewalSetting?: 'RENEW_WITH_SPECIFIC_TERM' | 'RENEW_TO_EVERGREEN';
  renewalTerms?: V1RenewalTerm[];
}
export interface V1Action {
  type?: ActionType;
  triggerDates?: { name?: string; triggerDate?: string }[];
  createSubscription?: { subscriptionNumber?: string; subscribeToRatePlans?: V1RatePlan[]; terms?: V1Terms };
  addProduct?: V1RatePlan;
  updateProduct?: V1RatePlanUpdate;
  removeProduct?: V1RatePlanRemove;
  renewSubscription?: object;
  cancelSubscription?: { cancellationPolicy?: string; cancellationEffectiveDate?: string };
  suspend?: {
    suspendPolicy?: string;
    suspendSpecificDate?: string;
    suspendPeriods?: number;
    suspendPeriodsType?: string;
  };
  resume?: {
    resumePolicy?: string;
    resumeSpecificDate?: string;
    resumePeriods?: number;
    resumePeriodsType?: string;
    extendsTerm?: boolean;
  };
  termsAndConditions?: V1Terms & { lastTerm?: V1Term };
  ownerTransfer?: { destinationAccountNumber?: string };
  changePlan?: object;
}
export interface V1Contact {
  firstName?: string;
  lastName?: string;
  workEmail?: string;
  personalEmail?: string;
  workPhone?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  county?: string;
  country?: string;
  zipCode?: string;
}
export const LINE_ITEM_TYPES = ['Product', 'Fee', 'Services'] as const;
export interface V1LineItem {
  itemName?: string;
  itemType?: (typeof LINE_ITEM_TYPES)[number];
  productCode?: string;
  amountPerUnit?: number;
  quantity?: number;
  transactionStartDate?: string;
}
export interface V1OrderBody {
  orderDate?: string;
  orderNumber?: string;
  description?: string;
  existingAccountNumber?: string;
  existingAccountId?: string;
  newAccount?: {
    name?: string;
    currency?: string;
    billCycleDay?: number;
    billToContact?: V1Contact;
    soldToContact?: V1Contact;
  };
  previewAccountInfo?: { currency?: string; billCycleDay?: number };
  subscriptions?: { subscriptionNumber?: string; orderActions?: V1Action[] }[];
  orderLineItems?: V1LineItem[];
  previewOptions?: {
    previewTypes?: string[];
    previewThruType?: (typeof PREVIEW_THRU_TYPES)[number];
    previewNumberOfPeriods?: number;
    specificPreviewThruDate?: string;
  };
}
