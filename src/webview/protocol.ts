// The response panel's message protocol, shared by the host (src/views/responsePanel.ts) and the
// webview script (src/webview/main.ts). No `vscode` here.
import type { PreviewChange, PreviewSummary } from '../client/summary';

export interface PanelError {
  message: string; status?: number; category?: number; categoryName?: string; advice?: string;
  code?: string; parameter?: string; requestId?: string;
}

export interface OperationDetails { id: string; method: string; path: string; group: string; summary: string; pathParams: string[] }

/** Everything the panel shows; also what setState keeps for a revived panel. */
export interface PanelState {
  kind: 'response' | 'operation';
  title: string;
  connection: { name: string; kind: string };
  method?: string; path?: string; file?: string;
  status?: number; ms?: number; requestId?: string; at: string;
  summary?: PreviewSummary; change?: PreviewChange;
  order?: { orderNumber: string; subscriptions: { number: string; state: string; version: number }[] };
  error?: PanelError;
  raw?: string; curl?: string;
  operation?: OperationDetails;
}

export type HostMessage = { type: 'state'; state: PanelState };
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'rendered'; rows: number; ms: number }
  | { type: 'copy'; what: 'raw' | 'curl' | 'path' }
  | { type: 'command'; command: 'showLog' | 'sendOperation' | 'copyOperationCurl'; operationId?: string };
