// The files that preview and create orders: v2 payload files (*.order.json, *.preview.json) and v1 request
// files for POST /v1/orders or POST /v1/orders/preview. One place says which a file is and what each sends.
import { kindFromFileName } from '../schemas/kind';
import { previewBody, createBody } from './bodies';
import { isRequestFile, isV1OrderOperation } from './requestFile';
import { v1CreateBody, v1PreviewBody } from './v1Orders';
import { isObj } from '../schemas/objects';

type Body = Record<string, unknown>;

export type OrderFile = { api: 'v2'; kind: 'order' | 'preview' } | { api: 'v1' };

/** What order file `value` (the file's parsed JSON) is, if it is one. */
export function orderFile(path: string, value: unknown): OrderFile | undefined {
  const kind = kindFromFileName(path);
  if (kind === 'order' || kind === 'preview') return { api: 'v2', kind };
  if (isRequestFile(path) && isObj(value) && isV1OrderOperation(value.operation) && isObj(value.body))
    return { api: 'v1' };
  return undefined;
}

/**
 * The body an order file previews with (v2: metrics added to an order; v1: the delta metrics asked for), asking
 * for billing documents over `periods` periods unless the file names its own (previewPeriods.ts).
 */
export function orderPreviewBody(file: OrderFile, value: Body, periods?: number): Body {
  return file.api === 'v1' ? v1PreviewBody(value.body as Body, periods) : previewBody(value, file.kind, periods);
}

/** The body an order file creates its order with (a preview's options left out). */
export function orderCreateBody(file: OrderFile, value: Body): Body {
  return file.api === 'v1' ? v1CreateBody(value.body as Body) : createBody(value);
}
