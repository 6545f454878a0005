// Spec 01 "Fields under version control", every row: a field usable only within a minor-version range
// of the `service-version` header (default 186.0). Operations are named by catalog id (METHOD path).
// A field sits at the top of the body unless `in` names the arrays that hold it (`charges[]`): a memo's
// own `comment` is not versioned, a charge's is. Response rows are listed for completeness only.
import { DEFAULT_SERVICE_VERSION } from '../client/serviceVersion';

export const DEFAULT_VERSION = Number(DEFAULT_SERVICE_VERSION);

const SUB = '/v1/subscriptions/{subscription-key}';
const SUBSCRIPTION_WRITES = [
  'POST /v1/subscriptions',
  `PUT ${SUB}`,
  `PUT ${SUB}/renew`,
  `PUT ${SUB}/cancel`,
  `PUT ${SUB}/suspend`,
  `PUT ${SUB}/resume`,
  'POST /v1/accounts',
];
const PREVIEW_SUBSCRIPTION = ['POST /v1/subscriptions/preview', `POST ${SUB}/preview`];
const PREVIEW_OR_UPDATE = [...PREVIEW_SUBSCRIPTION, `PUT ${SUB}`];
const MEMO_FROM_CHARGE = ['POST /v1/credit-memos', 'POST /v1/debit-memos'];
const MEMO_FROM_INVOICE = ['POST /v1/credit-memos/invoice/{invoiceKey}', 'POST /v1/debit-memos/invoice/{invoiceKey}'];
const CREDIT_MEMO_ITEMS = [
  'GET /v1/credit-memos/{creditMemoKey}/items',
  'GET /v1/credit-memos/{creditMemoKey}/items/{creditMemoItemId}',
];
const DEBIT_MEMO_ITEMS = [
  'GET /v1/debit-memos/{debitMemoKey}/items',
  'GET /v1/debit-memos/{debitMemoKey}/items/{debitMemoItemId}',
];
const INVOICE_COLLECT = ['POST /v1/operations/invoice-collect'];
const PS = '/v1/payment-schedules/{paymentScheduleKey}',
  PSI = '/v1/payment-schedule-items/{item-id}';
const PAYMENT_SCHEDULE_WRITES = [
  `POST ${PS}/items`,
  `PUT ${PS}`,
  `PUT ${PSI}`,
  `PUT ${PS}/preview`,
  `PUT ${PS}/cancel`,
  `PUT ${PSI}/cancel`,
  `PUT ${PSI}/skip`,
  'POST /v1/payment-schedule-items/retry-payment',
];
const PAYMENT_SCHEDULE_READS = [`GET ${PS}`, `GET ${PSI}`, 'GET /v1/payment-schedules'];

export interface VersionedField {
  field: string;
  min?: number;
  max?: number;
  operations: string[];
  meaning: string;
  /** Arrays whose elements hold the field (`charges[]`, `paymentSchedules[].items[]`); '' is the body itself. */
  in?: string[];
  /** The values the field takes in this range, where they change with the version. */
  values?: string[];
  /** A response field: nothing to check in a request. */
  response?: true;
}

const charge = { in: ['charges[]'] };
const THROUGH = 'Date through which charges are calculated';
const DRAFTS = 'Include draft invoice items in the preview';
const CHARGE_ID = 'ID of the product rate plan charge';
const PAYMENT_ID = 'ID of the payment linked to the item';
const BILLING_DOCUMENT = 'Billing document tied to the payment schedule item';
const memoItem = (operations: string[]) => (operations === MEMO_FROM_CHARGE ? charge : { in: ['items[]'] });

export const VERSIONED_FIELDS: VersionedField[] = [
  {
    field: 'invoiceCollect',
    max: 189,
    operations: SUBSCRIPTION_WRITES,
    meaning: 'Generate an invoice and collect payment',
  },
  { field: 'collect', min: 196, operations: SUBSCRIPTION_WRITES, meaning: 'Collect an automatic payment' },
  { field: 'invoice', min: 196, max: 207, operations: SUBSCRIPTION_WRITES, meaning: 'Generate an invoice' },
  { field: 'invoiceTargetDate', max: 206, operations: PREVIEW_SUBSCRIPTION, meaning: THROUGH },
  { field: 'invoiceTargetDate', max: 207, operations: SUBSCRIPTION_WRITES, meaning: THROUGH },
  { field: 'targetDate', min: 207, operations: PREVIEW_SUBSCRIPTION, meaning: THROUGH },
  { field: 'targetDate', min: 211, operations: SUBSCRIPTION_WRITES, meaning: THROUGH },
  { field: 'includeExistingDraftInvoiceItems', max: 206, operations: PREVIEW_OR_UPDATE, meaning: DRAFTS },
  { field: 'includeExistingDraftDocItems', min: 207, operations: PREVIEW_OR_UPDATE, meaning: DRAFTS },
  {
    field: 'previewType',
    max: 206,
    operations: PREVIEW_OR_UPDATE,
    meaning: 'What the preview returns',
    values: ['InvoiceItem', 'ChargeMetrics', 'InvoiceItemChargeMetrics'],
  },
  {
    field: 'previewType',
    min: 207,
    operations: PREVIEW_OR_UPDATE,
    meaning: 'What the preview returns',
    values: ['LegalDoc', 'ChargeMetrics', 'LegalDocChargeMetrics'],
  },
  { field: 'runBilling', min: 211, operations: SUBSCRIPTION_WRITES, meaning: 'Generate an invoice or credit memo' },
  { field: 'invoiceDate', max: 214, operations: INVOICE_COLLECT, meaning: 'Date shown on the invoice' },
  { field: 'invoiceTargetDate', max: 214, operations: INVOICE_COLLECT, meaning: THROUGH },
  {
    field: 'documentDate',
    min: 215,
    operations: INVOICE_COLLECT,
    meaning: 'Date shown on the invoice and credit memo',
  },
  { field: 'targetDate', min: 215, operations: INVOICE_COLLECT, meaning: THROUGH },
  { field: 'memoItemAmount', max: 223, operations: MEMO_FROM_CHARGE, meaning: 'Amount of the memo item', ...charge },
  { field: 'amount', min: 224, operations: MEMO_FROM_CHARGE, meaning: 'Amount of the memo item', ...charge },
  {
    field: 'subscriptionNumbers',
    max: 222.4,
    operations: ['POST /v1/orders'],
    response: true,
    meaning: 'Subscription numbers of the order',
  },
  {
    field: 'subscriptions',
    min: 223,
    operations: ['POST /v1/orders'],
    response: true,
    meaning: 'Subscription numbers and statuses of the order',
  },
  {
    field: 'creditTaxItems',
    max: 238,
    operations: CREDIT_MEMO_ITEMS,
    response: true,
    meaning: 'Taxation items of a credit memo item',
  },
  {
    field: 'taxItems',
    max: 238,
    operations: DEBIT_MEMO_ITEMS,
    response: true,
    meaning: 'Taxation items of a debit memo item',
  },
  {
    field: 'taxationItems',
    min: 239,
    operations: [...CREDIT_MEMO_ITEMS, ...DEBIT_MEMO_ITEMS],
    response: true,
    meaning: 'Taxation items of a memo item',
  },
  { field: 'chargeId', max: 256, operations: MEMO_FROM_CHARGE, meaning: CHARGE_ID, ...charge },
  { field: 'productRatePlanChargeId', min: 257, operations: MEMO_FROM_CHARGE, meaning: CHARGE_ID, ...charge },
  ...[MEMO_FROM_CHARGE, MEMO_FROM_INVOICE].flatMap(operations => [
    { field: 'comment', max: 256, operations, meaning: 'Comments of a memo item', ...memoItem(operations) },
    { field: 'description', min: 257, operations, meaning: 'Description of a memo item', ...memoItem(operations) },
  ]),
  {
    field: 'comment',
    max: 256,
    operations: [...CREDIT_MEMO_ITEMS, ...DEBIT_MEMO_ITEMS],
    response: true,
    meaning: 'Comments of a memo item',
  },
  {
    field: 'description',
    min: 257,
    operations: [...CREDIT_MEMO_ITEMS, ...DEBIT_MEMO_ITEMS],
    response: true,
    meaning: 'Description of a memo item',
  },
  {
    field: 'taxationItems',
    min: 309,
    operations: ['POST /v1/orders/preview'],
    response: true,
    meaning: 'Taxation items of an invoice item or credit memo item',
  },
  { field: 'batch', max: 309, operations: ['POST /v1/billing-preview-runs'], meaning: 'Customer batches to include' },
  { field: 'batches', min: 314, operations: ['POST /v1/billing-preview-runs'], meaning: 'Customer batches to include' },
  { field: 'taxationItems', min: 315, operations: PREVIEW_OR_UPDATE, response: true, meaning: 'Taxation items' },
  {
    field: 'billingDocument',
    min: 330,
    operations: ['POST /v1/payment-schedules'],
    in: ['items[]'],
    meaning: BILLING_DOCUMENT,
  },
  {
    field: 'billingDocument',
    min: 330,
    operations: ['POST /v1/payment-schedules/batch'],
    in: ['paymentSchedules[].items[]'],
    meaning: BILLING_DOCUMENT,
  },
  { field: 'paymentId', max: 336, operations: PAYMENT_SCHEDULE_WRITES, in: ['', 'items[]'], meaning: PAYMENT_ID },
  { field: 'paymentId', max: 336, operations: PAYMENT_SCHEDULE_READS, response: true, meaning: PAYMENT_ID },
];

export interface VersionFinding {
  field: string;
  /** Where the field is in the body: ['charges', 0, 'comment']. */
  path: (string | number)[];
  message: string;
  allowedFrom?: number;
  allowedTo?: number;
}

const v = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));
const range = (f: VersionedField) =>
  f.min && f.max ? `${v(f.min)} to ${v(f.max)}` : f.min ? `${v(f.min)} and later` : `${v(f.max!)} and earlier`;
const within = (f: VersionedField, version: number) =>
  (f.min === undefined || version >= f.min) && (f.max === undefined || version <= f.max);
const advice = (f: VersionedField, version: number) =>
  f.min !== undefined && version < f.min
    ? `set service-version to ${v(f.min)} or later`
    : `use service-version ${v(f.max!)} or earlier`;

/** Body fields of `operationId` used outside their range for `version` (undefined: the default 186.0). */
export function checkVersionedFields(body: unknown, operationId: string, version?: string): VersionFinding[] {
  if (!isObject(body)) return [];
  const n = version ? Number(version) : DEFAULT_VERSION;
  const used = version ?? `the default ${v(DEFAULT_VERSION)}`;
  const rows = VERSIONED_FIELDS.filter(f => !f.response && f.operations.includes(operationId));
  const out: VersionFinding[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const container of row.in ?? ['']) {
      for (const [holder, at] of holders(body, container)) {
        const key = `${row.field}|${at.join('.')}`;
        if (!(row.field in holder) || seen.has(key)) continue;
        seen.add(key);
        const same = rows.filter(f => f.field === row.field && (f.in ?? ['']).includes(container));
        const finding = check(same, holder[row.field], n, used, operationId);
        if (finding) out.push({ field: row.field, path: [...at, row.field], ...finding });
      }
    }
  }
  return out;
}

function check(rules: VersionedField[], value: unknown, n: number, used: string, op: string) {
  const live = rules.filter(f => within(f, n));
  const name = `"${rules[0].field}" (${rules[0].meaning})`;
  if (live.length === 0) {
    const r = rules[0];
    const message =
      `${name} exists only in minor versions ${range(r)} of ${op}; ` +
      `the request uses ${used}: ${advice(r, n)} (setting billingWorkbench.serviceVersion).`;
    return { allowedFrom: r.min, allowedTo: r.max, message };
  }
  const values = live.flatMap(f => f.values ?? []);
  if (!values.length || typeof value !== 'string' || values.includes(value)) return undefined;
  const home = rules.find(f => f.values?.includes(value));
  const where = home ? `a value of minor versions ${range(home)}; ${advice(home, n)}, or use` : 'not a value; use';
  return {
    allowedFrom: home?.min,
    allowedTo: home?.max,
    message: `${name}: "${value}" is ${where} one of ${values.join(', ')} with ${used}.`,
  };
}

/** The objects a container path names, with their paths: '' is the body, 'items[]' each element of items. */
type Holder = [Record<string, unknown>, (string | number)[]];
function holders(body: Record<string, unknown>, container: string): Holder[] {
  let found: Holder[] = [[body, []]];
  for (const step of container ? container.split('.') : []) {
    const name = step.replace(/\[\]$/, '');
    found = found.flatMap(([o, at]) => {
      const list = o[name];
      if (!Array.isArray(list)) return [];
      return list.flatMap((e, i): Holder[] => (isObject(e) ? [[e, [...at, name, i]]] : []));
    });
  }
  return found;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
