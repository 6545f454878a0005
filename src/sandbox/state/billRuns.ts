// The bill runs the sandbox ran (POST /v2/bill_runs, POST /v1/bill-runs), kept so either family can read one
// back (GET /v2/bill_runs/{id}, GET /v2/bill_runs, GET /v1/bill-runs/{billRunId}). What a run issued lives in
// the documents; a record keeps what its answer says: its dates, the body's flags and its counts
// (invoicing/billRunRequest's billRunRec makes one).
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
  /** The body as sent: the answers repeat its flags, names and lists. */
  body: Record<string, unknown>;
  accountsProcessed: number;
  invoices: number;
  creditMemos: number;
}
