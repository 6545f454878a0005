// The events the Local sandbox announces (its notification definitions listen to them), by the vendor's event type
// names: shared by the sandbox, the CLI's `listen`, the scenario `callout` step and the editor's Callouts filter.
export const EVENT_TYPES = [
  'OrderProcessed',
  'OrderActionProcessed',
  'InvoicePosted',
  'PaymentProcessed',
  'PaymentDeclined',
  'RefundProcessed',
  'UsageUploaded',
  'BillRunCompletion',
] as const;
export type EventTypeName = (typeof EVENT_TYPES)[number];
