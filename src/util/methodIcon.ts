// The codicon an HTTP method is drawn with, in the Endpoints tree and in Find Operation alike.
const METHOD_ICONS: Record<string, string> = {
  GET: 'arrow-down',
  POST: 'add',
  PUT: 'edit',
  PATCH: 'diff',
  DELETE: 'trash',
};

export const methodIcon = (method: string): string => METHOD_ICONS[method] ?? 'symbol-method';
