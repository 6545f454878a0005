// v2 bill runs and what they issue: POST /v2/bill_runs (every account, or the one named, through a target date),
// POST /v2/accounts/{account_id}/bill (one account), and the reads: GET /v2/invoices, /v2/invoices/{invoice_id},
// /v2/billing_documents (invoices and credit memos), /v2/billing_documents/{billing_document_id}; lists paged
// like the other v2 lists, filtered and sorted on their own fields (listQuery.ts), items with `expand[]=items`.
import { badRequest, notFound } from '../http/errors';
import { pageV2 } from '../http/paging';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { runBillRun, type BillRunOutcome, type BillRunRequest } from '../invoicing/billRunRequest';
import type { BillingDocumentRec } from '../state/documents';
import { newId } from '../state/ids';
import type { Store } from '../state/store';
import { accountBillRequest, accountByKey, billRunRequest, checkAccountBill, checkBillRun } from './billRunBodies';
import { billingDocumentView, creditMemoView, invoiceView } from './invoiceViews';
import { filteredAndSorted } from './listQuery';

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
          const { run, outcome } = deps.commit(() => {
            const number = store.numbers.next('BR-');
            return { run: number, outcome: billed(() => runBillRun(store, { ...request, billRunNumber: number })) };
          });
          return { status: 201, body: billRunView(run, request, body as Record<string, unknown>, outcome) };
        }),
    },
    {
      method: 'POST',
      path: '/v2/accounts/{account_id}/bill',
      handle: call =>
        deps.idempotent(call, checkAccountBill, body => {
          const account = accountByKey(store, call.params.account_id);
          if (!account) throw notFound('account_id', `Account ${call.params.account_id} could not be found.`);
          const request = accountBillRequest(store, account, body, today(), deps.clock.timestamp());
          const { documents } = deps.commit(() => billed(() => runBillRun(store, request)));
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
      handle: call => ok(invoiceView(document(store, call.params.invoice_id, 'invoice'), today(), items(call.query))),
    },
    {
      method: 'GET',
      path: '/v2/billing_documents',
      handle: call => ok(documentList(store, call.query, undefined, billingDocumentView, today())),
    },
    {
      method: 'GET',
      path: '/v2/billing_documents/{billing_document_id}',
      handle: call =>
        ok(billingDocumentView(document(store, call.params.billing_document_id), today(), items(call.query))),
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

type View = (d: BillingDocumentRec, today: string, items: boolean) => Record<string, unknown>;

/** One page of the documents of a type (or all), filtered and sorted on the fields its answer shows. */
function documentList(
  store: Store,
  q: URLSearchParams,
  type: BillingDocumentRec['type'] | undefined,
  view: View,
  today: string,
) {
  const all = type ? store.documentList.filter(d => d.type === type) : store.documentList;
  const what = type === 'invoice' ? 'Invoices' : 'Billing documents';
  const kept = filteredAndSorted(all, d => view(d, today, false), q, what, view(SAMPLE, today, false));
  return pageV2(kept, q, d => view(d, today, items(q)));
}

/** A document by id or number; a 404 naming the path's parameter when there is none of that type. */
function document(store: Store, key: string, type?: BillingDocumentRec['type']): BillingDocumentRec {
  const d = store.documents.get(key);
  if (d && (!type || d.type === type)) return d;
  const [parameter, what] =
    type === 'invoice' ? ['invoice_id', 'Invoice'] : ['billing_document_id', 'Billing document'];
  throw notFound(parameter, `${what} ${key} could not be found.`);
}

/** A document with every field its answers can show: the fields a filter may name. */
const SAMPLE: BillingDocumentRec = {
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

function billRunView(number: string, r: BillRunRequest, body: Record<string, unknown>, outcome: BillRunOutcome) {
  const list = (v: unknown) => (Array.isArray(v) ? v.join(',') : (v as string | undefined));
  const count = (type: BillingDocumentRec['type']) => outcome.documents.filter(d => d.type === type).length;
  const batches = list(body.batches);
  const excluded = list(body.charges_excluded);
  return {
    id: newId(),
    created_by_id: 'sandbox-client',
    updated_by_id: 'sandbox-client',
    created_time: r.now,
    updated_time: r.now,
    custom_fields: (body.custom_fields as object | undefined) ?? {},
    ...(r.accounts?.length === 1 ? { account_id: r.accounts[0].id } : {}),
    email: body.email === true,
    post: body.post === true,
    renew: body.renew === true,
    day_of_month: (body.day_of_month as string | undefined) ?? 'AllBillCycleDays',
    bill_run_number: number,
    bill_run_time: r.now,
    invoice_date: r.documentDate,
    target_date: r.targetDate,
    state: 'completed',
    batches: batches ?? 'AllBatches',
    ...(excluded ? { charges_excluded: excluded } : {}),
    email_zero_amount_invoices: body.email_zero_amount_invoices !== false,
    invoices_sent: false,
    accounts_processed: outcome.accountsProcessed,
    invoices_generated: count('invoice'),
    credit_memos_generated: count('credit_memo'),
    ...(typeof body.name === 'string' ? { name: body.name } : {}),
  };
}
