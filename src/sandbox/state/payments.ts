// Payment methods, payments, their refunds and what was done to them after (applied to invoices, unapplied,
// canceled; a method made the default, changed, removed), as the store keeps them. Four lists that only grow, like
// the store's others, so a commit's rollback and time travel's way back take the later ones off by length
// (truncate) and put them back (restore); what a method or a payment is now is read from its entries and refunds
// (src/sandbox/payments/), never written into its record. A card's number is never kept: only its last 4 and how the test card answers.

/** The kinds of payment method the sandbox keeps: a card, an ACH debit, a bank transfer (SEPA debit). */
export type PaymentMethodType = 'card' | 'ach_debit' | 'sepa_debit';

/** How a test card answers a charge (payments/testCards.ts); absent: it pays. */
export type Decline = 'generic_decline' | 'insufficient_funds' | 'expired_card';

export interface PaymentMethodRec {
  id: string;
  account_id: string;
  account_number: string;
  type: PaymentMethodType;
  /** The type's block as answered: a card's brand, expiry and last_4; a bank account's names and last 4. */
  details: Record<string, unknown>;
  billing_details?: Record<string, unknown>;
  custom_fields?: Record<string, unknown>;
  declines?: Decline;
  created_time: string;
}

export interface PaymentRec {
  id: string;
  /** P-00000001. */
  number: string;
  account_id: string;
  account_number: string;
  payment_method_id?: string;
  currency: string;
  amount: number;
  payment_date: string;
  external: boolean;
  /** processed, or error: a declined electronic payment is kept too, with the gateway's code. */
  state: 'processed' | 'error';
  gateway_response_code?: string;
  gateway_response?: string;
  description?: string;
  reference_id?: string;
  custom_fields?: Record<string, unknown>;
  created_time: string;
}

/**
 * Money given back from a payment's unapplied part, or a credit memo's: to a method (electronic) or recorded
 * (external). Exactly one of payment_id and credit_memo_id.
 */
export interface RefundRec {
  id: string;
  /** R-00000001. */
  number: string;
  payment_id?: string;
  credit_memo_id?: string;
  account_id: string;
  account_number: string;
  payment_method_id?: string;
  currency: string;
  amount: number;
  refund_date: string;
  external: boolean;
  description?: string;
  reason_code?: string;
  reference_id?: string;
  custom_fields?: Record<string, unknown>;
  created_time: string;
}

export type PaymentEntryKind = 'apply' | 'unapply' | 'cancel' | 'default' | 'update' | 'remove';

export interface PaymentEntryRec {
  kind: PaymentEntryKind;
  /** The payment's id (apply, unapply, cancel), a credit memo's (apply, unapply) or the method's (default, ...). */
  id: string;
  /** The clock's timestamp. */
  at: string;
  /** apply, unapply: the invoice's or debit memo's id and the amount (always > 0). */
  document_id?: string;
  amount?: number;
  /** default: the method's account. */
  account_id?: string;
  /** update: the fields the method was given (billing_details, custom_fields, a card's expiry). */
  fields?: Record<string, unknown>;
}

/** Where the book stood: its lists' lengths. */
export interface BookExtent {
  methods: number;
  payments: number;
  entries: number;
  refunds?: number; // absent in an extent taken before refunds were kept
}

/** What truncate took off, to put back when that is undone. */
export interface BookRemoved {
  methods: PaymentMethodRec[];
  payments: PaymentRec[];
  entries: PaymentEntryRec[];
  refunds: RefundRec[];
}

/** As the data file keeps it (each absent while empty). */
export interface BookSnapshot {
  paymentMethods?: PaymentMethodRec[];
  payments?: PaymentRec[];
  paymentEntries?: PaymentEntryRec[];
  refunds?: RefundRec[];
}

/** The lists, and the records by id (a payment also by number) and the entries by the id they were taken on. */
export class PaymentBook {
  readonly methodList: PaymentMethodRec[] = [];
  readonly paymentList: PaymentRec[] = [];
  readonly entries: PaymentEntryRec[] = [];
  readonly refundList: RefundRec[] = [];
  private readonly refunds = new Map<string, RefundRec>();
  private readonly refundsOfPayment = new Map<string, RefundRec[]>();
  private readonly methods = new Map<string, PaymentMethodRec>();
  private readonly payments = new Map<string, PaymentRec>();
  private readonly byId = new Map<string, PaymentEntryRec[]>();
  private readonly byDocument = new Map<string, PaymentEntryRec[]>();
  private readonly defaults = new Map<string, string>();

  addMethod(m: PaymentMethodRec): void {
    this.methodList.push(m);
    this.methods.set(m.id, m);
  }
  addPayment(p: PaymentRec): void {
    this.paymentList.push(p);
    this.payments.set(p.id, p);
    this.payments.set(p.number, p);
  }
  addRefund(r: RefundRec): void {
    this.refundList.push(r);
    this.refunds.set(r.id, r);
    this.refunds.set(r.number, r);
    push(this.refundsOfPayment, refunded(r), r);
  }
  addEntry(e: PaymentEntryRec): void {
    this.entries.push(e);
    push(this.byId, e.id, e);
    if (e.document_id) push(this.byDocument, e.document_id, e);
    if (e.kind === 'default' && e.account_id) this.defaults.set(e.account_id, e.id);
    const m = e.kind === 'remove' ? this.methods.get(e.id) : undefined;
    if (m && this.defaults.get(m.account_id) === m.id) this.defaults.delete(m.account_id);
  }

  method(id: string): PaymentMethodRec | undefined {
    return this.methods.get(id);
  }
  /** By id or by number. */
  payment(key: string): PaymentRec | undefined {
    return this.payments.get(key);
  }
  /** By id or by number. */
  refund(key: string): RefundRec | undefined {
    return this.refunds.get(key);
  }
  /** A payment's (or a credit memo's) refunds, in order. */
  refundsOf(paymentId: string): readonly RefundRec[] {
    return this.refundsOfPayment.get(paymentId) ?? [];
  }
  /** The account's default payment method's id (none: none made default, or it was removed). */
  defaultOf(accountId: string): string | undefined {
    return this.defaults.get(accountId);
  }
  /** The entries taken on a payment or a payment method, in order. */
  entriesOf(id: string): readonly PaymentEntryRec[] {
    return this.byId.get(id) ?? NONE;
  }
  /** The applications and unapplications to a document, in order. */
  entriesFor(documentId: string): readonly PaymentEntryRec[] {
    return this.byDocument.get(documentId) ?? NONE;
  }

  extent(): BookExtent {
    const { methodList, paymentList, entries, refundList } = this;
    return {
      methods: methodList.length,
      payments: paymentList.length,
      entries: entries.length,
      refunds: refundList.length,
    };
  }

  /** Takes off what was added after `to` (undefined: an extent from before payments were kept, nothing then). */
  truncate(to: BookExtent | undefined): BookRemoved {
    const removed = {
      methods: this.methodList.splice(to?.methods ?? 0),
      payments: this.paymentList.splice(to?.payments ?? 0),
      entries: this.entries.splice(to?.entries ?? 0),
      refunds: this.refundList.splice(to?.refunds ?? 0),
    };
    for (const r of removed.refunds) {
      this.refunds.delete(r.id);
      this.refunds.delete(r.number);
      this.refundsOfPayment.get(refunded(r))?.pop(); // the latest of its own, as it was the latest of all
    }
    for (const m of removed.methods) this.methods.delete(m.id);
    for (const p of removed.payments) {
      this.payments.delete(p.id);
      this.payments.delete(p.number);
    }
    if (removed.entries.length) this.reindex(); // rare (a rollback, a move back): the defaults read again
    return removed;
  }

  /** Puts back what truncate took off. */
  restore(r: BookRemoved): void {
    for (const m of r.methods) this.addMethod(m);
    for (const p of r.payments) this.addPayment(p);
    for (const e of r.entries) this.addEntry(e);
    for (const x of r.refunds) this.addRefund(x);
  }

  clear(): void {
    this.truncate(undefined);
  }

  snapshot(): BookSnapshot {
    return {
      ...(this.methodList.length ? { paymentMethods: this.methodList } : {}),
      ...(this.paymentList.length ? { payments: this.paymentList } : {}),
      ...(this.entries.length ? { paymentEntries: this.entries } : {}),
      ...(this.refundList.length ? { refunds: this.refundList } : {}),
    };
  }

  load(s: BookSnapshot): void {
    for (const m of Array.isArray(s.paymentMethods) ? s.paymentMethods : []) this.addMethod(m);
    for (const p of Array.isArray(s.payments) ? s.payments : []) this.addPayment(p);
    for (const e of Array.isArray(s.paymentEntries) ? s.paymentEntries : []) this.addEntry(e);
    for (const r of Array.isArray(s.refunds) ? s.refunds : []) this.addRefund(r);
  }

  private reindex(): void {
    this.byId.clear();
    this.byDocument.clear();
    this.defaults.clear();
    const all = this.entries.splice(0);
    for (const e of all) this.addEntry(e);
  }
}

const NONE: readonly PaymentEntryRec[] = [];

/** What a refund gave back from: its payment's id or its credit memo's. */
const refunded = (r: RefundRec) => r.payment_id ?? r.credit_memo_id ?? '';

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const own = map.get(key);
  if (own) own.push(value);
  else map.set(key, [value]);
}
