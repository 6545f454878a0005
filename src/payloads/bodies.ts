// What each v2 call sends for a payload file, shared by the editor and the CLI.
import { previewOf, type PayloadKind } from '../schemas';
import { DEFAULT_PREVIEW_PERIODS, V2_PERIOD_OPTIONS, withBillingDocuments } from './previewPeriods';

type Body = Record<string, unknown>;

/**
 * POST /v2/orders/preview: a preview file as is; any other file is an order, which previews with
 * `metrics` added, keeping what a preview's account_data takes (previewOf). Either asks for billing
 * documents over `periods` billing periods unless it names its own metrics or period options.
 */
export function previewBody(value: Body, kind: PayloadKind | undefined, periods = DEFAULT_PREVIEW_PERIODS): Body {
  return withBillingDocuments(kind === 'preview' ? value : previewOf(value), value, periods);
}

/** POST /v2/orders: a preview file creates the same order, so its `metrics` and period options are left out. */
export function createBody(value: Body): Body {
  const { metrics: _metrics, ...order } = value;
  for (const k of V2_PERIOD_OPTIONS) delete order[k]; // what a preview bills over: POST /v2/orders takes none
  return order;
}
