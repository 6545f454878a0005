// The response panel's message protocol, shared by the host (src/views/responsePanel.ts) and the
// webview script (src/webview/main.ts). No `vscode` here.
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
}

export interface OperationDetails {
  id: string;
  method: string;
  path: string;
  group: string;
  summary: string;
  pathParams: string[];
}

export interface CreatedOrder {
  orderNumber: string;
  subscriptions: { number: string; state: string; version: number }[];
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
}

/** A failed request: the decoded error, and the body the service sent, if any. */
export interface ErrorState extends Exchange {
  kind: 'error';
  status?: number;
  error: PanelError;
  raw?: string;
}

/** Everything the panel shows; also what setState keeps for a revived panel. */
export type PanelState = OperationState | ResponseState | ErrorState;

/** What a button in the panel asks the host to do. */
export type PanelRequest =
  { command: 'showLog' } | { command: 'sendOperation' | 'copyOperationCurl'; operationId: string };

export type HostMessage = { type: 'state'; state: PanelState };
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'rendered'; rows: number; ms: number }
  | { type: 'copy'; what: 'raw' | 'curl' | 'path' }
  | ({ type: 'command' } & PanelRequest);
