// An order file previews as is: the preview body is the order with the metrics it asks for, and an
// `account_data` cut down to what a preview takes (the service rejects a whole account there).
import { isObj, type Obj } from './objects';

const PREVIEW_ACCOUNT_FIELDS = [
  'currency',
  'bill_cycle_day',
  'sold_to',
  'tax_certificate',
  'tax_identifier',
  'custom_fields',
];
/** Order fields a preview does not take. */
const ORDER_ONLY = ['processing_options', 'state'];

export function previewOf(order: Obj): Obj {
  const body: Obj = { metrics: ['delta_metrics'], ...order };
  for (const f of ORDER_ONLY) delete body[f];
  const a = order.account_data;
  if (!isObj(a) || !('name' in a || 'bill_to' in a)) return body; // already a preview's account_data
  const account: Obj = {};
  for (const f of PREVIEW_ACCOUNT_FIELDS) if (a[f] !== undefined) account[f] = a[f];
  account.bill_cycle_day ??= 1; // required in a preview; the sandbox bills on the 1st as well
  if (account.sold_to === undefined && isObj(a.bill_to)) account.sold_to = a.bill_to; // sold-to defaults to bill-to
  body.account_data = account;
  return body;
}
