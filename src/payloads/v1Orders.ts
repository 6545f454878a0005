// What a v1 order request file sends: POST /v1/orders/preview asks for the order's delta metrics (and
// billing documents), POST /v1/orders leaves the preview's options out. Shared by the editor and the CLI.
import { isObj } from '../schemas/objects';
import { DEFAULT_PREVIEW_PERIODS, periodsOf } from './previewPeriods';

type Body = Record<string, unknown>;

/**
 * The preview body: the file's own previewOptions, with the delta metrics the panel shows asked for, and
 * billing documents (BillingDocs) over `periods` periods unless the file names its own `previewTypes` or
 * period options (`previewThruType`, `previewNumberOfPeriods`, `specificPreviewThruDate`); 0 periods asks
 * for none. What the file names is kept as it is.
 */
export function v1PreviewBody(body: Body, periods = DEFAULT_PREVIEW_PERIODS): Body {
  const n = periodsOf(periods);
  const options = (isObj(body.previewOptions) ? body.previewOptions : {}) as Body;
  const named = Array.isArray(options.previewTypes) ? (options.previewTypes as unknown[]) : undefined;
  const billing = n > 0 && !named ? ['BillingDocs'] : [];
  const previewTypes = [...new Set([...(named ?? []), 'ChargeMetrics', 'OrderDeltaMetrics', ...billing])];
  return { ...body, previewOptions: { ...thruOf(options, n), ...options, previewTypes } };
}

/** The thru type a file's period options imply, or `n` periods when it names none (0: left to the service). */
function thruOf(options: Body, n: number): Body {
  if (options.previewThruType !== undefined) return {};
  if (options.specificPreviewThruDate !== undefined) return { previewThruType: 'SpecificDate' };
  if (options.previewNumberOfPeriods !== undefined) return { previewThruType: 'NumberOfPeriods' };
  return n > 0 ? { previewThruType: 'NumberOfPeriods', previewNumberOfPeriods: n } : {};
}

/** The create body: the same order without what only a preview takes. */
export function v1CreateBody(body: Body): Body {
  const { previewOptions: _options, previewAccountInfo: _account, ...order } = body;
  return order;
}
