// What a v1 order request file sends: POST /v1/orders/preview asks for the order's delta metrics (and
// billing documents), POST /v1/orders leaves the preview's options out. Shared by the editor and the CLI.
import { isObj } from '../schemas/objects';

type Body = Record<string, unknown>;

/** The preview body: the file's own previewOptions, with the delta metrics the panel shows asked for. */
export function v1PreviewBody(body: Body): Body {
  const options = (isObj(body.previewOptions) ? body.previewOptions : {}) as Body;
  const asked = Array.isArray(options.previewTypes) ? (options.previewTypes as unknown[]) : [];
  const previewTypes = [...new Set([...asked, 'ChargeMetrics', 'OrderDeltaMetrics'])];
  const thru = options.previewThruType ? {} : { previewThruType: 'NumberOfPeriods', previewNumberOfPeriods: 3 };
  return { ...body, previewOptions: { ...thru, ...options, previewTypes } };
}

/** The create body: the same order without what only a preview takes. */
export function v1CreateBody(body: Body): Body {
  const { previewOptions: _options, previewAccountInfo: _account, ...order } = body;
  return order;
}
