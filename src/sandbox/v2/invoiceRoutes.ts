// v2 invoice actions and item lists, from the store: POST /v2/invoices/{invoice_id}/post, /unpost, /cancel and
// /reverse (a credit memo of its total: invoicing/documentActions.ts says what each may do), GET /v2/invoice_items
// and GET /v2/billing_document_items (every document's items, filtered, sorted and paged like the other lists:
// `filter[]=invoice_id.EQ:<id>` for one invoice's); /pay (a payment applied to it: payDocument.ts) and /write-off (a
// posted credit memo of its balance, applied to it: payments/memoCredits.ts), which answers that credit memo.
import { checkContractBody } from '../contract/contractAnswers';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Call, type Route } from '../http/router';
import { hasBody, parseJson, readBody } from '../http/body';
import {
  ActionRefused,
  cancelInvoice,
  postInvoice,
  reverseInvoice,
  statusOf,
  unpostInvoice,
} from '../invoicing/documentActions';
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';
import type { Store } from '../state/store';
import { document, SAMPLE_DOCUMENT } from './billingRoutes';
import { invalidState } from './bodies';
import { billingDocumentItemView, invoiceItemView, invoiceView } from './invoiceViews';
import { listPage } from './listQuery';
import { memoView } from './memoViews';
import { payDocument, paying } from './payDocument';
import { writeOff } from '../payments/memoCredits';

type Act = (store: Store, d: BillingDocumentRec, at: string, body: Record<string, unknown>) => unknown;

const ACTIONS: [string, Act][] = [
  ['post', (store, d, at) => postInvoice(store, d, at)],
  ['unpost', (store, d, at) => unpostInvoice(store, d, at)],
  ['cancel', (store, d, at) => cancelInvoice(store, d, at)],
  ['reverse', (store, d, at, body) => reverseInvoice(store, d, at, (body.document_date as string | undefined) ?? '')],
];

export function invoiceRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const today = () => deps.clock.today();
  return [
    ...ACTIONS.map(([name, act]): Route => ({
      method: 'POST',
      path: `/v2/invoices/{invoice_id}/${name}`,
      handle: async call => {
        const body = await actionBody(call, `POST /v2/invoices/{invoice_id}/${name}`);
        await call.hold();
        const d = document(store, call.params.invoice_id, 'invoice');
        const at = deps.clock.timestamp();
        const given = name === 'reverse' ? { document_date: today(), ...body } : body;
        deps.commit(() => refused('invoice_id', () => act(store, d, at, given)));
        const items = call.query.getAll('expand[]').includes('items');
        return ok(invoiceView(d, today(), items, statusOf(store, d)));
      },
    })),
    {
      method: 'POST',
      path: '/v2/invoices/{invoice_id}/pay',
      handle: call =>
        deps.idempotent(
          call,
          body => checkContractBody('POST /v2/invoices/{invoice_id}/pay', body),
          raw => {
            const d = document(store, call.params.invoice_id, 'invoice');
            payDocument(deps, d, raw as Record<string, unknown>);
            return ok(invoiceView(d, today(), false, statusOf(store, d)));
          },
        ),
    },
    {
      method: 'POST',
      path: '/v2/invoices/{invoice_id}/write-off',
      handle: async call => {
        const body = await actionBody(call, 'POST /v2/invoices/{invoice_id}/write-off');
        await call.hold();
        const d = document(store, call.params.invoice_id, 'invoice');
        const input = {
          document_date: (body.document_date as string | undefined) ?? today(),
          reason_code: body.reason_code as string | undefined,
          description: body.description as string | undefined,
          custom_fields: body.custom_fields as Record<string, unknown> | undefined,
        };
        const memo = deps.commit(() => paying(() => writeOff(store, d, input, deps.clock.timestamp())));
        return ok(memoView(store, memo, today(), true));
      },
    },
    {
      method: 'GET',
      path: '/v2/invoice_items',
      handle: call => ok(itemList(store, call.query, 'invoice')),
    },
    {
      method: 'GET',
      path: '/v2/billing_document_items',
      handle: call => ok(itemList(store, call.query, undefined)),
    },
  ];
}

/**
 * An action's body, checked against the operation's request schema: none sent is an empty one (a bill run's post
 * still names its invoice_date; a reversal's fields are all optional).
 */
export async function actionBody(call: Call, operationId: string): Promise<Record<string, unknown>> {
  const text = hasBody(call.req) ? await readBody(call.req) : '';
  const body = text.trim() ? parseJson(text) : {};
  checkContractBody(operationId, body);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Runs an action's rule; what it refuses is the 400 of a state that does not allow it, saying what to do. */
export function refused<T>(parameter: string, act: () => T): T {
  try {
    return act();
  } catch (e) {
    if (e instanceof ActionRefused) throw invalidState(parameter, e.message);
    throw e;
  }
}

type Row = { d: BillingDocumentRec; i: DocumentItemRec };

/** One page of the items of every invoice (or every document that still stands), filtered and sorted on theirs. */
function itemList(store: Store, q: URLSearchParams, type: 'invoice' | undefined) {
  const view = ({ d, i }: Row): Record<string, unknown> =>
    type ? invoiceItemView(d, i, statusOf(store, d)) : billingDocumentItemView(d, i, statusOf(store, d));
  const docs = store.documentList.filter(d => (type ? d.type === type : statusOf(store, d).state !== 'canceled'));
  const rows = docs.flatMap(d => d.items.map(i => ({ d, i })));
  const what = type ? 'Invoice items' : 'Billing document items';
  return listPage(rows, q, view, { what, sample: view(SAMPLE) });
}

/** An item with every field its answers can show (none empty: a view leaves an empty one out): what a filter may name. */
const SAMPLE: Row = {
  d: SAMPLE_DOCUMENT,
  i: {
    id: 'x',
    billed_id: 'x',
    subscription_id: 'x',
    price_id: 'x',
    product_name: 'x',
    name: 'x',
    charge_type: 'recurring',
    kind: 'charge',
    target_date: 'x',
    service_start: 'x',
    service_end: 'x',
    quantity: 0,
    unit_amount: 0,
    unit_of_measure: 'x',
    amount: 0,
  },
};
