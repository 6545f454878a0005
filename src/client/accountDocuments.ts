// An account's billing documents as the Accounts tree lists them: GET /v2/billing_documents for the account
// (invoices, credit memos, debit memos), newest first, page after page up to a bound. The tree and the tests of a
// clock move share this one query, so "14 invoices and 1 credit memo billed" is what the tree lists. A service
// that refuses the list (a tenant without billing documents) gets GET /v2/invoices: its invoices only.
import type { BillingClient } from './client';
import type { CallOptions, Query } from './clientTypes';

export interface DocumentRow {
  id: string;
  /** INV00000001, CM00000001: the number the service shows (the id when it shows none). */
  number: string;
  /** invoice, credit_memo, debit_memo (as the service names it). */
  type: string;
  date: string;
  total: number;
  currency?: string;
  state?: string;
  /** The document as the service answered it (Open as JSON). */
  raw: unknown;
}

export interface AccountDocuments {
  /** Newest first. */
  rows: DocumentRow[];
  /** More documents than the pages read hold: the rows are the newest ones. */
  more: boolean;
}

/** The v2 lists' largest page. */
export const DOCUMENTS_PAGE_SIZE = 99;
/** Pages read at most (an account of a tenant may hold thousands of documents; the tree shows the newest). */
export const DOCUMENTS_MAX_PAGES = 10;

/** The account's documents, newest first; a service that lists none, or refuses both lists, gives none. */
export async function accountDocuments(
  client: BillingClient,
  accountNumber: string,
  o: CallOptions & { maxPages?: number } = {},
): Promise<AccountDocuments> {
  const all = await pages(client, '/v2/billing_documents', accountNumber, o).catch(() => undefined);
  if (all) return { rows: all.data.flatMap(v => documentRow(v)), more: all.more };
  const invoices = await pages(client, '/v2/invoices', accountNumber, o).catch(() => undefined);
  return { rows: invoices?.data.flatMap(v => documentRow(v, 'invoice')) ?? [], more: invoices?.more ?? false };
}

async function pages(
  client: BillingClient,
  path: string,
  accountNumber: string,
  o: CallOptions & { maxPages?: number },
) {
  const data: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < (o.maxPages ?? DOCUMENTS_MAX_PAGES); page++) {
    const query: Query = {
      'filter[]': `account_number.EQ:${accountNumber}`,
      'sort[]': 'document_date.desc',
      'expand[]': ['items'],
      page_size: DOCUMENTS_PAGE_SIZE,
      cursor,
    };
    const r = await client.send<{ data?: unknown; next_page?: unknown }>({ method: 'GET', path }, { ...o, query });
    if (!Array.isArray(r.data?.data)) throw new Error(`${path} answered no list (\`data\`)`);
    data.push(...r.data.data);
    cursor = typeof r.data.next_page === 'string' && r.data.next_page ? r.data.next_page : undefined;
    if (!cursor) return { data, more: false };
  }
  return { data, more: true };
}

/** One entry of either list as a row; one without an id or a number is left out. */
function documentRow(v: unknown, type?: string): DocumentRow[] {
  if (!v || typeof v !== 'object') return [];
  const o = v as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' && x ? x : undefined);
  const id = text(o.id);
  const number = text(o.billing_document_number) ?? text(o.invoice_number) ?? id;
  if (!id || !number) return [];
  return [
    {
      id,
      number,
      type: type ?? text(o.type) ?? 'invoice',
      date: text(o.document_date) ?? '',
      total: typeof o.total === 'number' ? o.total : 0,
      currency: text(o.currency),
      state: text(o.state),
      raw: v,
    },
  ];
}
