// v2 credit and debit memos, kept in the store by the memos' rules (payments/memos.ts, memoCredits.ts): created from
// an invoice (`invoice_id`, its items or some) or from charges (`items`), a draft unless `post: true`; read by id or
// number, listed (+ their items), posted, unposted, canceled; a credit memo applied to invoices and debit memos and
// unapplied; a debit memo paid (POST /v2/debit_memos/{id}/pay: a payment applied to it). PATCH and DELETE are still
// answered from the contract. Bodies are checked against the reference's request schemas first.
import { checkContractBody } from '../contract/contractAnswers';
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Call, type Route } from '../http/router';
import { creditStatus } from '../payments/balances';
import { applyCredit, unapplyCredit } from '../payments/memoCredits';
import { cancelMemo, createMemo, postMemo, unpostMemo, type MemoItemInput, type MemoType } from '../payments/memos';
import type { Application } from '../payments/payments';
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';
import { accountByKey } from '../state/lookup';
import type { Store } from '../state/store';
import { statusWithPayments } from '../payments/balances';
import { SAMPLE_DOCUMENT } from './billingRoutes';
import { actionBody } from './invoiceRoutes';
import { itemFields } from './invoiceViews';
import { memoView } from './memoViews';
import { listPage } from './listQuery';
import { payDocument, paying } from './payDocument';

type Body = Record<string, unknown>;
const PATHS = { credit_memo: 'credit_memos', debit_memo: 'debit_memos' } as const;
const WHAT = { credit_memo: 'Credit memo', debit_memo: 'Debit memo' } as const;

/** A memo of the type by id or number, else a 404 naming the path's parameter. */
export function memoOf(store: Store, key: string, type: MemoType): BillingDocumentRec {
  const d = store.documents.get(key);
  if (d && d.type === type) return d;
  throw notFound(`${type}_id`, `${WHAT[type]} ${key} could not be found.`);
}

const expanded = (q: URLSearchParams) => q.getAll('expand[]').includes('items');

export function memoRoutes(deps: RouteDeps): Route[] {
  const today = () => deps.clock.today();
  return (['credit_memo', 'debit_memo'] as const).flatMap(type => typeRoutes(deps, type, today));
}

function typeRoutes(deps: RouteDeps, type: MemoType, today: () => string): Route[] {
  const { store } = deps;
  const base = `/v2/${PATHS[type]}`;
  const param = `${type}_id`;
  const view = (d: BillingDocumentRec, items = false) => memoView(store, d, today(), items);
  const actions: [string, typeof postMemo][] = [
    ['post', postMemo],
    ['unpost', unpostMemo],
    ['cancel', cancelMemo],
  ];
  return [
    {
      method: 'GET',
      path: base,
      handle: call => {
        const all = store.documentList.filter(d => d.type === type);
        const what = `${WHAT[type]}s`;
        const sample = view({
          ...SAMPLE_DOCUMENT,
          type,
          invoice_id: '-',
          reason_code: '',
          description: '',
          due_date: '',
        });
        return ok(listPage(all, call.query, d => view(d, expanded(call.query)), { what, sample, row: d => view(d) }));
      },
    },
    {
      method: 'POST',
      path: base,
      handle: call =>
        deps.idempotent(
          call,
          body => checkContractBody(`POST ${base}`, body),
          raw => {
            const body = raw as Body;
            const input = memoInput(store, type, body, today());
            const d = deps.commit(() =>
              paying(() => {
                const memo = createMemo(store, input, deps.clock.timestamp());
                if (type === 'credit_memo' && body.apply === true && input.invoice && input.post) {
                  const amount = Math.min(memo.total, creditStatus(store, memo).unapplied);
                  applyCredit(store, memo, [{ id: input.invoice.id, type: 'invoice', amount }], memo.created_time);
                }
                return memo;
              }),
            );
            return { status: 201, body: view(d, true) };
          },
        ),
    },
    {
      method: 'GET',
      path: `${base}/{${param}}`,
      handle: call => ok(view(memoOf(store, call.params[param], type), expanded(call.query))),
    },
    {
      method: 'GET',
      path: `/v2/${type}_items`,
      handle: call => {
        const rows = store.documentList.filter(d => d.type === type).flatMap(d => d.items.map(i => ({ d, i })));
        const itemView = ({ d, i }: { d: BillingDocumentRec; i: DocumentItemRec }) => ({
          ...itemFields(d, i, statusWithPayments(store, d)),
          [`${type}_id`]: d.id,
        });
        const sampleRow = { d: { ...SAMPLE_DOCUMENT, type }, i: SAMPLE_ITEM };
        return ok(listPage(rows, call.query, itemView, { what: `${WHAT[type]} items`, sample: itemView(sampleRow) }));
      },
    },
    ...actions.map(([name, act]): Route => ({
      method: 'POST',
      path: `${base}/{${param}}/${name}`,
      handle: async call => {
        await actionBody(call, `POST ${base}/{${param}}/${name}`);
        await call.hold();
        const d = memoOf(store, call.params[param], type);
        deps.commit(() => paying(() => act(store, d, deps.clock.timestamp())));
        return ok(view(d, expanded(call.query)));
      },
    })),
    ...(type === 'credit_memo'
      ? (['apply', 'unapply'] as const).map((name): Route => ({
          method: 'POST',
          path: `${base}/{${param}}/${name}`,
          handle: call =>
            deps.idempotent(
              call,
              body => checkContractBody(`POST ${base}/{${param}}/${name}`, body),
              raw => {
                const d = memoOf(store, call.params[param], type);
                const given = (raw as Body).billing_documents as Application[];
                const act = name === 'apply' ? applyCredit : unapplyCredit;
                deps.commit(() => paying(() => act(store, d, given, deps.clock.timestamp())));
                return ok(view(d));
              },
            ),
        }))
      : [
          {
            method: 'POST' as const,
            path: `${base}/{${param}}/pay`,
            handle: (call: Call) =>
              deps.idempotent(
                call,
                body => checkContractBody(`POST ${base}/{${param}}/pay`, body),
                raw => {
                  const d = memoOf(store, call.params[param], type);
                  payDocument(deps, d, raw as Body);
                  return ok(view(d));
                },
              ),
          },
        ]),
  ];
}

/** What a create body asks: the account (named, or the invoice's), the invoice, the items and the dates. */
function memoInput(store: Store, type: MemoType, body: Body, today: string) {
  const invoiceKey = body.invoice_id as string | undefined;
  const invoice = invoiceKey !== undefined ? store.documents.get(invoiceKey) : undefined;
  if (invoiceKey !== undefined && invoice?.type !== 'invoice') {
    throw badRequest('invalid_parameter', 'invoice_id', `No invoice ${invoiceKey}.`);
  }
  const key = (body.account_id ?? body.account_number ?? invoice?.account_number) as string | undefined;
  if (key === undefined) {
    throw badRequest('missing_parameter', 'account_id', 'Give account_id or account_number (or invoice_id).', 22);
  }
  const account = accountByKey(store, key);
  if (!account) {
    const parameter = body.account_id !== undefined ? 'account_id' : 'account_number';
    throw badRequest('invalid_parameter', parameter, `No account ${key}.`);
  }
  return {
    type,
    account,
    invoice,
    items: body.items as MemoItemInput[] | undefined,
    currency: body.currency as string | undefined,
    document_date: (body.document_date as string | undefined) ?? today,
    due_date: body.due_date as string | undefined,
    reason_code: body.reason_code as string | undefined,
    description: body.description as string | undefined,
    custom_fields: body.custom_fields as Body | undefined,
    post: body.post === true,
  };
}

/** An item with every field its answers can show: what a filter may name. */
const SAMPLE_ITEM: DocumentItemRec = {
  id: '',
  billed_id: '',
  subscription_id: '',
  price_id: '',
  name: '',
  charge_type: 'one_time',
  kind: 'charge',
  target_date: '',
  service_start: '',
  service_end: '',
  quantity: 0,
  unit_amount: 0,
  unit_of_measure: '',
  amount: 0,
};
