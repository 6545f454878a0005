// Usage records as the store keeps them (POST /v2/usage_records, POST /v1/object/usage, a POST /v1/usage CSV upload)
// and what was done to them after (changed, deleted). Two lists that only grow, like the store's others, so a
// commit's rollback and time travel's way back take the later ones off by length (truncate) and put them back
// (restore); what a record is now is its record with its changes applied (`live`), never written into the record.
// Bill runs rate the live ones (invoicing/usageRating.ts).

export interface UsageRec {
  id: string;
  account_id: string;
  account_number: string;
  /** The subscription it is used under (absent: any of the account's with a usage charge of its unit). */
  subscription_id?: string;
  subscription_number?: string;
  /** The usage charge (subscription item) it is billed on (absent: the subscription's usage charge of its unit). */
  subscription_item_id?: string;
  subscription_item_number?: string;
  unit_of_measure: string;
  /** As given: a decimal, summed exactly (money/exact.ts) when rated. */
  quantity: number;
  /** When it was used: `start_time` as given, and its date (YYYY-MM-DD), which picks the billing period. */
  start_time: string;
  start_date: string;
  end_time?: string;
  description?: string;
  custom_fields?: Record<string, unknown>;
  /** The upload it came in: a CSV file's import id, or the record's own id when created alone. */
  import_id: string;
  /** How it came: `api` (one record), `import` (a CSV file). */
  source: 'api' | 'import';
  created_time: string;
  /** Its last change's time (absent: never changed). */
  updated_time?: string;
}

/** What a PATCH or PUT may change. */
export type UsageFields = Partial<
  Pick<
    UsageRec,
    'quantity' | 'unit_of_measure' | 'start_time' | 'start_date' | 'end_time' | 'custom_fields' | 'updated_time'
  >
>;

export interface UsageEntryRec {
  kind: 'update' | 'delete';
  id: string;
  /** The clock's timestamp. */
  at: string;
  fields?: UsageFields;
}

/** An upload of a CSV file (POST /v1/usage): the records it made share its id. */
export interface UsageImportRec {
  id: string;
  file_name: string;
  size: number;
  records: number;
  created_time: string;
}

/** Where the book stood: its lists' lengths. */
export interface UsageExtent {
  records: number;
  entries: number;
  imports: number;
}

export interface UsageRemoved {
  records: UsageRec[];
  entries: UsageEntryRec[];
  imports: UsageImportRec[];
}

/** As the data file keeps it (each absent while empty). */
export interface UsageSnapshot {
  usage?: UsageRec[];
  usageEntries?: UsageEntryRec[];
  usageImports?: UsageImportRec[];
}

export class UsageBook {
  readonly list: UsageRec[] = [];
  readonly entries: UsageEntryRec[] = [];
  readonly imports: UsageImportRec[] = [];
  /** The records as they are now, by id (a deleted one is absent), in the order they were made. */
  private readonly now = new Map<string, UsageRec>();
  private readonly byAccount = new Map<string, Map<string, UsageRec>>();
  private readonly importsById = new Map<string, UsageImportRec>();

  add(r: UsageRec): void {
    this.list.push(r);
    this.put(r);
  }
  addEntry(e: UsageEntryRec): void {
    this.entries.push(e);
    const r = this.now.get(e.id);
    if (!r) return;
    if (e.kind === 'update') this.put({ ...r, ...e.fields });
    else {
      this.now.delete(e.id);
      this.byAccount.get(r.account_number)?.delete(e.id);
    }
  }
  addImport(i: UsageImportRec): void {
    this.imports.push(i);
    this.importsById.set(i.id, i);
  }

  /** A record as it is now; undefined once deleted. */
  get(id: string): UsageRec | undefined {
    return this.now.get(id);
  }
  /** Every record as it is now, in the order they were made. */
  live(): UsageRec[] {
    return [...this.now.values()];
  }
  /** The account's records as they are now (by number), in the order they were made. */
  ofAccount(accountNumber: string): UsageRec[] {
    const own = this.byAccount.get(accountNumber);
    return own ? [...own.values()] : [];
  }
  upload(id: string): UsageImportRec | undefined {
    return this.importsById.get(id);
  }
  get size(): number {
    return this.now.size;
  }

  extent(): UsageExtent {
    return { records: this.list.length, entries: this.entries.length, imports: this.imports.length };
  }

  /** Takes off what was added after `to` (undefined: an extent from before usage was kept, everything). */
  truncate(to: UsageExtent | undefined): UsageRemoved {
    const removed = {
      records: this.list.splice(to?.records ?? 0),
      entries: this.entries.splice(to?.entries ?? 0),
      imports: this.imports.splice(to?.imports ?? 0),
    };
    for (const i of removed.imports) this.importsById.delete(i.id);
    if (removed.records.length || removed.entries.length) this.reindex();
    return removed;
  }

  restore(r: UsageRemoved): void {
    for (const x of r.records) this.add(x);
    for (const e of r.entries) this.addEntry(e);
    for (const i of r.imports) this.addImport(i);
  }

  clear(): void {
    this.truncate(undefined);
  }

  snapshot(): UsageSnapshot {
    return {
      ...(this.list.length ? { usage: this.list } : {}),
      ...(this.entries.length ? { usageEntries: this.entries } : {}),
      ...(this.imports.length ? { usageImports: this.imports } : {}),
    };
  }

  load(s: UsageSnapshot): void {
    for (const r of Array.isArray(s.usage) ? s.usage : []) this.add(r);
    for (const e of Array.isArray(s.usageEntries) ? s.usageEntries : []) this.addEntry(e);
    for (const i of Array.isArray(s.usageImports) ? s.usageImports : []) this.addImport(i);
  }

  /** Rare (a rollback, a move back): the records as they are now, read again from both lists. */
  private reindex(): void {
    this.now.clear();
    this.byAccount.clear();
    for (const r of this.list) this.put(r);
    for (const e of this.entries.splice(0)) this.addEntry(e);
  }

  private put(r: UsageRec): void {
    this.now.set(r.id, r);
    const own = this.byAccount.get(r.account_number) ?? new Map<string, UsageRec>();
    this.byAccount.set(r.account_number, own);
    own.set(r.id, r);
  }
}
