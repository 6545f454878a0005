// v1 object API names of spec 01 (GET /v1/describe/{object}); field lists for the three the tree uses.
export const V1_OBJECT_NAMES =
  'Account AccountingCode AccountingPeriod Amendment ApplicationGroup BillingRun BillingPreviewRun ConfigurationTemplates Contact ContactSnapshot CreditBalanceAdjustment CreditMemo CreditMemoApplication CreditMemoApplicationItem CreditMemoItem CreditMemoPart CreditMemoPartItem CreditTaxationItem FXCustomRate DebitMemo DebitMemoItem DebitTaxationItem DiscountAppliedMetrics Tenant Fulfillment Feature PaymentGatewayReconciliationEventLog PaymentReconciliationJob PaymentReconciliationLog Invoice InvoiceAdjustment InvoiceItem InvoiceItemAdjustment InvoicePayment InvoiceSchedule InvoiceScheduleItem JournalEntry JournalEntryItem JournalRun CalloutHistory EmailHistory Order OrderAction OrderElp OrderLineItems OrderItem OrderMrr OrderQuantity OrderTcb OrderTcv Payment PaymentApplication PaymentApplicationItem PaymentMethod PaymentMethodSnapshot PaymentMethodTransactionLog UpdaterDetail PaymentPart PaymentPartItem PaymentRun PaymentTransactionLog ProcessedUsage Product ProductChargeDefinition ProductFeature ProductRatePlan ProductRatePlanDefinition ProductRatePlanCharge ProductRatePlanChargeTier RatePlan RatePlanCharge RatePlanChargeTier Refund RefundApplication RefundApplicationItem RefundInvoicePayment RefundPart RefundPartItem RefundTransactionLog RevenueChargeSummary RevenueChargeSummaryItem RevenueEvent RevenueEventCreditMemoItem RevenueEventDebitMemoItem RevenueEventInvoiceItem RevenueEventInvoiceItemAdjustment RevenueEventItem RevenueEventItemCreditMemoItem RevenueEventItemDebitMemoItem RevenueEventItemInvoiceItem RevenueEventItemInvoiceItemAdjustment RevenueEventType RevenueSchedule RevenueScheduleCreditMemoItem RevenueScheduleDebitMemoItem RevenueScheduleInvoiceItem RevenueScheduleInvoiceItemAdjustment RevenueScheduleItem RevenueScheduleItemCreditMemoItem RevenueScheduleItemDebitMemoItem RevenueScheduleItemInvoiceItem RevenueScheduleItemInvoiceItemAdjustment Subscription SubscriptionProductFeature TaxableItemSnapshot TaxationItem UpdaterBatch Usage'.split(
    ' ',
  );

export const DESCRIBED_FIELDS: Record<string, string[]> = {
  Account: [
    'Id',
    'AccountNumber',
    'Name',
    'Currency',
    'BillCycleDay',
    'Status',
    'BillToId',
    'SoldToId',
    'CreatedDate',
    'UpdatedDate',
  ],
  Order: [
    'Id',
    'OrderNumber',
    'AccountId',
    'OrderDate',
    'Description',
    'Status',
    'Category',
    'CreatedDate',
    'UpdatedDate',
  ],
  Subscription: [
    'Id',
    'Name',
    'AccountId',
    'Status',
    'Version',
    'TermType',
    'InitialTerm',
    'RenewalTerm',
    'TermStartDate',
    'TermEndDate',
    'ContractEffectiveDate',
    'AutoRenew',
    'CreatedDate',
    'UpdatedDate',
  ],
};
