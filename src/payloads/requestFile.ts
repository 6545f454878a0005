// *.request.json: a request for any catalog operation, sent with the CodeLens above it:
//   { "operation": "POST /v1/subscriptions", "pathParams": {}, "query": {}, "body": { ... } }
import { kindFromFileName } from '../schemas';

export interface RequestFile {
  operation?: string;
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  error?: string;
}

export const REQUEST_FILE_PATTERN = /\.request\.json$/i;

const V1_PREVIEW = 'POST /v1/orders/preview';
const V1_CREATE = 'POST /v1/orders';

/** Whether a request file's operation is a v1 order or order preview (Preview and Create apply). */
export const isV1OrderOperation = (operation: unknown): boolean => operation === V1_PREVIEW || operation === V1_CREATE;

/** Whether a file by its name may be an order file (a request file is one when its operation says so). */
export function mayBeOrderFile(path: string): boolean {
  const kind = kindFromFileName(path);
  return kind === 'order' || kind === 'preview' || isRequestFile(path);
}

export function isRequestFile(path: string): boolean {
  return REQUEST_FILE_PATTERN.test(path);
}

export function parseRequestFile(text: string): RequestFile {
  try {
    const v = JSON.parse(text) as RequestFile;
    if (!v || typeof v !== 'object') return { error: 'A request file is a JSON object with "operation" and "body".' };
    return v;
  } catch (e) {
    return { error: `Not valid JSON: ${(e as Error).message}` };
  }
}

export function requestFileText(
  operationId: string,
  pathParams: Record<string, string>,
  query: Record<string, string>,
  body: unknown = {},
): string {
  return JSON.stringify({ operation: operationId, pathParams, query, body }, null, 2) + '\n';
}

/** `subscriptions-preview.request.json` for POST /v1/subscriptions/preview: the path's last two fixed parts. */
export function requestFileName(path: string): string {
  const fixed = path.split('/').filter(s => s && !s.startsWith('{'));
  return `${fixed.slice(-2).join('-') || 'request'}.request.json`;
}

/** Methods whose operations take a body, written in a request file before sending. */
export function takesBody(method: string): boolean {
  return ['POST', 'PUT', 'PATCH'].includes(method);
}
