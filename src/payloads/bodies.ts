// What each v2 call sends for a payload file, shared by the editor and the CLI.
import { previewOf, type PayloadKind } from '../schemas';

type Body = Record<string, unknown>;

/**
 * POST /v2/orders/preview: a preview file as is; any other file is an order, which previews with
 * `metrics` added, keeping what a preview's account_data takes (previewOf).
 */
export function previewBody(value: Body, kind: PayloadKind | undefined): Body {
  return kind === 'preview' ? value : previewOf(value);
}

/** POST /v2/orders: a preview file creates the same order, so its `metrics` are left out. */
export function createBody(value: Body): Body {
  const { metrics: _metrics, ...order } = value;
  return order;
}
