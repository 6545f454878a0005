// The calls the editor makes, as data: a command describes WHAT to send; the request controller owns how
// (progress, cancel, errors, the panel). Each description says how it reads in the UI and in the panel.
import type { AccountResponse, ApiResponse, BillingClient, OrderResponse, PreviewResponse } from '../client';
import { documentTitle, openedDocumentNumber, openedDocumentType } from './openedDocuments';
import type { Operation } from '../catalog';
import type { AccountData, OrderRequestBody, PreviewRequestBody } from '../schemas';

export type Call =
  /** `source`: the document's URI, `version` the text's version (the preview history is kept per document). */
  | { kind: 'preview'; file: string; source: string; version?: number; body: PreviewRequestBody; api?: 'v1' }
  | {
      kind: 'createOrder';
      file: string;
      body: OrderRequestBody;
      confirmed?: boolean;
      api?: 'v1';
      /** The document's URI: a failure is shown beside its preview, if that is on show. */
      source?: string;
      /** Said in the confirmation, above the connection: the figures it creates, what Create adds. */
      detail?: readonly string[];
      /** The created panel's figures (the preview's): shown with the order and its account. */
      figures?: { label: string; value: string }[];
      /** The account the body names (an existing one); a new account's is looked up once the order exists. */
      accountNumber?: string;
    }
  | { kind: 'createAccount'; file: string; body: AccountData; confirmed?: boolean }
  | {
      kind: 'operation';
      op: Operation;
      request: OperationRequest;
      target: string;
      confirmed?: boolean;
      /** A document opened from the Accounts tree: its type, and its account's currency (a billing document has none). */
      document?: OpenedDocument;
    };

export interface OpenedDocument {
  type: string;
  currency?: string;
}

export interface OperationRequest {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

/** What each kind of call answers. */
export interface Answers {
  preview: PreviewResponse;
  createOrder: OrderResponse;
  createAccount: AccountResponse;
  operation: unknown;
}
export type AnswerOf<C extends Call> = ApiResponse<Answers[C['kind']]>;

/** How a call reads: its title, what it sends, whether it writes (writes ask first). */
export interface CallInfo {
  title: string;
  method: string;
  path: string;
  /** The concrete path sent (path parameters filled in), which the write confirmation names. */
  target?: string;
  file?: string;
  write: boolean;
  confirmed?: boolean;
  /** Lines the write confirmation says above the connection. */
  detail?: readonly string[];
}

export function describe(call: Call): CallInfo {
  switch (call.kind) {
    case 'preview':
      return {
        title: `Preview of ${call.file}`,
        method: 'POST',
        path: call.api === 'v1' ? '/v1/orders/preview' : '/v2/orders/preview',
        file: call.file,
        write: false,
      };
    case 'createOrder':
      return {
        ...write(`Create order from ${call.file}`, `/${call.api ?? 'v2'}/orders`, call),
        file: call.file,
        detail: call.detail,
      };
    case 'createAccount':
      return { ...write(`Create account from ${call.file}`, '/v2/accounts', call), file: call.file };
    case 'operation': {
      const { method, path } = call.op;
      const document = openedDocumentNumber(call.op, call.request.pathParams);
      const title = document
        ? documentTitle(call.document?.type ?? openedDocumentType(call.op), document)
        : `${method} ${path}`;
      return { title, method, path, target: call.target, write: method !== 'GET', confirmed: call.confirmed };
    }
  }
}

const write = (title: string, path: string, call: { confirmed?: boolean }): CallInfo => ({
  title,
  method: 'POST',
  path,
  write: true,
  confirmed: call.confirmed,
});

/** Sends the call. A create sends one Idempotency-Key per action (the client makes it). */
export function invoke(client: BillingClient, call: Call, signal: AbortSignal): Promise<ApiResponse<unknown>> {
  switch (call.kind) {
    case 'preview':
      return call.api === 'v1' ? client.previewV1(call.body, { signal }) : client.preview(call.body, { signal });
    case 'createOrder':
      return call.api === 'v1'
        ? client.createOrderV1(call.body, { signal })
        : client.createOrder(call.body, { signal });
    case 'createAccount':
      return client.createAccount(call.body, { signal });
    case 'operation':
      return client.send({ method: call.op.method, path: call.op.path }, { ...call.request, signal });
  }
}
