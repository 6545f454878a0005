// Finding accounts by name or number, on the service. Its `filter[]` clauses all apply (AND), so "name or
// number starts with" is two filtered queries, each paged by the service, merged here (numbers first).
import type { BillingClient } from './client';
import type { CallOptions } from './clientTypes';

export interface AccountMatch {
  accountNumber: string;
  name: string;
  currency: string;
  status: string;
}
/** Where each query goes on from; null when that query has nothing more. */
export interface SearchCursors {
  accountNumber: string | null;
  name: string | null;
}
export interface SearchPage {
  rows: AccountMatch[];
  /** Cursors for the next page, or null when both queries are done. */
  next: SearchCursors | null;
}

const FIELDS = ['accountNumber', 'name'] as const;

/** One page of the accounts whose number or name starts with `text` (the first page without `after`). */
export async function searchAccounts(
  client: BillingClient,
  text: string,
  pageSize: number,
  after?: SearchCursors,
  o: CallOptions = {},
): Promise<SearchPage> {
  const answers = await Promise.all(
    FIELDS.map(field => {
      const cursor = after?.[field];
      if (after && cursor === null) return undefined; // this query is done
      return client.queryAccounts({ pageSize, cursor: cursor ?? undefined, startsWith: { field, text } }, o);
    }),
  );
  const seen = new Set<string>();
  const rows: AccountMatch[] = [];
  for (const a of answers) {
    for (const r of a?.data.data ?? []) {
      if (seen.has(r.accountNumber)) continue; // a number that starts like a name does
      seen.add(r.accountNumber);
      rows.push(r);
    }
  }
  const next = { accountNumber: answers[0]?.data.nextPage ?? null, name: answers[1]?.data.nextPage ?? null };
  return { rows, next: next.accountNumber === null && next.name === null ? null : next };
}

/** Whether the account's number or name starts with `text`, as the service matches (case-insensitive). */
export function accountStartsWith(a: AccountMatch, text: string): boolean {
  const t = text.toLowerCase();
  return a.accountNumber.toLowerCase().startsWith(t) || a.name.toLowerCase().startsWith(t);
}
