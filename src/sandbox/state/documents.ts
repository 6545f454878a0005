// The billing documents bill runs issued (invoices and credit memos) and the memos made by a call (credit and debit
// memos: payments/memos.ts), as the store keeps them, and the ledger the bill runs' add up to: each line every
// subscription item (or order line item) was billed, so that a bill run bills only what is not billed yet and
// nothing twice (src/sandbox/invoicing/billRun.ts).

export type ChargeKind = 'one_time' | 'recurring' | 'usage';

export interface DocumentItemRec {
  id: string;
  /** The subscription item's id, or the order line item's: whose ledger the line belongs to. */
  billed_id: string;
  subscription_id?: string;
  subscription_number?: string;
  subscription_item_number?: string;
  price_id?: string;
  product_name?: string;
  order_number?: string;
  line_item_number?: string;
  name: string;
  charge_type: ChargeKind;
  discount?: boolean;
  /** `charge` bills a service period; `credit` gives back the unused days of one billed before. */
  kind: 'charge' | 'credit';
  /** Puts back a line billed before that the item's history no longer holds (a change dated before a bill). */
  reversal?: boolean;
  /** The date the billing engine dates the line (the period's start in advance, its end in arrears). */
  target_date: string;
  service_start: string;
  /** Inclusive. */
  service_end: string;
  quantity: number;
  unit_amount?: number;
  unit_of_measure?: string;
  /** What the customer owes for it: negative for a credit, and for the reversal of a charge. */
  amount: number;
}

export interface BillingDocumentRec {
  id: string;
  /** INV00000001, CM00000001 or DM00000001. */
  number: string;
  type: 'invoice' | 'credit_memo' | 'debit_memo';
  /**
   * A memo made by a call, not a bill run (payments/memos.ts): from an invoice, from charges, or an invoice's
   * write-off. Its items bill nothing: the ledger leaves it out.
   */
  origin?: 'invoice' | 'charge' | 'write_off';
  /** A memo made from an invoice (or writing one off): that invoice's id. */
  invoice_id?: string;
  reason_code?: string;
  description?: string;
  /** A debit memo's due date (default its document date). */
  due_date?: string;
  custom_fields?: Record<string, unknown>;
  account_number: string;
  account_id: string;
  currency: string;
  document_date: string;
  /** The bill run's target date: what was due on or before it is billed. */
  target_date: string;
  bill_run_number?: string;
  /** A credit memo that reversed an invoice: that invoice's id (neither stands billed then). */
  reverses?: string;
  items: DocumentItemRec[];
  /** As the document shows it: what an invoice bills, what a credit memo gives back (both >= 0 but a 0 invoice). */
  total: number;
  created_time: string;
}

/** Whether a document's lines stand in the ledger: a bill run's, not a reversal's or a memo made by a call. */
export const billsLedger = (d: BillingDocumentRec) => !d.reverses && !d.origin;

/** A billed line without its sign and id: the same line billed twice has the same key. */
export const lineKey = (i: {
  kind: string;
  target_date: string;
  service_start: string;
  service_end: string;
  quantity: number;
  unit_amount?: number;
  amount: number;
}) =>
  `${i.kind}|${i.target_date}|${i.service_start}|${i.service_end}|${i.quantity}|${i.unit_amount ?? ''}|` +
  `${Math.abs(i.amount)}`; // amounts are rounded once, so one amount is always the same number

/** One line as the ledger holds it: how many times it stands billed (reversals count -1), and a copy of it. */
export interface Billed {
  count: number;
  item: DocumentItemRec;
}

/** What each item has billed, by line, and the latest bill run's target date of each account. */
export class Ledger {
  private readonly byItem = new Map<string, Map<string, Billed>>();
  private readonly reached = new Map<string, string>();
  /** Documents added per account: what an account is billed changes only when its count does. */
  private readonly added = new Map<string, number>();
  /** The latest date each item was billed a line of. */
  private readonly latest = new Map<string, string>();

  constructor(documents: readonly BillingDocumentRec[] = []) {
    for (const d of documents) this.add(d);
  }

  add(d: BillingDocumentRec): void {
    const was = this.reached.get(d.account_number);
    if (was === undefined || d.target_date > was) this.reached.set(d.account_number, d.target_date);
    this.added.set(d.account_number, (this.added.get(d.account_number) ?? 0) + 1);
    for (const item of d.items) {
      const lines = this.byItem.get(item.billed_id) ?? new Map<string, Billed>();
      this.byItem.set(item.billed_id, lines);
      const last = this.latest.get(item.billed_id);
      if (last === undefined || item.target_date > last) this.latest.set(item.billed_id, item.target_date);
      const key = lineKey(item);
      const billed = lines.get(key);
      if (billed) billed.count += item.reversal ? -1 : 1;
      else lines.set(key, { count: item.reversal ? -1 : 1, item });
    }
  }

  /** The lines an item was billed, by key (count 0: billed, then reversed). */
  lines(billedId: string): ReadonlyMap<string, Billed> {
    return this.byItem.get(billedId) ?? EMPTY;
  }

  /** The latest date a line of the item is dated (undefined: none was billed). */
  latestOf(billedId: string): string | undefined {
    return this.latest.get(billedId);
  }

  /** How many of the account's documents this ledger took: another one may change what it was billed. */
  documentsOf(accountNumber: string): number {
    return this.added.get(accountNumber) ?? 0;
  }

  /** The latest target date the account was billed through; undefined before its first document. */
  billedThrough(accountNumber: string): string | undefined {
    return this.reached.get(accountNumber);
  }
}

const EMPTY: ReadonlyMap<string, Billed> = new Map();
