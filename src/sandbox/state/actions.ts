// What was done to the documents and bill runs after they were issued: an invoice posted, unposted, canceled or
// reversed; a bill run posted, canceled or deleted. Kept as a list that only grows, like the store's others, so a
// commit's rollback and time travel's way back take the later ones off by length; what a document or a run is
// now is read from its actions (documentStatus, billRunStatus), never written into its record.
import { billsLedger, Ledger, type BillingDocumentRec } from './documents';
import { exact, sub } from '../money/exact';
import { roundMoney } from '../money/rounding';

export type ActionKind = 'post' | 'unpost' | 'cancel' | 'reverse' | 'delete';

export interface ActionRec {
  /** The invoice's or the bill run's id. */
  id: string;
  action: ActionKind;
  /** The clock's timestamp. */
  at: string;
  /** A reversal's credit memo. */
  memo_id?: string;
  /** A bill run posted with an invoice date: its drafts' new date (and the run's). */
  document_date?: string;
}

/** The actions in the order they were taken, and by the id they were taken on. */
export class Actions {
  readonly list: ActionRec[] = [];
  private readonly byId = new Map<string, ActionRec[]>();

  add(a: ActionRec): void {
    this.list.push(a);
    const own = this.byId.get(a.id);
    if (own) own.push(a);
    else this.byId.set(a.id, [a]);
  }

  of(id: string): readonly ActionRec[] {
    return this.byId.get(id) ?? NONE;
  }

  /** Takes off the actions after the first `length`, and answers them. */
  truncate(length: number): ActionRec[] {
    const gone = this.list.splice(length);
    for (const a of gone) this.byId.get(a.id)?.pop(); // the latest of its own, as it was the latest of all
    return gone;
  }

  clear(): void {
    this.list.length = 0;
    this.byId.clear();
  }
}

const NONE: readonly ActionRec[] = [];

export interface DocumentStatus {
  state: 'draft' | 'posted' | 'canceled';
  /** When it was last posted (at issue, unless unposted and posted again). */
  posted_time?: string;
  canceled_time?: string;
  /** The credit memo that reversed it. */
  reversed_by?: string;
  /** When it last changed. */
  updated_time: string;
  /** The date it was posted with, when not the date it was issued with. */
  document_date?: string;
  /** What payments applied to it (net of unapplied), once any was (invoicing/documentActions.ts statusOf). */
  paid?: number;
  /** Of `paid`, what credit memos applied (payments/balances.ts). */
  credited?: number;
}

/** A document's state: posted when issued, then as its actions left it. */
export function documentStatus(created: string, actions: readonly ActionRec[]): DocumentStatus {
  const s: DocumentStatus = { state: 'posted', posted_time: created, updated_time: created };
  for (const a of actions) {
    s.updated_time = a.at;
    if (a.action === 'post') Object.assign(s, { state: 'posted', posted_time: a.at });
    if (a.action === 'post' && a.document_date) s.document_date = a.document_date;
    else if (a.action === 'unpost') Object.assign(s, { state: 'draft', posted_time: undefined });
    else if (a.action === 'cancel') Object.assign(s, { state: 'canceled', canceled_time: a.at });
    else if (a.action === 'reverse') s.reversed_by = a.memo_id;
  }
  return s;
}

/** What is left to pay of an amount of the document: nothing once reversed or canceled (nothing is paid). */
export const remaining = (s: DocumentStatus, amount: number) => (s.reversed_by || s.state === 'canceled' ? 0 : amount);

/** What is left to pay of the whole document: its total less what payments applied to it (exact, never below 0). */
export const documentBalance = (s: DocumentStatus, total: number, currency?: string): number => {
  const left = remaining(s, total);
  return s.paid ? Math.max(0, roundMoney(sub(exact(left), exact(s.paid)), currency)) : left;
};

/** Whether a document still stands billed: neither canceled nor reversed (the ledger leaves the others out). */
export const standsBilled = (actions: readonly ActionRec[]) =>
  !actions.some(a => a.action === 'cancel' || a.action === 'reverse');

/** The ledger of the documents that stand billed: not canceled, not reversed, no reversal's credit memo. */
export const standingLedger = (documents: readonly BillingDocumentRec[], actions: Actions) =>
  new Ledger(documents.filter(d => billsLedger(d) && standsBilled(actions.of(d.id))));

export interface BillRunStatus {
  state: 'completed' | 'posted' | 'canceled';
  deleted: boolean;
  updated_time?: string;
  /** The invoice date it was posted with. */
  document_date?: string;
}

/** A bill run's state: completed when it ran, then posted or canceled; deleted once canceled and deleted. */
export function billRunStatus(actions: readonly ActionRec[]): BillRunStatus {
  const s: BillRunStatus = { state: 'completed', deleted: false };
  for (const a of actions) {
    s.updated_time = a.at;
    if (a.action === 'post') Object.assign(s, { state: 'posted', document_date: a.document_date });
    else if (a.action === 'cancel') s.state = 'canceled';
    else if (a.action === 'delete') s.deleted = true;
  }
  return s;
}
