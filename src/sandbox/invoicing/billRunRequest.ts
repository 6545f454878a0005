// What a bill run is asked to do, read from either family's request: the target date (what is due on or before
// it is billed: today at the latest, since the sandbox's clock bills the rest as it moves), the document date,
// which accounts and subscriptions, which charge types to leave out. Each family checks its own body and says
// what is wrong in its own shape; this runs the bill run over the accounts it names.
import type { BillRunAsked, BillRunRec } from '../state/billRuns';
import type { BillingDocumentRec, ChargeKind } from '../state/documents';
import type { AccountRec, Store } from '../state/store';
import { accountScopes, billAccount, type BillFilter } from './billRun';
import { takeAction } from './documentActions';
import { priced } from './unbilled';

export interface BillRunRequest extends BillFilter {
  targetDate: string;
  documentDate: string;
  /** Only these accounts (else every account). */
  accounts?: readonly AccountRec[];
  /** Only accounts whose bill cycle day is this one (else every day). */
  cycleDay?: number;
  /** Only accounts in these batches (else every batch); an account given none is in Batch1, as the vendor's are. */
  batches?: readonly string[];
  billRunNumber?: string;
  now: string;
  /** true: its invoices posted (and collected: collection/); false: left drafts; absent: posted, as issued. */
  post?: boolean;
}

export interface BillRunOutcome {
  /** The accounts billed (the unbilled ones not counted). */
  accountsProcessed: number;
  documents: BillingDocumentRec[];
  /** Accounts of a run over several that the engine cannot price, left as they were: by number, why. */
  unbilled: Map<string, string>;
}

/**
 * Bills the accounts the request names through its target date; the documents issued (kept in the store). A run
 * over one account answers the engine's limit as its error; over several, an account past it is left out and
 * noted, never stopping the others' bills.
 */
export function runBillRun(store: Store, r: BillRunRequest): BillRunOutcome {
  const scopes = accountScopes(store);
  const accounts = r.accounts ?? store.accountList;
  const documents: BillingDocumentRec[] = [];
  const unbilled = new Map<string, string>();
  let accountsProcessed = 0;
  for (const account of accounts) {
    if (r.cycleDay !== undefined && account.bill_cycle_day !== r.cycleDay) continue;
    if (r.batches && !r.batches.includes(batchOf(account))) continue;
    const scope = scopes.get(account.account_number) ?? { subscriptions: [], orders: [] };
    const bill = () => billAccount(store, account, scope, r);
    const docs = accounts.length === 1 ? bill() : priced(account.account_number, r.targetDate, unbilled, bill);
    if (unbilled.has(account.account_number)) continue;
    accountsProcessed++;
    if (docs) documents.push(...docs);
  }
  // Asked not to post: its invoices stay drafts, to be posted later (POST /v2/bill_runs/{id}/post) or canceled.
  if (r.post === false) {
    for (const d of documents) if (d.type === 'invoice') takeAction(store, { id: d.id, action: 'unpost', at: r.now });
  }
  return { accountsProcessed, documents, unbilled };
}

/** The account's batch: as it was given, else the vendor's default, Batch1. */
export const batchOf = (a: AccountRec): string =>
  typeof a.details?.batch === 'string' && a.details.batch !== '' ? a.details.batch : 'Batch1';

/** The charge types a request names (OneTime, Recurring, Usage, in any case or as one_time); undefined: unknown. */
export function chargeKindOf(name: string): ChargeKind | undefined {
  const k = name.replace(/[_\s-]/g, '').toLowerCase();
  return k === 'onetime' ? 'one_time' : k === 'recurring' ? 'recurring' : k === 'usage' ? 'usage' : undefined;
}

/** A subscription of the account by id or number: the request's subscription filter must name them. */
export const subscriptionOf = (store: Store, key: string) =>
  store.subscriptions.get(key) ?? [...store.subscriptions.values()].find(s => s.id === key);

/** What is kept of a bill run that ran: the record both families' answers are read from. */
export function billRunRec(
  id: string,
  number: string,
  r: BillRunRequest,
  family: 'v1' | 'v2',
  body: Record<string, unknown>,
  outcome: BillRunOutcome,
): BillRunRec {
  const count = (type: string) => outcome.documents.filter(d => d.type === type).length;
  return {
    id,
    number,
    ranAt: r.now,
    targetDate: r.targetDate,
    documentDate: r.documentDate,
    ...(r.cycleDay !== undefined ? { cycleDay: r.cycleDay } : {}),
    ...(r.accounts?.length === 1 ? { accountId: r.accounts[0].id } : {}),
    asked: askedIn(family, body),
    family,
    body,
    accountsProcessed: outcome.accountsProcessed,
    invoices: count('invoice'),
    creditMemos: count('credit_memo'),
  };
}

/** A list as either family writes it: an array, or (v2) one string of names separated by commas. */
const names = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : undefined;
const nameOf = (b: Record<string, unknown>) => (typeof b.name === 'string' ? { name: b.name } : {});

/** Each family's names for what a bill run is asked besides billing. */
const ASKED_NAMES = {
  v1: { post: 'autoPost', email: 'autoEmail', renew: 'autoRenewal', excluded: 'chargeTypeToExclude' },
  v2: { post: 'post', email: 'email', renew: 'renew', excluded: 'charges_excluded' },
} as const;

function askedIn(family: 'v1' | 'v2', b: Record<string, unknown>): BillRunAsked {
  const n = ASKED_NAMES[family];
  const batches = names(b.batches),
    excluded = names(b[n.excluded]);
  return {
    post: b[n.post] === true,
    email: b[n.email] === true,
    renew: b[n.renew] === true,
    // v1 asks to leave zero-amount invoices out of the emails; v2 to put them in (its default).
    emailZeroAmount: family === 'v1' ? b.noEmailForZeroAmountInvoice !== true : b.email_zero_amount_invoices !== false,
    ...nameOf(b),
    ...(batches ? { batches } : {}),
    ...(excluded ? { chargesExcluded: excluded } : {}),
  };
}
