// The bill runs the sandbox ran (POST /v2/bill_runs, POST /v1/bill-runs), kept so either family can read one
// back (GET /v2/bill_runs/{id}, GET /v2/bill_runs, GET /v1/bill-runs/{billRunId}). What a run issued lives in
// the documents; a record keeps what its answer says: its dates, what it was asked besides billing (in neither
// family's words, so each answers it in its own) and its counts (invoicing/billRunRequest's billRunRec makes one).
export interface BillRunRec {
  id: string;
  number: string;
  /** When it ran (the clock's timestamp). */
  ranAt: string;
  targetDate: string;
  documentDate: string;
  /** The bill cycle day it was limited to, if any. */
  cycleDay?: number;
  /** The one account it billed, when the body named one. */
  accountId?: string;
  /** What the run was asked besides billing, whichever family asked. */
  asked: BillRunAsked;
  /** The family that ran it, and its body as sent: what only that family's answer repeats (v1 billRunFilters). */
  family: 'v1' | 'v2';
  body: Record<string, unknown>;
  accountsProcessed: number;
  invoices: number;
  creditMemos: number;
}

/** v1 autoPost, autoEmail, autoRenewal, noEmailForZeroAmountInvoice, chargeTypeToExclude; v2 post, email, renew,
 * email_zero_amount_invoices, charges_excluded; both name and batches. */
export interface BillRunAsked {
  post: boolean;
  email: boolean;
  renew: boolean;
  emailZeroAmount: boolean;
  name?: string;
  batches?: string[];
  chargesExcluded?: string[];
}
