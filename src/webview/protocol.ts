// The response panel's message protocol, shared by the host (src/views/responsePanel.ts) and the
// webview script (src/webview/main.ts). No `vscode` here.
import type { BillingDocument } from '../client/billingDocuments';
import type { ConnectionComparison } from '../client/compareConnections';
import type { PreviewChange, PreviewSummary } from '../client/summary';

export interface PanelError {
  message: string;
  status?: number;
  category?: number;
  categoryName?: string;
  advice?: string;
  code?: string;
  parameter?: string;
  requestId?: string;
  /** What the advice says to do, offered as the error's first button. */
  action?: 'signIn' | 'switchConnection';
  /** The service's other refusals in the same answer (a 400 may name several fields), after the first. */
  more?: string[];
}

export interface OperationDetails {
  id: string;
  method: string;
  path: string;
  group: string;
  summary: string;
  pathParams: string[];
  /** v2: the query parameters the reference names (`filter[]`, `sort[]`, `page_size`, `cursor`, ...). */
  queryParams?: string[];
  /** Whether the Local sandbox answers it (the others answer 501 there). */
  servedLocally?: boolean;
  /** The Local sandbox answers it simulated from the contract (no state kept). */
  simulatedLocally?: boolean;
}

export interface CreatedOrder {
  orderNumber: string;
  /** `state` is '' and `version` absent where the answer does not say them (v1: no versions; states from 223.0). */
  subscriptions: { number: string; state: string; version?: number }[];
  /** The order's status, where the answer says it (v1). */
  status?: string;
  /** The account it belongs to: the one the file names, or the new one (looked up once the order exists). */
  accountNumber?: string;
  /** What the panel says when the new account's number could not be looked up. */
  accountUnknown?: string;
  /** The figures of the preview it was created from: MRR, TCB, first invoice, as the confirmation said them. */
  figures?: { label: string; value: string }[];
}

/** A create that failed, shown beside the preview it came from (the preview stays on show). */
export interface CreateFailure {
  title: string;
  status?: number;
  error: PanelError;
}

/** What every panel shows in its header. */
interface Shown {
  title: string;
  connection: { name: string; kind: string };
  /** When it was shown (ISO 8601). */
  at: string;
}

/** A request that was sent: what, from which file. */
interface Exchange extends Shown {
  method: string;
  path: string;
  file?: string;
  requestId?: string;
}

/** An operation of the catalog, with Send and Copy actions. */
export interface OperationState extends Shown {
  kind: 'operation';
  operation: OperationDetails;
}

/** The service's answer; a preview adds its summary (and the change since the last one), a create its order. */
export interface ResponseState extends Exchange {
  kind: 'response';
  status: number;
  ms: number;
  raw: string;
  curl: string;
  summary?: PreviewSummary;
  change?: PreviewChange;
  order?: CreatedOrder;
  /** A preview's document URI (its Preview again and Create act on it). */
  source?: string;
  /** A preview: what the request said that the answer does not (terms, line item dates), for the timeline. */
  timeline?: TimelineHints;
  /** A preview of an order or preview file: the panel offers Create. */
  creatable?: boolean;
  /** Said above the answer: the Local sandbox simulated it from the contract. */
  note?: string;
  /** A preview: what it will bill (the answer's billing documents), when it asked or the answer lists some. */
  billing?: PreviewBilling;
  /** Where the answer departs from the operation's published response schema, said quietly. */
  contract?: ContractNotes;
  /** A preview whose Create failed: the error, above the figures it would have created. */
  failure?: CreateFailure;
}

/** "the contract does not list `foo`", "required `bar` is missing", "status 202 is not declared ...". */
export interface ContractNotes {
  notes: string[];
  /** How many more were left out. */
  more: number;
}

/** A preview's billing documents as the answer lists them (v2 `billing_documents`, v1 invoices and credit memos). */
export interface PreviewBilling {
  /** Whether the request asked for them (v2 `metrics`, v1 `previewTypes`): none asked, none expected. */
  asked: boolean;
  documents: BillingDocument[];
}

/** Per request position: a subscription's initial term, a line item's date. */
export interface TimelineHints {
  /** By `subscriptionIndex`: "12 months", "evergreen"; undefined when the request names no term (a change). */
  terms: (string | undefined)[];
  /** By `lineItemIndex`: the line item's date, if given. */
  lineItemDates: (string | undefined)[];
}

/** Why a preview no longer matches its file; undefined when it still does. */
export interface Staleness {
  /** "Stale: the file changed since this preview", "Stale: the file now has 2 errors". */
  message: string;
  /** What to do about it. */
  hint: string;
}

/** A failed request: the decoded error, and the body the service sent, if any. */
export interface ErrorState extends Exchange {
  kind: 'error';
  status?: number;
  error: PanelError;
  raw?: string;
}

/** One side of a comparison: the connection and its preview, or why there is none. */
export interface ComparisonSide {
  connection: { id: string; name: string; kind: string };
  summary?: PreviewSummary;
  error?: PanelError;
  status?: number;
  ms?: number;
  requestId?: string;
}

/** The same payload previewed on two connections, side by side; `comparison` when both answered. */
export interface ComparisonState extends Shown {
  kind: 'comparison';
  file: string;
  /** The document's URI (Compare Again acts on it). */
  source: string;
  a: ComparisonSide;
  b: ComparisonSide;
  comparison?: ConnectionComparison;
}

/** Everything the panel shows; also what setState keeps for a revived panel. */
export type PanelState = OperationState | ResponseState | ErrorState | ComparisonState;

/** What a button in the panel asks the host to do. */
export type PanelRequest =
  | { command: 'showLog' | 'signIn' | 'switchConnection' }
  | { command: 'sendOperation' | 'copyOperationCurl'; operationId: string }
  /** Preview the source document again, or create the order it describes (same confirmation as the command). */
  | { command: 'previewAgain' | 'create'; source: string }
  /** A comparison: sign in to one side's connection, or compare the file on the same two connections again. */
  | { command: 'signInTo'; connectionId: string }
  | { command: 'compareAgain'; source: string; connections: [string, string] };

/** Where an element sits on the page (CSS px) and how it is painted: what a test checks a person sees. */
export interface MeasuredBox {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Its text, trimmed (at most 200 characters). */
  text: string;
  /** Computed colours, as the browser resolves them ("rgba(0, 0, 0, 0)": transparent). */
  background: string;
  color: string;
  borderColor: string;
  borderWidth: number;
  /** An SVG shape's computed fill (a timeline's dots and bars). */
  fill: string;
  /** Drawn at all (not display: none, not visibility: hidden, not in a closed disclosure). */
  visible: boolean;
}

/** A state to draw; `stale` says the preview shown no longer matches its file (undefined: it does). */
export type HostMessage =
  | { type: 'state'; state: PanelState }
  | { type: 'stale'; stale: Staleness | undefined }
  /** Measure every element each CSS selector matches, in document order. */
  | { type: 'measure'; id: number; selectors: string[] };
export type WebviewMessage =
  | { type: 'ready' }
  /** Drawn: preview rows, time taken, the page's width and how wide its content is (wider: it scrolls). */
  | { type: 'rendered'; rows: number; ms: number; width: number; scrollWidth: number }
  | { type: 'copy'; what: 'raw' | 'curl' | 'path' }
  | { type: 'measured'; id: number; boxes: MeasuredBox[][]; page: { width: number; background: string } }
  | ({ type: 'command' } & PanelRequest);
