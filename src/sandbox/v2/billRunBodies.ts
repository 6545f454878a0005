// The v2 bill run bodies, checked as the reference's schemas have them (BillRunCreateRequest,
// generateBillingDocumentsAccountRequest: closed objects; a bill run needs target_date and invoice_date), and read
// into a bill run request. `charges_excluded` and `batches` are taken as a list or as one string, since the
// reference's own examples send them as strings. A 400 names the field and says what to send.
import { isRealDate } from '../../schemas/dates';
import { badRequest } from '../http/errors';
import { chargeKindOf, subscriptionOf, type BillRunRequest } from '../invoicing/billRunRequest';
import type { ChargeKind } from '../state/documents';
import type { AccountRec, Store } from '../state/store';
import { accountByKey } from '../state/lookup';

type Body = Record<string, unknown>;

const BILL_RUN_FIELDS = [
  'id',
  'updated_by_id',
  'updated_time',
  'created_by_id',
  'created_time',
  'custom_fields',
  'custom_objects',
  'account_id',
  'account_number',
  'email',
  'post',
  'renew',
  'day_of_month',
  'batches',
  'invoice_date',
  'target_date',
  'email_zero_amount_invoices',
  'charges_excluded',
  'name',
  'type',
  'subscription_ids',
];
const ACCOUNT_BILL_FIELDS = [
  'post',
  'renew',
  'charges_excluded',
  'credit_memo_reason_code',
  'document_date',
  'subscription_ids',
  'target_date',
];
const DAYS = [...Array.from({ length: 31 }, (_, i) => String(i + 1)), 'AllBillCycleDays', 'AsRunDay'];

const invalid = (field: string, message: string) => badRequest('invalid_parameter', field, message);

function objectBody(body: unknown, fields: readonly string[]): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('body', 'The body must be a JSON object, such as { "target_date": "2027-02-01" }.');
  }
  for (const key of Object.keys(body)) {
    if (!fields.includes(key)) {
      throw badRequest('unknown_parameter', key, `Unknown field "${key}"; the fields are ${fields.join(', ')}.`, 21);
    }
  }
  return body as Body;
}

function date(b: Body, field: string, required: boolean): string | undefined {
  const v = b[field];
  if (v === undefined) {
    if (required) throw badRequest('missing_parameter', field, `${field} is required, a date such as 2027-02-01.`, 22);
    return undefined;
  }
  if (typeof v !== 'string' || !isRealDate(v)) {
    throw invalid(field, `${field} must be a real date written YYYY-MM-DD, not ${JSON.stringify(v)}.`);
  }
  return v;
}

function typed(b: Body, field: string, type: 'boolean' | 'string'): void {
  if (b[field] !== undefined && typeof b[field] !== type) {
    throw invalid(field, `${field} must be a ${type}, not ${JSON.stringify(b[field])}.`);
  }
}

/** A list of strings, or one string of comma-separated values. */
function strings(b: Body, field: string): string[] | undefined {
  const v = b[field];
  if (v === undefined) return undefined;
  if (typeof v === 'string')
    return v
      .split(',')
      .map(s => s.trim())
      .filter(Boolean);
  if (Array.isArray(v) && v.every(x => typeof x === 'string')) return v as string[];
  throw invalid(field, `${field} must be a list of strings, not ${JSON.stringify(v)}.`);
}

function excluded(b: Body): ReadonlySet<ChargeKind> | undefined {
  const names = strings(b, 'charges_excluded');
  if (!names) return undefined;
  return new Set(
    names.map(n => {
      const kind = chargeKindOf(n);
      if (!kind) throw invalid('charges_excluded', `"${n}" is not a charge type; use OneTime, Recurring or Usage.`);
      return kind;
    }),
  );
}

/** The target date: today at the latest (the clock bills later dates as it moves). */
function target(b: Body, required: boolean, today: string): string {
  const t = date(b, 'target_date', required) ?? today;
  if (t > today) {
    throw invalid(
      'target_date',
      `The Local sandbox bills up to its today, ${today}: give a target_date on or before it, or move its ` +
        `clock forward (POST /_sandbox/clock) and the bill runs of the dates it passes happen.`,
    );
  }
  return t;
}

/** The subscriptions named, each on the account when there is one. */
function subscriptionIds(store: Store, b: Body, account?: AccountRec): ReadonlySet<string> | undefined {
  const ids = strings(b, 'subscription_ids');
  if (!ids) return undefined;
  for (const [i, id] of ids.entries()) {
    const sub = subscriptionOf(store, id);
    if (!sub || (account && sub.account_number !== account.account_number)) {
      const where = account ? ` on account ${account.account_number}` : '';
      throw invalid(`subscription_ids[${i}]`, `No subscription ${id}${where}.`);
    }
  }
  return new Set(ids);
}

/** The account by id or number, as the path and the body name it. */
export { accountByKey };

export function checkBillRun(body: unknown): void {
  const b = objectBody(body, BILL_RUN_FIELDS);
  date(b, 'target_date', true);
  date(b, 'invoice_date', true);
  for (const f of ['email', 'post', 'renew', 'email_zero_amount_invoices']) typed(b, f, 'boolean');
  for (const f of ['account_id', 'account_number', 'name']) typed(b, f, 'string');
  if (b.day_of_month !== undefined && !DAYS.includes(b.day_of_month as string)) {
    throw invalid('day_of_month', `day_of_month must be "1" to "31", "AllBillCycleDays" or "AsRunDay".`);
  }
  if (b.type !== undefined && b.type !== 'regular' && b.type !== 'catch_up') {
    throw invalid('type', 'type must be "regular" or "catch_up".');
  }
  strings(b, 'batches');
  excluded(b);
  strings(b, 'subscription_ids');
}

export function billRunRequest(store: Store, body: unknown, today: string, now: string): BillRunRequest {
  const b = body as Body;
  const targetDate = target(b, true, today);
  let account: AccountRec | undefined;
  for (const field of ['account_id', 'account_number']) {
    if (b[field] === undefined) continue;
    const found = accountByKey(store, b[field] as string);
    if (!found || (account && found !== account)) {
      throw invalid(
        field,
        found ? 'account_id and account_number name different accounts.' : `No account ${b[field]}.`,
      );
    }
    account = found;
  }
  const day = b.day_of_month as string | undefined;
  const cycleDay = day === 'AsRunDay' ? +targetDate.slice(8) : day && day !== 'AllBillCycleDays' ? +day : undefined;
  const subscriptions = subscriptionIds(store, b, account);
  const exclude = excluded(b);
  return {
    targetDate,
    documentDate: b.invoice_date as string,
    ...(account ? { accounts: [account] } : {}),
    ...(cycleDay !== undefined ? { cycleDay } : {}),
    ...(batchList(b.batches) ? { batches: batchList(b.batches) } : {}),
    ...(subscriptions ? { subscriptions } : {}),
    ...(exclude ? { exclude } : {}),
    ...(typeof b.post === 'boolean' ? { post: b.post } : {}),
    now,
  };
}

export function checkAccountBill(body: unknown): void {
  const b = objectBody(body ?? {}, ACCOUNT_BILL_FIELDS);
  date(b, 'target_date', false);
  date(b, 'document_date', false);
  for (const f of ['post', 'renew']) typed(b, f, 'boolean');
  typed(b, 'credit_memo_reason_code', 'string');
  excluded(b);
  strings(b, 'subscription_ids');
}

export function accountBillRequest(
  store: Store,
  account: AccountRec,
  body: unknown,
  today: string,
  now: string,
): BillRunRequest {
  const b = (body ?? {}) as Body;
  const targetDate = target(b, false, today);
  const subscriptions = subscriptionIds(store, b, account);
  const exclude = excluded(b);
  return {
    targetDate,
    documentDate: (b.document_date as string | undefined) ?? targetDate,
    accounts: [account],
    ...(subscriptions ? { subscriptions } : {}),
    ...(exclude ? { exclude } : {}),
    ...(typeof b.post === 'boolean' ? { post: b.post } : {}),
    now,
  };
}

/** `batches` as a list (the reference's examples send one string, comma-separated or not); undefined: every batch. */
export function batchList(v: unknown): string[] | undefined {
  const list = (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [])
    .filter((x): x is string => typeof x === 'string')
    .map(x => x.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}
