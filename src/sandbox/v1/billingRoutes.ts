// v1 bill runs and what they issue, on the same store as v2: POST /v1/bill-runs (every account, or the ones its
// billRunFilters name), GET /v1/bill-runs/{billRunId} (either family's run), POST
// /v1/accounts/{key}/billing-documents/generate (one account), GET /v1/billing-documents (an account's invoices
// and credit memos, paged by page and pageSize) and GET /v1/invoices/{invoiceKey}. v1 bodies are open: fields the
// sandbox does not read are never an error; the ones it reads must have their types.
import { pageOf } from './pages';
import { batchList } from '../v2/billRunBodies';
import { isRealDate } from '../../schemas/dates';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Reply, type Route } from '../http/router';
import { billAndCollect } from '../collection/collect';
import { billRunRec, chargeKindOf, subscriptionOf, type BillRunRequest } from '../invoicing/billRunRequest';
import { unbilledHeader } from '../invoicing/unbilled';
import type { BillingDocumentRec, ChargeKind } from '../state/documents';
import { newId } from '../state/ids';
import type { AccountRec, Store } from '../state/store';
import { runStatusOf, statusOf } from '../invoicing/documentActions';
import { billingDocumentRow, billRunAnswer, invoiceAnswer, invoiceItemView, v1Status } from './billingViews';
import { invalid, notFoundIn, notServed, v1Error, CATEGORY, type V1Resource } from './errors';
import { accountByKey } from '../state/lookup';

type Body = Record<string, unknown>;

export function billingRoutesV1(deps: RouteDeps): Route[] {
  const { store } = deps;
  return [
    {
      method: 'POST',
      path: '/v1/bill-runs',
      handle: call =>
        deps.idempotent(call, checkBillRun, body => {
          const request = billRunRequest(deps, body as Body);
          const { rec, unbilled } = deps.commit(() => {
            const n = store.numbers.next('BR-');
            const outcome = billed('billRun', () =>
              billAndCollect(store, { ...request, billRunNumber: n }, deps.clock.today()),
            );
            const rec = billRunRec(newId(), n, request, 'v1', body as Body, outcome);
            store.addBillRun(rec);
            return { rec, unbilled: outcome.unbilled };
          });
          return { ...ok(billRunAnswer(rec)), headers: unbilledHeader(unbilled) };
        }),
    },
    { method: 'GET', path: '/v1/bill-runs/{billRunId}', handle: call => getBillRun(store, call.params.billRunId) },
    {
      method: 'POST',
      path: '/v1/accounts/{key}/billing-documents/generate',
      handle: call =>
        deps.idempotent(call, checkGenerate, body => {
          const account = accountByKey(store, call.params.key);
          if (!account) throw notFoundIn('unknown', `Account ${call.params.key} does not exist.`);
          const request = generateRequest(deps, account, body as Body);
          const { documents } = deps.commit(() =>
            billed('account', () => billAndCollect(store, request, deps.clock.today())),
          );
          const ids = (type: BillingDocumentRec['type']) =>
            documents.filter(d => d.type === type).map(d => ({ id: d.id }));
          return ok({ success: true, invoices: ids('invoice'), creditMemos: ids('credit_memo') });
        }),
    },
    { method: 'GET', path: '/v1/billing-documents', handle: call => ok(billingDocuments(store, call.query)) },
    { method: 'GET', path: '/v1/invoices/{invoiceKey}', handle: call => getInvoice(store, call.params.invoiceKey) },
    {
      method: 'GET',
      path: '/v1/invoices/{invoiceKey}/items',
      handle: call => ok(invoiceItems(store, call.params.invoiceKey, call.query)),
    },
  ];
}

/** By id or by number, as the service takes either; bill runs are read in v1 whichever family ran them. */
function getBillRun(store: Store, key: string): Reply {
  const run = store.billRuns.get(key);
  const status = run && runStatusOf(store, run);
  if (!run || status?.deleted) throw notFoundIn('unknown', `Bill run ${key} does not exist.`);
  return ok(billRunAnswer(run, status));
}

/** The engine refuses to price past its period limit: a 400 on the target date, not a 500. */
function billed<T>(resource: V1Resource, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RangeError) throw invalid(resource, 'targetDate', e.message);
    throw e;
  }
}

function object(body: unknown, resource: V1Resource): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw v1Error(
      resource,
      CATEGORY.invalidValue,
      'The body must be a JSON object, such as {"targetDate": "2027-02-01"}.',
    );
  }
  return body as Body;
}

function dateField(b: Body, field: string, resource: V1Resource): void {
  const v = b[field];
  if (v !== undefined && (typeof v !== 'string' || !isRealDate(v))) {
    throw invalid(resource, field, `a real date written YYYY-MM-DD, not ${JSON.stringify(v)}.`);
  }
}

function flags(b: Body, fields: string[], resource: V1Resource): void {
  for (const f of fields) {
    if (b[f] !== undefined && typeof b[f] !== 'boolean')
      throw invalid(resource, f, `true or false, not ${JSON.stringify(b[f])}.`);
  }
}

function stringList(b: Body, field: string, resource: V1Resource): string[] | undefined {
  const v = b[field];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every(x => typeof x === 'string')) {
    throw invalid(resource, field, `a list of strings, not ${JSON.stringify(v)}.`);
  }
  return v as string[];
}

function excluded(b: Body, resource: V1Resource): ReadonlySet<ChargeKind> | undefined {
  const names = stringList(b, 'chargeTypeToExclude', resource);
  if (!names) return undefined;
  return new Set(
    names.map(n => {
      const kind = chargeKindOf(n);
      if (!kind) throw invalid(resource, 'chargeTypeToExclude', `"${n}" is not one of OneTime, Recurring, Usage.`);
      return kind;
    }),
  );
}

/** Today at the latest: the sandbox's clock bills later dates as it moves. */
function targetOf(deps: RouteDeps, b: Body, resource: V1Resource): string {
  const today = deps.clock.today();
  const t = (b.targetDate as string | undefined) ?? today;
  if (t > today) {
    throw invalid(
      resource,
      'targetDate',
      `the Local sandbox bills up to its today, ${today}; give a targetDate on or before it, or move its clock ` +
        'forward (POST /_sandbox/clock) and the bill runs of the dates it passes happen.',
    );
  }
  return t;
}

function checkBillRun(body: unknown): void {
  const b = object(body, 'billRun');
  for (const f of ['targetDate', 'invoiceDate']) dateField(b, f, 'billRun');
  flags(b, ['autoPost', 'autoEmail', 'autoRenewal', 'includeSubscriptions', 'includeOrderLineItems'], 'billRun');
  excluded(b, 'billRun');
  stringList(b, 'batches', 'billRun');
  if (b.billCycleDay !== undefined && typeof b.billCycleDay !== 'string') {
    throw invalid(
      'billRun',
      'billCycleDay',
      `a day such as "1" or "AllBillCycleDays", not ${JSON.stringify(b.billCycleDay)}.`,
    );
  }
  if (b.billRunFilters !== undefined && !Array.isArray(b.billRunFilters)) {
    throw invalid('billRun', 'billRunFilters', 'a list of filters, each with accountId and filterType.');
  }
}

/** The filter types of the contract; the sandbox models Account and Subscription, not FilterCondition. */
const FILTER_TYPES = ['Account', 'Subscription', 'FilterCondition'];

/** Accounts and subscriptions from billRunFilters: Account (accountId) and Subscription (subscriptionId) filters. */
function filtered(store: Store, filters: unknown[]): Pick<BillRunRequest, 'accounts' | 'subscriptions'> {
  const accounts = new Set<AccountRec>();
  const subscriptions = new Set<string>();
  filters.forEach((f, i) => {
    const { accountId, filterType, subscriptionId } = (f ?? {}) as Body;
    const at = `billRunFilters[${i}]`;
    // The type first: a filter the contract takes but the sandbox does not model (a FilterCondition names no
    // account) is not served here, never "invalid"; a type outside the contract is the caller's mistake.
    if (typeof filterType !== 'string' || !FILTER_TYPES.includes(filterType)) {
      throw invalid(
        'billRun',
        `${at}.filterType`,
        `one of ${FILTER_TYPES.join(', ')}, not ${JSON.stringify(filterType)}.`,
      );
    }
    if (filterType === 'FilterCondition') throw notServed('billRun', 'A bill run filter of type "FilterCondition"');
    const account = typeof accountId === 'string' ? accountByKey(store, accountId) : undefined;
    if (!account) throw invalid('billRun', `${at}.accountId`, `no account ${JSON.stringify(accountId)}.`);
    accounts.add(account);
    if (filterType === 'Subscription') {
      const sub = typeof subscriptionId === 'string' ? subscriptionOf(store, subscriptionId) : undefined;
      if (!sub || sub.account_number !== account.account_number) {
        throw invalid(
          'billRun',
          `${at}.subscriptionId`,
          `no subscription ${JSON.stringify(subscriptionId)} on ${account.account_number}.`,
        );
      }
      subscriptions.add(sub.id);
    }
  });
  return { accounts: [...accounts], ...(subscriptions.size ? { subscriptions } : {}) };
}

function billRunRequest(deps: RouteDeps, b: Body): BillRunRequest {
  const targetDate = targetOf(deps, b, 'billRun');
  const day = b.billCycleDay as string | undefined;
  const cycleDay = day && day !== 'AllBillCycleDays' ? Number(day) : undefined;
  // The contract's billCycleDay is any text and the service does not hold it to 31 (issue 31): a day past the
  // longest month is taken, and bills the accounts whose bill cycle day it is (none).
  if (cycleDay !== undefined && !(Number.isInteger(cycleDay) && cycleDay >= 1)) {
    throw invalid('billRun', 'billCycleDay', `a day such as "1" or "AllBillCycleDays", not ${JSON.stringify(day)}.`);
  }
  const exclude = excluded(b, 'billRun');
  return {
    targetDate,
    documentDate: (b.invoiceDate as string | undefined) ?? targetDate,
    ...(Array.isArray(b.billRunFilters) && b.billRunFilters.length ? filtered(deps.store, b.billRunFilters) : {}),
    ...(cycleDay !== undefined ? { cycleDay } : {}),
    ...(batchList(b.batches) ? { batches: batchList(b.batches) } : {}),
    ...(exclude ? { exclude } : {}),
    ...(b.includeSubscriptions === false ? { skipSubscriptions: true } : {}),
    ...(b.includeOrderLineItems === false ? { skipLineItems: true } : {}),
    ...(typeof b.autoPost === 'boolean' ? { post: b.autoPost } : {}),
    now: deps.clock.timestamp(),
  };
}

function checkGenerate(body: unknown): void {
  const b = object(body, 'account');
  for (const f of ['targetDate', 'effectiveDate']) dateField(b, f, 'account');
  flags(b, ['autoPost', 'autoRenew', 'includeSubscriptions', 'includeOrderLineItems'], 'account');
  excluded(b, 'account');
  stringList(b, 'subscriptionIds', 'account');
}

function generateRequest(deps: RouteDeps, account: AccountRec, b: Body): BillRunRequest {
  const targetDate = targetOf(deps, b, 'account');
  const ids = stringList(b, 'subscriptionIds', 'account');
  for (const id of ids ?? []) {
    const sub = subscriptionOf(deps.store, id);
    if (!sub || sub.account_number !== account.account_number) {
      throw invalid('subscription', 'subscriptionIds', `no subscription ${id} on ${account.account_number}.`);
    }
  }
  const exclude = excluded(b, 'account');
  return {
    targetDate,
    documentDate: (b.effectiveDate as string | undefined) ?? targetDate,
    accounts: [account],
    ...(ids ? { subscriptions: new Set(ids) } : {}),
    ...(exclude ? { exclude } : {}),
    ...(b.includeSubscriptions === false ? { skipSubscriptions: true } : {}),
    ...(b.includeOrderLineItems === false ? { skipLineItems: true } : {}),
    ...(typeof b.autoPost === 'boolean' ? { post: b.autoPost } : {}),
    now: deps.clock.timestamp(),
  };
}

/** An account's documents (accountId or accountNumber), newest first unless `sort` says otherwise. */
function billingDocuments(store: Store, q: URLSearchParams) {
  const key = q.get('accountId') ?? q.get('accountNumber');
  if (!key) {
    throw v1Error(
      'billingDocument',
      CATEGORY.missingField,
      'accountId or accountNumber is required: whose billing documents to list.',
    );
  }
  const account = accountByKey(store, key);
  if (!account) throw notFoundIn('unknown', `Account ${key} does not exist.`);
  const date = q.get('documentDate');
  const status = q.get('status');
  const docs = store.documentList.filter(
    d =>
      d.account_number === account.account_number &&
      (!date || d.document_date === date) &&
      (!status || status === v1Status(statusOf(store, d))),
  );
  const { rows, nextPage } = pageOf(sorted(docs, q.get('sort')), q, '/v1/billing-documents');
  return {
    success: true,
    documents: rows.map(d => billingDocumentRow(d, statusOf(store, d))),
    ...(nextPage ? { nextPage } : {}),
  };
}

/** `documentDate` (oldest first) or `-documentDate`; documentNumber likewise; default: the newest first. */
function sorted(docs: BillingDocumentRec[], sort: string | null): BillingDocumentRec[] {
  const m = /^([+-]?)(documentDate|documentNumber)(?:\.(asc|desc))?$/.exec(sort ?? '-documentDate');
  if (!m) {
    throw invalid(
      'billingDocument',
      'sort',
      `documentDate or documentNumber, with - for newest first, not ${JSON.stringify(sort)}.`,
    );
  }
  const down = m[1] === '-' || m[3] === 'desc';
  const value = (d: BillingDocumentRec) => (m[2] === 'documentDate' ? `${d.document_date} ${d.number}` : d.number);
  return [...docs].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) * (down ? -1 : 1));
}

function getInvoice(store: Store, key: string): Reply {
  const d = invoiceOf(store, key);
  return ok(invoiceAnswer(d, statusOf(store, d)));
}

function invoiceOf(store: Store, key: string): BillingDocumentRec {
  const d = store.documents.get(key);
  if (!d || d.type !== 'invoice') throw notFoundIn('unknown', `Invoice ${key} does not exist.`);
  return d;
}

/** An invoice's items as it holds them, paged by page and pageSize like the billing documents. */
function invoiceItems(store: Store, key: string, q: URLSearchParams) {
  const d = invoiceOf(store, key);
  const { rows, nextPage } = pageOf(d.items, q, `/v1/invoices/${d.number}/items`);
  return { success: true, invoiceItems: rows.map(i => invoiceItemView(i, d)), ...(nextPage ? { nextPage } : {}) };
}
