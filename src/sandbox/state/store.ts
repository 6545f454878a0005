// The sandbox's state: accounts, subscriptions, orders and the billing documents bill runs issued, in memory,
// optionally kept in a data file (see dataFile.ts). A change commits to memory and file together, or to neither.
import {
  atomicWrite,
  corrupt,
  DataFileError,
  reasonOf,
  removeStaleTemps,
  setAside,
  SNAPSHOT_FORMAT,
  type DataWriter,
} from './dataFile';
import { acquireLock } from './dataLock';
import { Journal } from './journal';
import { trackerOf } from './journalDiff';
import type { Catalog } from './catalog';
import { SEED_CATALOG } from './seedCatalog';
import { CatalogError, importCatalog } from './catalogImport';
import { Numbers } from './ids';
import type { BillRunRec } from './billRuns';
import { Actions, standingLedger, standsBilled, type ActionRec } from './actions';
import { billsLedger, Ledger, type BillingDocumentRec } from './documents';
import { upgradeOrder } from './upgrade';
import { PaymentBook, type BookExtent, type BookRemoved, type BookSnapshot } from './payments';
import { Notifications, type NotificationDefinitionRec } from './notifications';
import { IdempotencyKeys, type KeyRec } from './idempotencyKeys';
import { UsageBook, type UsageExtent, type UsageRemoved, type UsageSnapshot } from './usage';
import { CalloutTemplates, type CalloutTemplateRec } from './calloutTemplates';
import { SubscriptionChanges, type SubscriptionChangeRec } from './subscriptionChanges';
import { SeededMap, seededList } from './seededCollections';
import type { Seeding, SeededInfo } from './seededRows';
import { keptRows, loadSeeding, seededInfoOf, unseed } from './seededStore';

export type { BillingRun, ItemRec, PauseRec, PlanRec } from './subscriptionParts';

export {
  ACCOUNT_KEY,
  currentTerm,
  type AccountRec,
  type Contact,
  type OrderRec,
  type SubscriptionRec,
  type SubscriptionState,
} from './records';
import type { AccountRec, OrderRec, SubscriptionRec } from './records';

interface Snapshot extends BookSnapshot, UsageSnapshot {
  format: string;
  numbers: Record<string, number>;
  accounts: AccountRec[];
  subscriptions: SubscriptionRec[];
  orders: OrderRec[];
  /** A connection's catalog copied in (GET /v2/plans plans); absent: the seeded one. */
  catalog?: { plans: readonly unknown[] };
  /** The sandbox's today once its clock was moved, so a restart stays on the date its data reached. */
  today?: string;
  /** Invoices and credit memos the bill runs issued; absent before the first. */
  documents?: BillingDocumentRec[];
  /** The bill runs, in the order they ran; absent before the first (and in files written before they were kept). */
  billRuns?: BillRunRec[];
  actions?: ActionRec[]; // what was done to documents and bill runs after they were issued; absent before the first
  notifications?: NotificationDefinitionRec[]; // absent before the first; time travel leaves them as they are
  calloutTemplates?: CalloutTemplateRec[]; // the same
  subscriptionChanges?: SubscriptionChangeRec[]; // what the clock did to subscriptions; absent before the first
  seeded?: SeededInfo; // seeded customers derived, not stored (the rows above override them); absent: none
  seededAccounts?: AccountRec[]; // seeded ones held (changed, or read for a change), by key; absent: no seeding
  seededOrders?: OrderRec[];
  idempotency?: KeyRec[]; // Idempotency-Keys and their answers (idempotencyKeys.ts); absent: none
}
export interface StoreOptions {
  writer?: DataWriter;
  /** The journal's size past which it is compacted (journal.ts COMPACT_AT; tests make it small). */
  compactAt?: number;
}

/**
 * Where the store stood, less its subscriptions: the lists only grow (their lengths then), and the rest is small.
 * A commit's rollback and time travel's way back (timeTravel/marks.ts) both put the store back to one.
 */
export interface Extent {
  counters: Record<string, number>;
  accounts: number;
  orders: number;
  documents: number;
  billRuns: number;
  actions: number;
  catalog: Catalog;
  payments?: BookExtent; // absent in marks kept before payments were
  usage?: UsageExtent; // absent in marks kept before usage was
  changes?: number; // absent in marks kept before subscription changes were
  keys?: number; // the Idempotency-Keys written by then (idempotencyKeys.ts seq)
}

/** What a store put back to an extent took off its lists (to add them again when that is undone). */
export interface Removed {
  accounts: AccountRec[];
  orders: OrderRec[];
  documents: BillingDocumentRec[];
  billRuns: BillRunRec[];
  actions: ActionRec[];
  payments: BookRemoved;
  usage: UsageRemoved;
  changes: SubscriptionChangeRec[];
  keys: KeyRec[];
}

interface Checkpoint extends Extent {
  /** Subscriptions replaced since the checkpoint, with what they were (undefined: new). */
  replaced: Map<string, SubscriptionRec | undefined>;
}

export class Store {
  readonly numbers = new Numbers();
  readonly accounts = new SeededMap<AccountRec>(); // seeded rows derived on demand (seededCollections.ts)
  readonly subscriptions = new SeededMap<SubscriptionRec>(); // it tells the journal each set and delete (journalDiff.ts)
  readonly orders = new SeededMap<OrderRec>();
  /** Insertion order for cursor paging. */
  readonly accountList = seededList(this.accounts);
  readonly orderList = seededList(this.orders);
  /** The seeded customers the maps and lists derive (seededRows.ts); undefined: none. */
  seeding: Seeding | undefined;
  /** Invoices and credit memos, in the order they were issued. */
  readonly documentList: BillingDocumentRec[] = [];
  /** The same, by id and by number. */
  readonly documents = new Map<string, BillingDocumentRec>();
  /** Bill runs in the order they ran, and by id and by number. */
  readonly billRunList: BillRunRec[] = [];
  readonly billRuns = new Map<string, BillRunRec>();
  readonly actions = new Actions(); // invoices posted, canceled...; bill runs posted... (actions.ts)
  readonly payments = new PaymentBook(); // payment methods, payments, what was done to them (payments.ts)
  readonly usage = new UsageBook(); // usage records and their uploads, rated by bill runs (usage.ts)
  /** What each item has been billed (from the documents): a bill run bills the rest. */
  ledger = new Ledger();
  /** Notification definitions (notifications.ts): what events/ delivers callouts for. */
  readonly notifications = new Notifications();
  readonly calloutTemplates = new CalloutTemplates(); // what definitions may name (calloutTemplates.ts)
  readonly changes = new SubscriptionChanges(); // what the clock did to subscriptions (subscriptionChanges.ts)
  readonly idempotencyKeys = new IdempotencyKeys(); // each written with the change its request made
  /** What orders are priced from: the seeded catalog, or one copied in (kept in the data file). */
  catalog: Catalog = SEED_CATALOG;
  /** Temp files of a crashed writer removed at open. */
  readonly staleTempsRemoved: number = 0;
  /** When the data file was damaged: where it was moved aside and how to get its data back (the start is fresh). */
  readonly damaged: string | undefined;
  /** The clock's date once it was moved (time travel), kept in the data file with the data it led to. */
  today: string | undefined;
  /**
   * Told what a subscription (by number) or an account changed in place (ACCOUNT_KEY + number) was before each
   * change (time travel keeps it to go back: timeTravel/history.ts).
   */
  journal: ((key: string, before: SubscriptionRec | AccountRec | undefined) => void) | undefined;
  private readonly writer: DataWriter;
  readonly log: Journal | undefined; // the data file: a snapshot and the journal of commits since (journal.ts)
  private releaseLock: (() => void) | undefined;
  private checkpoint: Checkpoint | undefined;

  /** Opens (and locks) `file`, refusing anything that is not our snapshot; without a file, memory only. */
  constructor(
    private readonly file?: string,
    opts: StoreOptions = {},
  ) {
    this.writer = opts.writer ?? atomicWrite;
    if (!file) return;
    this.releaseLock = acquireLock(file);
    try {
      this.staleTempsRemoved = removeStaleTemps(file);
      this.log = new Journal(file, this.writer, opts.compactAt);
      try {
        const snapshot = this.log.open();
        if (snapshot) this.load(snapshot as unknown as Snapshot);
      } catch (e) {
        if (!(e instanceof DataFileError && e.problem === 'corrupt')) throw e;
        this.damaged = setAside(e); // nothing was loaded: load refuses before it adds anything
      }
      this.log.tracker = trackerOf(this);
    } catch (e) {
      this.close();
      throw e;
    }
  }

  addAccount(a: AccountRec) {
    const seeded = this.accounts.seededIndex(a.account_number) >= 0; // a seeded one's change: already listed
    this.accounts.set(a.account_number, a);
    if (!seeded) this.accountList.push(a);
  }
  addOrder(o: OrderRec) {
    const seeded = this.orders.seededIndex(o.order_number) >= 0;
    this.orders.set(o.order_number, o);
    if (!seeded) this.orderList.push(o);
  }
  addDocument(d: BillingDocumentRec) {
    this.documents.set(d.id, d);
    this.documents.set(d.number, d);
    this.documentList.push(d);
    if (billsLedger(d) && standsBilled(this.actions.of(d.id))) this.ledger.add(d); // canceled, reversed: not billed
  }
  addBillRun(r: BillRunRec) {
    this.billRuns.set(r.id, r);
    this.billRuns.set(r.number, r);
    this.billRunList.push(r);
  }
  putSubscription(s: SubscriptionRec) {
    this.journal?.(s.subscription_number, this.subscriptions.get(s.subscription_number));
    if (this.checkpoint && !this.checkpoint.replaced.has(s.subscription_number)) {
      this.checkpoint.replaced.set(s.subscription_number, this.subscriptions.get(s.subscription_number));
    }
    this.subscriptions.set(s.subscription_number, s);
  }
  /** An account changed in place (lookup.ts changeAccount, time travel putting one back): the journal writes it. */
  /** The seeding as the data file keeps it (seededStore.ts); undefined: none. */
  seededInfo() {
    return seededInfoOf(this);
  }
  accountChanged(a: AccountRec): void {
    this.log?.tracker?.accountChanged(a);
  }

  /**
   * Runs `change` and saves: both happen, or memory is put back as it was and the error is thrown (a
   * DataFileError when the file could not be written), so an answer never claims what was not kept.
   */
  commit<T>(change: () => T): T {
    this.checkpoint = { ...this.extent(), replaced: new Map() };
    try {
      const result = change();
      this.idempotencyKeys.takeRunning(); // in the same record: a retry never makes the change twice
      this.save();
      return result;
    } catch (e) {
      this.rollback(this.checkpoint); // the key taken goes with the change (written after the checkpoint)
      throw e;
    } finally {
      this.checkpoint = undefined;
    }
  }

  /** Writes what changed to the data file, if any: a journal record, or a whole snapshot when due. */
  save(): void {
    if (!this.file) return;
    try {
      this.log!.save(() => this.serialise());
    } catch (e) {
      const message = `The Local sandbox could not save ${this.file}: ${reasonOf(e)}.`;
      throw new DataFileError('unwritable', this.file, message);
    }
  }

  /** The whole state as the data file holds it: a copy that later changes do not reach. */
  serialise(): string {
    const snapshot: Snapshot = {
      format: SNAPSHOT_FORMAT,
      numbers: this.numbers.counters,
      ...keptRows(this),
      ...(this.catalog.source ? { catalog: { plans: this.catalog.source } } : {}),
      ...(this.today !== undefined ? { today: this.today } : {}),
      ...(this.documentList.length ? { documents: this.documentList } : {}),
      ...(this.billRunList.length ? { billRuns: this.billRunList } : {}),
      ...(this.actions.list.length ? { actions: this.actions.list } : {}),
      ...this.payments.snapshot(),
      ...this.usage.snapshot(),
      ...(this.notifications.size ? { notifications: this.notifications.snapshot() } : {}), // no passwords
      ...(this.calloutTemplates.size ? { calloutTemplates: this.calloutTemplates.snapshot() } : {}),
      ...(this.changes.list.length ? { subscriptionChanges: this.changes.list } : {}),
      ...(this.idempotencyKeys.size ? { idempotency: this.idempotencyKeys.snapshot() } : {}),
    };
    return JSON.stringify(snapshot);
  }

  /** Puts the whole state back to one `serialise` gave, in memory only (the caller commits or saves). */
  replaceWith(text: string): void {
    this.accounts.clear();
    this.subscriptions.clear();
    this.orders.clear();
    this.accountList.length = 0;
    this.orderList.length = 0;
    this.documents.clear();
    this.documentList.length = 0;
    this.billRuns.clear();
    this.billRunList.length = 0;
    this.actions.clear();
    this.payments.clear();
    this.usage.clear();
    this.notifications.clear();
    this.calloutTemplates.clear();
    this.changes.clear();
    this.idempotencyKeys.clear();
    this.ledger = new Ledger();
    this.seeding = undefined;
    this.catalog = SEED_CATALOG; // unless the state put back had a copied one
    this.load(JSON.parse(text) as Snapshot);
    this.log?.wholeNext(); // a new snapshot, not a record
  }

  /** Releases the data file's lock. */
  close(): void {
    this.log?.close();
    this.releaseLock?.();
    this.releaseLock = undefined;
  }

  /** Where the store stands now, less its subscriptions. */
  extent(): Extent {
    return {
      counters: { ...this.numbers.counters },
      accounts: this.accountList.length,
      orders: this.orderList.length,
      documents: this.documentList.length,
      billRuns: this.billRunList.length,
      actions: this.actions.list.length,
      catalog: this.catalog,
      payments: this.payments.extent(),
      usage: this.usage.extent(),
      changes: this.changes.list.length,
      keys: this.idempotencyKeys.seq,
    };
  }

  /** Puts the store back to `to`, less its subscriptions (the caller's): what was added since goes. */
  shrinkTo(to: Extent): Removed {
    if (this.seeding && to.accounts < this.accountList.seededLength) unseed(this); // back before the seeding
    this.numbers.counters = { ...to.counters };
    this.catalog = to.catalog;
    const accounts = this.accountList.splice(to.accounts);
    for (const a of accounts) this.accounts.delete(a.account_number);
    const orders = this.orderList.splice(to.orders);
    for (const o of orders) this.orders.delete(o.order_number);
    const documents = this.documentList.splice(to.documents);
    for (const d of documents) {
      this.documents.delete(d.id);
      this.documents.delete(d.number);
    }
    const actions = this.actions.truncate(to.actions ?? 0);
    if (documents.length || actions.length) this.ledger = standingLedger(this.documentList, this.actions);
    const billRuns = this.billRunList.splice(to.billRuns);
    for (const r of billRuns) {
      this.billRuns.delete(r.id);
      this.billRuns.delete(r.number);
    }
    const [payments, usage] = [this.payments.truncate(to.payments), this.usage.truncate(to.usage)];
    const changes = this.changes.truncate(to.changes ?? 0);
    const keys = to.keys === undefined ? [] : this.idempotencyKeys.forgetAfter(to.keys); // their changes are undone
    this.log?.tracker?.shrunk();
    return { accounts, orders, documents, billRuns, actions, payments, usage, changes, keys };
  }

  private rollback(cp: Checkpoint): void {
    this.shrinkTo(cp);
    for (const [n, before] of cp.replaced) {
      if (before) this.subscriptions.set(n, before);
      else this.subscriptions.delete(n);
    }
  }

  private load(s: Snapshot): void {
    const catalog = s.catalog ? this.copiedCatalog(s.catalog.plans) : undefined; // first: it may refuse the file
    this.numbers.counters = s.numbers ?? {};
    this.today = typeof s.today === 'string' ? s.today : undefined;
    loadSeeding(this, s.seeded);
    for (const a of s.accounts) this.addAccount(a);
    for (const x of s.subscriptions) {
      if ((x.state as string) === 'cancelled') x.state = 'canceled'; // written before the real names
      this.subscriptions.set(x.subscription_number, x);
    }
    for (const o of s.orders) this.addOrder(s.format === SNAPSHOT_FORMAT ? o : upgradeOrder(o));
    for (const a of Array.isArray(s.seededAccounts) ? s.seededAccounts : []) this.addAccount(a); // held seeded rows
    for (const o of Array.isArray(s.seededOrders) ? s.seededOrders : []) this.addOrder(o);
    for (const a of Array.isArray(s.actions) ? s.actions : []) this.actions.add(a); // first: the ledger reads them
    for (const d of Array.isArray(s.documents) ? s.documents : []) this.addDocument(d);
    for (const r of Array.isArray(s.billRuns) ? s.billRuns : []) this.addBillRun(r);
    this.payments.load(s);
    this.usage.load(s);
    for (const n of Array.isArray(s.notifications) ? s.notifications : []) this.notifications.put(n);
    for (const t of Array.isArray(s.calloutTemplates) ? s.calloutTemplates : []) this.calloutTemplates.put(t);
    for (const c of Array.isArray(s.subscriptionChanges) ? s.subscriptionChanges : []) this.changes.add(c);
    this.idempotencyKeys.load(s.idempotency);
    if (catalog) this.catalog = catalog;
  }

  private copiedCatalog(plans: unknown): Catalog {
    try {
      return importCatalog(plans, { kept: true }); // copied before the bounds: a price past them is unpriceable
    } catch (e) {
      if (!(e instanceof CatalogError)) throw e;
      throw corrupt(this.file!, `it holds a copied catalog the Local sandbox cannot read: ${e.message}`);
    }
  }
}
