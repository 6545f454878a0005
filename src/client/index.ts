export { BillingClient } from './client';
export type {
  ApiResponse,
  ClientOptions,
  CallOptions,
  SendRequest,
  RetryPolicy,
  V1PreviewResponse,
  V1OrderResponse,
} from './clientTypes';
export { ApiError, type ErrorKind, type V1Reason, type V2Error } from './errors';
export { CATEGORIES, decodeCode } from './categories';
export { Redactor, redact, isSecretName, toCurl } from './redact';
export { fillPath, pathSegment } from './paths';
export { checkBaseUrl, isLoopback } from './transport';
export { SUPPORTED_SERVICE_VERSIONS, DEFAULT_SERVICE_VERSION, serviceVersionWarning } from './serviceVersion';
export type * from '../wire/responses';
export { clockLines, clockSummary } from './clockText';
export {
  CLOCK_PATH,
  type ClockAnswer,
  type ClockRequest,
  type ClockStatus,
  type TimeEvent,
} from '../wire/sandboxClock';
export { formatMoney, round2 } from '../wire/money';
export {
  summarizePreview,
  comparePreviews,
  type PreviewRequestLines,
  type PreviewSummary,
  type PreviewChange,
  type SummaryRow,
  type Totals,
  type RowChange,
} from './summary';
export { PreviewBaselines, EDIT_GAP_MS, previewContent } from './previewBaseline';
export {
  compareConnections,
  type ComparedRow,
  type ComparedTotals,
  type ConnectionComparison,
  type SideFigures,
} from './compareConnections';
export { advise, allAdvice, type NextStep, type Surface } from './advice';
export { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../wire/notServed';
export { v1PreviewAsV2, type V1PreviewResult, type V1PreviewRequest, type V1DeltaMetric } from './v1Preview';
export {
  asksForBillingDocuments,
  billingDocumentOfInvoice,
  billingDocumentsOfV1,
  billingDocumentsOfV2,
  documentsCurrency,
  documentTypeLabel,
  firstInvoiceLabel,
  previewBillingDocuments,
  type BillingDocument,
  type BillingDocumentItem,
  type BillingDocumentType,
} from './billingDocuments';
