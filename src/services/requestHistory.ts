// The workspace's request history: every request the extension sent, with its answer or decoded error, status,
// time and connection, newest first, at most MAX_ENTRIES. Kept in the workspace's state (a Memento), so it
// survives a reload and stays with the workspace. Nothing secret is kept: each record is redacted (the
// client's redactor, which knows the connection's secret and tokens, or the generic rules) BEFORE it is
// stored or shown. No `vscode` import: the store is tested in plain Node with an in-memory Memento.
import { randomId } from '../wire/random';
import { redact, type Redactor } from '../client';
import type { ContractNotes } from '../webview/protocol';

export const MAX_ENTRIES = 200;
/** A body or answer larger than this (JSON characters) is kept as a note, so the state stays small. */
export const MAX_VALUE_CHARS = 200_000;
export const HISTORY_STATE_KEY = 'billingWorkbench.requestHistory';

import type { StoredCall } from '../wire/storedCall';

export type { StoredCall };

/** The decoded error of a failed request, as the panel shows it. */
export interface StoredError {
  message: string;
  category?: number;
  categoryName?: string;
  code?: string;
  advice?: string;
  /** The error body the service answered, if any. */
  body?: unknown;
}

/** What a request produced: the controller, live preview and scenario steps hand this to `record`. */
export interface RequestRecord {
  title: string;
  method: string;
  /** The operation's path (`/v1/accounts/{account-key}`) and the concrete path sent, if different. */
  path: string;
  target?: string;
  file?: string;
  connection: { name: string; kind: string };
  request: { query?: Record<string, string>; headers?: Record<string, string>; body?: unknown };
  /** Absent for a request that cannot be sent again from here (a scenario step may have none). */
  call?: StoredCall;
  status?: number;
  ms?: number;
  requestId?: string;
  answer?: unknown;
  error?: StoredError;
  /** `live`: a background live preview (the newest of a document replaces its previous live entry). */
  origin?: 'live' | 'scenario';
  /** A scenario step's scenario (its name) and step (its label): the row names both. */
  scenario?: { name: string; step: string };
  /** What to know about the answer: the Local sandbox simulated it from the contract. */
  note?: string;
  /** Where the answer departs from the operation's published response schema. */
  contract?: ContractNotes;
}

export interface HistoryEntry extends RequestRecord {
  id: string;
  /** When it was recorded, ms since the epoch. */
  at: number;
  /** Something in what would be sent again was masked before it was kept (sending it again sends the mask). */
  masked: boolean;
}

/** The part of `vscode.Memento` the store uses. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

type Listener = () => void;

export class RequestHistory {
  private items: HistoryEntry[];
  private readonly listeners = new Set<Listener>();
  private saving: Thenable<void> = Promise.resolve();
  /** Saves wait while held (a scenario run records its steps as they come and saves them once). */
  private holds = 0;
  private unsaved = false;

  constructor(
    private readonly state: StateStore,
    private readonly now: () => number = Date.now,
  ) {
    const kept = state.get<HistoryEntry[]>(HISTORY_STATE_KEY);
    this.items = Array.isArray(kept) ? kept.slice(0, MAX_ENTRIES) : [];
  }

  /** The history changed (recorded, cleared). */
  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Newest first. */
  entries(): readonly HistoryEntry[] {
    return this.items;
  }

  get(id: string): HistoryEntry | undefined {
    return this.items.find(e => e.id === id);
  }

  /** Redacts the record, keeps it first (dropping the oldest past MAX_ENTRIES) and saves the state. */
  record(r: RequestRecord, redactor?: Redactor): HistoryEntry {
    const clean = (v: unknown) => (redactor ? redactor.json(v) : redact(v));
    const small = bounded(r);
    const kept = clean(small) as RequestRecord;
    // What would be sent again (headers are not: the client makes them anew, with a fresh token). A body too
    // large or deep to keep is a note now: sending it again would not send the original either.
    const resent = resentOf(small);
    const masked = bodyOf(resent) !== bodyOf(resentOf(r)) || JSON.stringify(clean(resent)) !== JSON.stringify(resent);
    // id and time after redaction: a millisecond timestamp has as many digits as a card number.
    const entry: HistoryEntry = { ...kept, id: randomId(), at: this.now(), masked };
    const rest = r.origin === 'live' ? this.items.filter(e => !sameLiveDocument(e, entry)) : this.items;
    this.items = [entry, ...rest].slice(0, MAX_ENTRIES);
    this.changed();
    return entry;
  }

  clear(): Thenable<void> {
    this.items = [];
    return this.changed();
  }

  /** What is in the workspace state now (tests read it to prove nothing secret is there). */
  stored(): unknown {
    return this.state.get(HISTORY_STATE_KEY);
  }

  /** Resolves when every change so far is saved (a held change: once released). */
  flushed(): Thenable<void> {
    return this.saving;
  }

  /**
   * Holds the saves until the returned function is called: a run of many steps writes the workspace state
   * once, not once per step (each save sends the whole history to the workbench). Listeners hear every change.
   */
  hold(): () => Thenable<void> {
    this.holds++;
    let released = false;
    return () => {
      if (released) return this.saving;
      released = true;
      this.holds--;
      return this.holds === 0 && this.unsaved ? this.save() : this.saving;
    };
  }

  private changed(): Thenable<void> {
    this.unsaved = this.holds > 0;
    const saving = this.unsaved ? this.saving : this.save();
    for (const l of [...this.listeners]) l();
    return saving;
  }

  private save(): Thenable<void> {
    this.unsaved = false;
    const snapshot = this.items;
    // After a failed save (a full disk), the next change still saves: the chain goes on either way.
    const save = () => this.state.update(HISTORY_STATE_KEY, snapshot);
    const saving = Promise.resolve(this.saving).then(save, save);
    saving.catch(() => undefined); // said by flushed(); never an unhandled rejection in the extension host
    this.saving = saving;
    return this.saving;
  }
}

const sameLiveDocument = (e: HistoryEntry, next: HistoryEntry) =>
  e.origin === 'live' &&
  e.call?.kind === 'preview' &&
  next.call?.kind === 'preview' &&
  e.call.source === next.call.source;

const resentOf = (r: RequestRecord) => r.call ?? { query: r.request.query, body: r.request.body };
const bodyOf = (call: object) => ('body' in call ? call.body : undefined);

/** The record with any body, answer or error body over MAX_VALUE_CHARS replaced by a note saying so. */
function bounded(r: RequestRecord): RequestRecord {
  const cap = (v: unknown) => {
    if (v === undefined) return v;
    let n: number;
    try {
      n = JSON.stringify(v)?.length ?? 0;
    } catch {
      return { note: 'Not kept in the history: nested too deep to save' }; // JSON.stringify ran out of stack
    }
    return n > MAX_VALUE_CHARS ? { note: `Not kept in the history: ${n.toLocaleString('en-US')} characters` } : v;
  };
  const call = r.call && 'body' in r.call ? { ...r.call, body: cap(r.call.body) } : r.call;
  // An error body is the service's answer too: a huge one (an HTML page, an echo) is capped like an answer.
  const error = r.error?.body === undefined ? {} : { error: { ...r.error, body: cap(r.error.body) } };
  return { ...r, request: { ...r.request, body: cap(r.request.body) }, answer: cap(r.answer), call, ...error };
}
