// v1 credit and debit memos and an invoice's write-off, on the same store and rules as v2 (payments/memos.ts,
// memoCredits.ts): created from an invoice (POST /v1/credit-memos/invoice/{invoiceKey}, /v1/debit-memos/invoice/...)
// or from charges (POST /v1/credit-memos, /v1/debit-memos: each charge's amount, else its price's), a draft unless
// autoPost; read, listed by account (page, pageSize), their items; posted, unposted, canceled; a credit memo applied
// to invoices and debit memos, unapplied and refunded; PUT /v1/invoices/{invoiceKey}/write-off. v1 bodies are
// open: fields the sandbox does not read are never an error; the ones it reads must have their types.
import { pageOf } from './pages';
import { payingV1 } from './paymentBodies';
import { hasBody, parseJson, readBody } from '../http/body';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Call, type Route } from '../http/router';
import { applyCredit, refundCredit, unapplyCredit, writeOff } from '../payments/memoCredits';
import { cancelMemo, createMemo, postMemo, unpostMemo, type MemoItemInput, type MemoType } from '../payments/memos';
import type { Application } from '../payments/payments';
import type { BillingDocumentRec } from '../state/documents';
import { accountByKey } from '../state/lookup';
import type { Store } from '../state/store';
import { CATEGORY, invalid, notFoundIn, v1Error } from './errors';
import { memoAnswer, memoItemAnswer } from './memoViews';
import { refundAnswerV1 } from './paymentView';

type Body = Record<string, unknown>;
const PATH = { credit_memo: 'credit-memos', debit_memo: 'debit-memos' } as const;
const KEY = { credit_memo: 'creditMemoKey', debit_memo: 'debitMemoKey' } as const;
const WHAT = { credit_memo: 'Credit memo', debit_memo: 'Debit memo' } as const;

/** Runs a rule; what it refuses is a v1 error of the billing document naming its field (404 for what is not there). */
const ruled = <T>(act: () => T): T => payingV1('billingDocument', act, true);

/** A v1 body's field read by the sandbox: absent, or of its type (else a 400 naming it). */
function typed<T>(b: Body, name: string, type: 'string' | 'number' | 'boolean' | 'array'): T | undefined {
  const v = b[name];
  if (v === undefined) return undefined;
  const fits = type === 'array' ? Array.isArray(v) : typeof v === type;
  if (!fits)
    throw invalid('billingDocument', name, `${type === 'array' ? 'a list' : `a ${type}`}, not ${JSON.stringify(v)}.`);
  return v as T;
}

/** A v1 body is an object (its fields are read, each checked, by the handler). */
function isObject(body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalid('billingDocument', 'body', 'a JSON object.');
}

/** The JSON body, if any (an object; none is an empty one). */
async function bodyOf(call: Call): Promise<Body> {
  const text = hasBody(call.req) ? await readBody(call.req) : '';
  const body = text.trim() ? parseJson(text) : {};
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalid('billingDocument', 'body', 'a JSON object.');
  return body as Body;
}

function memoOf(store: Store, key: string, type: MemoType): BillingDocumentRec {
  const d = store.documents.get(key);
  if (d?.type === type) return d;
  throw notFoundIn('unknown', `${WHAT[type]} ${key} does not exist.`);
}

function invoiceOf(store: Store, key: string): BillingDocumentRec {
  const d = store.documents.get(key);
  if (d?.type === 'invoice') return d;
  throw notFoundIn('unknown', `Invoice ${key} does not exist.`);
}

/** A create body's fields as the rules take them: the invoice's items, or the charges. */
function memoInput(deps: RouteDeps, type: MemoType, b: Body, invoice?: BillingDocumentRec) {
  const { store } = deps;
  const key =
    invoice?.account_number ?? typed<string>(b, 'accountId', 'string') ?? typed<string>(b, 'accountNumber', 'string');
  if (key === undefined) throw v1Error('account', CATEGORY.missingField, 'accountId or accountNumber is required.');
  const account = accountByKey(store, key);
  if (!account) throw invalid('account', 'accountId', `no account ${key}.`);
  const rows = (invoice ? typed<Body[]>(b, 'items', 'array') : typed<Body[]>(b, 'charges', 'array')) ?? [];
  const items: MemoItemInput[] = rows.map(r => ({
    ...(invoice ? { invoice_item_id: r.invoiceItemId as string } : { price_id: r.productRatePlanChargeId as string }),
    ...(typeof r.amount === 'number' ? { amount: r.amount } : {}),
    ...(typeof r.quantity === 'number' ? { quantity: r.quantity } : {}),
    ...(typeof r.serviceStartDate === 'string' ? { service_start: r.serviceStartDate } : {}),
    ...(typeof r.serviceEndDate === 'string' ? { service_end: r.serviceEndDate } : {}),
    ...(typeof r.skuName === 'string' ? { name: r.skuName } : {}),
  }));
  return {
    type,
    account,
    invoice,
    items,
    currency: typed<string>(b, 'currency', 'string'),
    document_date: typed<string>(b, 'effectiveDate', 'string') ?? deps.clock.today(),
    due_date: typed<string>(b, 'dueDate', 'string'),
    reason_code: typed<string>(b, 'reasonCode', 'string'),
    description: typed<string>(b, 'comment', 'string'),
    post: typed<boolean>(b, 'autoPost', 'boolean') === true,
  };
}

/** v1 applications: `invoices` [{invoiceId, amount}] and `debitMemos` [{debitMemoId, amount}], as the rules name them. */
function applications(b: Body): Application[] {
  const of = (list: string, idField: string, type: string) =>
    (typed<Body[]>(b, list, 'array') ?? []).map(a => ({ id: String(a[idField]), type, amount: a.amount as number }));
  return [...of('invoices', 'invoiceId', 'invoice'), ...of('debitMemos', 'debitMemoId', 'debit_memo')];
}

/** One page of an account's memos of a type (accountId or accountNumber; page, pageSize). */
function memoList(store: Store, type: MemoType, q: URLSearchParams) {
  const key = q.get('accountId') ?? q.get('accountNumber');
  const account = key !== null ? accountByKey(store, key) : undefined;
  if (key !== null && !account) throw notFoundIn('unknown', `Account ${key} does not exist.`);
  const all = store.documentList.filter(
    d => d.type === type && (!account || d.account_number === account.account_number),
  );
  const { rows, nextPage } = pageOf(all, q, `/v1/${PATH[type]}`, 1_000_000);
  return {
    success: true,
    [type === 'credit_memo' ? 'creditmemos' : 'debitmemos']: rows.map(d => memoAnswer(store, d)),
    ...(nextPage ? { nextPage } : {}),
  };
}

export function memoRoutesV1(deps: RouteDeps): Route[] {
  const { store } = deps;
  const at = () => deps.clock.timestamp();
  const typeRoutes = (type: MemoType): Route[] => {
    const base = `/v1/${PATH[type]}`;
    const key = KEY[type];
    const create = (invoiceKey?: string) => async (call: Call) =>
      deps.idempotent(call, isObject, raw => {
        const b = (raw ?? {}) as Body;
        const invoice = invoiceKey !== undefined ? invoiceOf(store, call.params[invoiceKey]) : undefined;
        const input = memoInput(deps, type, b, invoice);
        const d = deps.commit(() =>
          ruled(() => {
            const memo = createMemo(store, input, at());
            if (invoice && input.post && b.autoApplyToInvoiceUponPosting === true) {
              applyCredit(store, memo, [{ id: invoice.id, type: 'invoice', amount: memo.total }], memo.created_time);
            }
            return memo;
          }),
        );
        return ok(memoAnswer(store, d));
      });
    const actions: [string, typeof postMemo][] = [
      ['post', postMemo],
      ['unpost', unpostMemo],
      ['cancel', cancelMemo],
    ];
    return [
      { method: 'POST', path: base, handle: create() },
      { method: 'POST', path: `${base}/invoice/{invoiceKey}`, handle: create('invoiceKey') },
      { method: 'GET', path: base, handle: call => ok(memoList(store, type, call.query)) },
      {
        method: 'GET',
        path: `${base}/{${key}}`,
        handle: call => ok(memoAnswer(store, memoOf(store, call.params[key], type))),
      },
      {
        method: 'GET',
        path: `${base}/{${key}}/items`,
        handle: call => {
          const d = memoOf(store, call.params[key], type);
          return ok({ success: true, items: d.items.map(i => memoItemAnswer(d, i)) });
        },
      },
      ...actions.map(([name, act]): Route => ({
        method: 'PUT',
        path: `${base}/{${key}}/${name}`,
        handle: async call => {
          await bodyOf(call);
          await call.hold();
          const d = memoOf(store, call.params[key], type);
          deps.commit(() => ruled(() => act(store, d, at())));
          return ok(memoAnswer(store, d));
        },
      })),
    ];
  };
  const credit = KEY.credit_memo;
  return [
    ...typeRoutes('credit_memo'),
    ...typeRoutes('debit_memo'),
    ...(['apply', 'unapply'] as const).map((name): Route => ({
      method: 'PUT',
      path: `/v1/credit-memos/{${credit}}/${name}`,
      handle: call =>
        deps.idempotent(call, isObject, raw => {
          const d = memoOf(store, call.params[credit], 'credit_memo');
          const given = applications((raw ?? {}) as Body);
          const act = name === 'apply' ? applyCredit : unapplyCredit;
          deps.commit(() => ruled(() => act(store, d, given, at())));
          return ok(memoAnswer(store, d));
        }),
    })),
    {
      method: 'POST',
      path: `/v1/credit-memos/{${credit}}/refund`,
      handle: call =>
        deps.idempotent(call, isObject, raw => {
          const b = (raw ?? {}) as Body;
          const d = memoOf(store, call.params[credit], 'credit_memo');
          const external = typed<string>(b, 'type', 'string') !== 'Electronic';
          const methodId = typed<string>(b, 'paymentMethodId', 'string') ?? store.payments.defaultOf(d.account_id);
          const method = !external && methodId !== undefined ? store.payments.method(methodId) : undefined;
          const input = {
            amount: typed<number>(b, 'totalAmount', 'number') ?? NaN,
            refund_date: typed<string>(b, 'refundDate', 'string') ?? deps.clock.today(),
            external,
            method,
            description: typed<string>(b, 'comment', 'string'),
            reason_code: typed<string>(b, 'reasonCode', 'string'),
            reference_id: typed<string>(b, 'referenceId', 'string'),
          };
          if (Number.isNaN(input.amount))
            throw v1Error('billingDocument', CATEGORY.missingField, 'totalAmount is required.');
          const r = deps.commit(() => ruled(() => refundCredit(store, d, input, at())));
          return ok(refundAnswerV1(store, r));
        }),
    },
    {
      method: 'PUT',
      path: '/v1/invoices/{invoiceKey}/write-off',
      handle: async call => {
        const b = await bodyOf(call);
        await call.hold();
        const d = invoiceOf(store, call.params.invoiceKey);
        const input = {
          document_date: typed<string>(b, 'memoDate', 'string') ?? deps.clock.today(),
          reason_code: typed<string>(b, 'reasonCode', 'string'),
          description: typed<string>(b, 'comment', 'string'),
        };
        const memo = deps.commit(() => ruled(() => writeOff(store, d, input, at())));
        return ok({ success: true, creditMemo: { id: memo.id } });
      },
    },
  ];
}
