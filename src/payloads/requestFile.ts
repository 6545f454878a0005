// *.request.json: a request for any catalog operation, sent with the CodeLens above it:
//   { "operation": "POST /v1/subscriptions", "pathParams": {}, "query": {}, "body": { ... } }
export interface RequestFile {
  operation?: string;
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  error?: string;
}

export const REQUEST_FILE_PATTERN = /\.request\.json$/i;

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
