// v2 bill runs and what they issue: POST /v2/bill_runs (every account, or the one named, through a target date),
// GET /v2/bill_runs and /v2/bill_runs/{bill_run_id} (either family's runs),
// POST /v2/accounts/{account_id}/bill (one account), and the reads: GET /v2/invoices, /v2/invoices/{invoice_id},
// /v2/billing_documents (invoices and credit memos), /v2/billing_documents/{billing_document_id}; lists paged
// like the other v2 lists, filtered and sorted on their own fields (listQuery.ts), items with `expand[]=items`.
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { billAndCollect } from '../collection/collect';
import { billRunRec } from '../invoicing/billRunRequest';
import { runStatusOf, statusOf } from '../invoicing/documentActions';
import { billRunStatus, type BillRunStatus, type DocumentStatus } from '../state/actions';
import { unbilledHeader } from '../invoicing/unbilled';
import type { BillRunRec } from '../state/billRuns';
import type { BillingDocumentRec } from '../state/documents';
import { newId } from '../state/ids';
import type { Store } from '../state/store';
import { accountBillRequest, accountByKey, billRunRequest, checkAccountBill, checkBillRun } from './billRunBodies';
import { billingDocumentView, creditMemoView, invoiceView } from './invoiceViews';
import { listPage } from './listQuery';

export function billingRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const today = () => deps.clock.today();
  return [
    {
      method: 'POST',
      path: '/v2/bill_runs',
      handle: call =>
        deps.idempotent(call, checkBillRun, body => {
          const request = billRunRequest(store, body, today(), deps.clock.timestamp());
          const { rec, unbilled } = deps.commit(() => {
            const number = store.numbers.next('BR-');
            const outcome = billed(() => billAndCollect(store, { ...request, billRunNumber: number }, today()));
            const rec = billRunRec(newId(), number, request, 'v2', body as Record<string, unknown>, outcome);
            store.addBillRun(rec);
            return { rec, unbilled: outcome.unbilled };
          });
          return { status: 201, body: billRunView(rec, runStatusOf(store, rec)), headers: unbilledHeader(unbilled) };
        }),
    },
    {
      method: 'GET',
      path: '/v2/bill_runs',
      handle: call => {
        const view = (r: BillRunRec) => billRunView(r, runStatusOf(store, r));
        const runs = store.billRunList.filter(r => !runStatusOf(store, r).deleted);
        return ok(listPage(runs, call.query, view, { what: 'Bill runs', sample: SAMPLE_RUN_VIEW }));
      },
    },
    {
      method: 'GET',
      path: '/v2/bill_runs/{bill_run_id}',
      handle: call => {
        const run = billRun(store, call.params.bill_run_id);
        return ok(billRunView(run, runStatusOf(store, run)));
      },
    },
    {
      method: 'POST',
      path: '/v2/accounts/{account_id}/bill',
      handle: call =>
        deps.idempotent(call, checkAccountBill, body => {
          const account = accountByKey(store, call.params.account_id);
          if (!account) throw notFound('account_id', `Account ${call.params.account_id} could not be found.`);
          const request = accountBillRequest(store, account, body, today(), deps.clock.timestamp());
          const { documents } = deps.commit(() => billed(() => billAndCollect(store, request, today())));
          const of = (type: BillingDocumentRec['type']) => documents.filter(d => d.type === type);
          return ok({
            invoices: { next_page: null, data: of('invoice').map(d => invoiceView(d, today(), true)) },
            credit_memos: { next_page: null, data: of('credit_memo').map(d => creditMemoView(d, today(), true)) },
          });
        }),
    },
    {
      method: 'GET',
      path: '/v2/invoices',
      handle: call => ok(documentList(store, call.query, 'invoice', invoiceView, today())),
    },
    {
      method: 'GET',
      path: '/v2/invoices/{invoice_id}',
      handle: call => {
        const d = document(store, call.params.invoice_id, 'invoice');
        return ok(invoiceView(d, today(), items(call.query), statusOf(store, d)));
      },
    },
    {
      method: 'GET',
      path: '/v2/billing_documents',
      handle: call => ok(documentList(store, call.query, undefined, billingDocumentView, today())),
    },
    {
      method: 'GET',
      path: '/v2/billing_documents/{billing_document_id}',
      handle: call => {
        const d = document(store, call.params.billing_document_id);
        return ok(billingDocumentView(d, today(), items(call.query), statusOf(store, d)));
      },
    },
  ];
}

/** The engine refuses to price past its period limit (a target a century after a start): a 400, not a 500. */
function billed<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RangeError) throw badRequest('invalid_parameter', 'target_date', e.message);
    throw e;
  }
}

const items = (q: URLSearchParams) => q.getAll('expand[]').includes('items');

type View = (d: BillingDocumentRec, today: string, items: boolean, s: DocumentStatus) => Record<string, unknown>;

/** One page of the documents of a type (or all), filtered and sorted on the fields its answer shows. */
function documentList(
  store: Store,
  q: URLSearchParams,
  type: BillingDocumentRec['type'] | undefined,
  view: View,
  today: string,
) {
  const listed = (d: BillingDocumentRec) => (type ? d.type === type : statusOf(store, d).state !== 'canceled');
  const all = store.documentList.filter(listed);
  const what = type === 'invoice' ? 'Invoices' : 'Billing documents';
  const sample = view(SAMPLE_DOCUMENT, today, false, statusOf(store, SAMPLE_DOCUMENT));
  const row = (d: BillingDocumentRec) => view(d, today, false, statusOf(store, d));
  return listPage(all, q, d => view(d, today, items(q), statusOf(store, d)), { what, sample, row });
}

/**
 * A document by id or number; a 404 naming the path's parameter when there is none of that type (a billing
 * document is not one once canceled: read it as the invoice it was).
 */
export function document(store: Store, key: string, type?: BillingDocumentRec['type']): BillingDocumentRec {
  const d = store.documents.get(key);
  if (d && (type ? d.type === type : statusOf(store, d).state !== 'canceled')) return d;
  if (d && !type) {
    const message = `${d.number} was canceled: a canceled invoice is no billing document; read it at /v2/invoices/${d.id}.`;
    throw notFound('billing_document_id', message);
  }
  const [parameter, what] =
    type === 'invoice' ? ['invoice_id', 'Invoice'] : ['billing_document_id', 'Billing document'];
  throw notFound(parameter, `${what} ${key} could not be found.`);
}

/** A document with every field its answers can show: the fields a filter may name. */
export const SAMPLE_DOCUMENT: BillingDocumentRec = {
  id: '',
  number: '',
  type: 'invoice',
  account_number: '',
  account_id: '',
  currency: '',
  document_date: '',
  target_date: '',
  items: [],
  total: 0,
  created_time: '',
};

/** A run with every field a bill run's answer can have: what the list can be filtered and sorted by. */
const SAMPLE_RUN: BillRunRec = {
  id: '',
  number: '',
  ranAt: '',
  targetDate: '',
  documentDate: '',
  accountId: '',
  asked: { post: false, email: false, renew: false, emailZeroAmount: true, name: '', chargesExcluded: [''] },
  family: 'v2',
  body: {},
  accountsProcessed: 0,
  invoices: 0,
  creditMemos: 0,
};

/** A bill run by id or number; a 404 once deleted. */
export function billRun(store: Store, key: string): BillRunRec {
  const run = store.billRuns.get(key);
  if (run && !runStatusOf(store, run).deleted) return run;
  throw notFound('bill_run_id', `Bill run ${key} could not be found.`);
}

/** A bill run in v2 (the create, the retrieve and the list answer the same), whichever family ran it. */
export function billRunView(run: BillRunRec, status: BillRunStatus) {
  const { asked } = run;
  const v2 = run.family === 'v2' ? run.body : {};
  const cycleDay = run.cycleDay !== undefined ? String(run.cycleDay) : 'AllBillCycleDays';
  return {
    id: run.id,
    created_by_id: 'sandbox-client',
    updated_by_id: 'sandbox-client',
    created_time: run.ranAt,
    updated_time: status.updated_time ?? run.ranAt,
    custom_fields: (v2.custom_fields as object | undefined) ?? {},
    ...(run.accountId ? { account_id: run.accountId } : {}),
    email: asked.email,
    post: asked.post,
    renew: asked.renew,
    day_of_month: (v2.day_of_month as string | undefined) ?? cycleDay,
    bill_run_number: run.number,
    bill_run_time: run.ranAt,
    invoice_date: status.document_date ?? run.documentDate,
    target_date: run.targetDate,
    state: status.state,
    batches: asked.batches?.join(',') ?? 'AllBatches',
    ...(asked.chargesExcluded ? { charges_excluded: asked.chargesExcluded.join(',') } : {}),
    email_zero_amount_invoices: asked.emailZeroAmount,
    invoices_sent: false,
    accounts_processed: run.accountsProcessed,
    invoices_generated: run.invoices,
    credit_memos_generated: run.creditMemos,
    ...(asked.name !== undefined ? { name: asked.name } : {}),
  };
}

const SAMPLE_RUN_VIEW = billRunView(SAMPLE_RUN, billRunStatus([]));
