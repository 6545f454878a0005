// A preview asks what the order will bill, by default: `billing_documents` over a number of billing periods
// (the setting billingWorkbench.preview.periods). A payload that names its own `metrics` or period options
// keeps what it names. Small and import-free, so the settings can read the default without the payloads.

/** Billing periods a preview asks for when neither the payload nor the setting says otherwise. */
export const DEFAULT_PREVIEW_PERIODS = 3;

/** The v2 preview's period options: a payload naming any of them chose its own span. */
export const V2_PERIOD_OPTIONS = ['number_of_periods', 'term_end', 'end_date'] as const;

type Body = Record<string, unknown>;

/** A whole number of periods, 0 or more; anything else (a hand-edited setting) is the default. */
export function periodsOf(periods: unknown): number {
  return typeof periods === 'number' && Number.isSafeInteger(periods) && periods >= 0
    ? periods
    : DEFAULT_PREVIEW_PERIODS;
}

/**
 * `body` (the v2 preview body built from `written`, the payload as the file has it) asking for billing documents
 * over `periods` periods: `billing_documents` joins `metrics` unless the file names `metrics`, and
 * `number_of_periods` is added when billing documents are asked for and the file names no period option.
 * 0 periods: nothing is added. Returns `body` itself when nothing changes.
 */
export function withBillingDocuments(body: Body, written: Body, periods: number = DEFAULT_PREVIEW_PERIODS): Body {
  const n = periodsOf(periods);
  if (n === 0) return body;
  const namesMetrics = written.metrics !== undefined;
  const current = Array.isArray(body.metrics) ? (body.metrics as unknown[]) : ['delta_metrics'];
  const metrics = namesMetrics ? body.metrics : [...new Set([...current, 'billing_documents'])];
  const asks = Array.isArray(metrics) && metrics.includes('billing_documents');
  const namesPeriods = V2_PERIOD_OPTIONS.some(k => written[k] !== undefined);
  if (!asks || namesPeriods) return namesMetrics ? body : { ...body, metrics };
  return { ...body, metrics, number_of_periods: n };
}
