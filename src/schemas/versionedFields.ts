// Spec 01 "Fields under version control": a field usable only within a minor-version range of the
// `service-version` header (default 186.0). Operations are named by catalog id (METHOD path).
export const DEFAULT_VERSION = 186;

const SUB = '/v1/subscriptions/{subscription-key}';
const SUBSCRIPTION_WRITES = ['POST /v1/subscriptions', `PUT ${SUB}`, `PUT ${SUB}/renew`, `PUT ${SUB}/cancel`, `PUT ${SUB}/suspend`, `PUT ${SUB}/resume`, 'POST /v1/accounts'];
const PREVIEW_SUBSCRIPTION = ['POST /v1/subscriptions/preview', `POST ${SUB}/preview`];
const MEMO_FROM_CHARGE = ['POST /v1/credit-memos', 'POST /v1/debit-memos'];
const MEMO_FROM_INVOICE = ['POST /v1/credit-memos/invoice/{invoiceKey}', 'POST /v1/debit-memos/invoice/{invoiceKey}'];
const INVOICE_COLLECT = ['POST /v1/operations/invoice-collect'];
const PS = '/v1/payment-schedules/{paymentScheduleKey}', PSI = '/v1/payment-schedule-items/{item-id}';
const PAYMENT_SCHEDULE_WRITES = [`POST ${PS}/items`, `PUT ${PS}`, `PUT ${PSI}`, `PUT ${PS}/preview`, `PUT ${PS}/cancel`, `PUT ${PSI}/cancel`, `PUT ${PSI}/skip`, 'POST /v1/payment-schedule-items/retry-payment'];

export interface VersionedField { field: string; min?: number; max?: number; operations: string[]; meaning: string }

export const VERSIONED_FIELDS: VersionedField[] = [
  { field: 'invoiceCollect', max: 189, operations: SUBSCRIPTION_WRITES, meaning: 'Generate an invoice and collect payment' },
  { field: 'collect', min: 196, operations: SUBSCRIPTION_WRITES, meaning: 'Collect an automatic payment' },
  { field: 'invoice', min: 196, max: 207, operations: SUBSCRIPTION_WRITES, meaning: 'Generate an invoice' },
  { field: 'invoiceTargetDate', max: 206, operations: PREVIEW_SUBSCRIPTION, meaning: 'Date through which charges are calculated' },
  { field: 'invoiceTargetDate', max: 207, operations: SUBSCRIPTION_WRITES, meaning: 'Date through which charges are calculated' },
  { field: 'targetDate', min: 207, operations: PREVIEW_SUBSCRIPTION, meaning: 'Date through which charges are calculated' },
  { field: 'targetDate', min: 211, operations: SUBSCRIPTION_WRITES, meaning: 'Date through which charges are calculated' },
  { field: 'includeExistingDraftInvoiceItems', max: 206, operations: [...PREVIEW_SUBSCRIPTION, `PUT ${SUB}`], meaning: 'Include draft invoice items in the preview' },
  { field: 'includeExistingDraftDocItems', min: 207, operations: [...PREVIEW_SUBSCRIPTION, `PUT ${SUB}`], meaning: 'Include draft invoice items in the preview' },
  { field: 'runBilling', min: 211, operations: SUBSCRIPTION_WRITES, meaning: 'Generate an invoice or credit memo' },
  { field: 'invoiceDate', max: 214, operations: INVOICE_COLLECT, meaning: 'Date shown on the invoice' },
  { field: 'invoiceTargetDate', max: 214, operations: INVOICE_COLLECT, meaning: 'Date through which charges are calculated' },
  { field: 'documentDate', min: 215, operations: INVOICE_COLLECT, meaning: 'Date shown on the invoice and credit memo' },
  { field: 'targetDate', min: 215, operations: INVOICE_COLLECT, meaning: 'Date through which charges are calculated' },
  { field: 'memoItemAmount', max: 223, operations: MEMO_FROM_CHARGE, meaning: 'Amount of the memo item' },
  { field: 'amount', min: 224, operations: MEMO_FROM_CHARGE, meaning: 'Amount of the memo item' },
  { field: 'chargeId', max: 256, operations: MEMO_FROM_CHARGE, meaning: 'ID of the product rate plan charge' },
  { field: 'productRatePlanChargeId', min: 257, operations: MEMO_FROM_CHARGE, meaning: 'ID of the product rate plan charge' },
  { field: 'comment', max: 256, operations: [...MEMO_FROM_CHARGE, ...MEMO_FROM_INVOICE], meaning: 'Comments' },
  { field: 'description', min: 257, operations: [...MEMO_FROM_CHARGE, ...MEMO_FROM_INVOICE], meaning: 'Description' },
  { field: 'batch', max: 309, operations: ['POST /v1/billing-preview-runs'], meaning: 'Customer batches to include' },
  { field: 'batches', min: 314, operations: ['POST /v1/billing-preview-runs'], meaning: 'Customer batches to include' },
  { field: 'billingDocument', min: 330, operations: ['POST /v1/payment-schedules', 'POST /v1/payment-schedules/batch'], meaning: 'Billing document tied to the payment schedule item' },
  { field: 'paymentId', max: 336, operations: PAYMENT_SCHEDULE_WRITES, meaning: 'ID of the payment linked to the item' },
];

export interface VersionFinding { field: string; message: string; allowedFrom?: number; allowedTo?: number }

const range = (f: VersionedField) => (f.min && f.max ? `${f.min.toFixed(1)} to ${f.max.toFixed(1)}` : f.min ? `${f.min.toFixed(1)} and later` : `${f.max!.toFixed(1)} and earlier`);

/** Top-level body fields of `operationId` used outside their range for `version` (undefined: the default 186.0). */
export function checkVersionedFields(body: unknown, operationId: string, version: string | undefined): VersionFinding[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const v = version ? Number(version) : DEFAULT_VERSION;
  const out: VersionFinding[] = [];
  for (const field of Object.keys(body)) {
    const rules = VERSIONED_FIELDS.filter(f => f.field === field && f.operations.includes(operationId));
    if (rules.length === 0 || rules.some(f => (f.min === undefined || v >= f.min) && (f.max === undefined || v <= f.max))) continue;
    const r = rules[0];
    const allowed = r.min !== undefined && v < r.min ? `set service-version to ${r.min.toFixed(1)} or later` : `use service-version ${r.max!.toFixed(1)} or earlier`;
    out.push({ field, allowedFrom: r.min, allowedTo: r.max,
      message: `"${field}" (${r.meaning}) exists only in minor versions ${range(r)} of ${operationId}; the request uses ${version ?? `the default ${DEFAULT_VERSION.toFixed(1)}`}: ${allowed} (setting billingWorkbench.serviceVersion).` });
  }
  return out;
}
