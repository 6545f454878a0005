// Rules about what is sent, shared by the editor and the CLI. Core: no `vscode`.
export { parsePayload, parseRequest, type ParsedPayload } from './parsePayload';
export { previewBody, createBody } from './bodies';
export { orderToPreview } from './orderToPreview';
export { DEFAULT_PREVIEW_PERIODS, V2_PERIOD_OPTIONS, periodsOf, withBillingDocuments } from './previewPeriods';
export {
  parseRequestFile,
  requestFileText,
  requestFileName,
  isRequestFile,
  isV1OrderOperation,
  mayBeOrderFile,
  takesBody,
  type RequestFile,
} from './requestFile';
export { operationCurl, sendsServiceVersion } from './operationCurl';
export { accountNumberSlot, isAccountNumberPath, type AccountNumberSlot } from './accountNumberSlot';
export { metricsAt, metricsLabel, sumsByEntry, totalsLabel, type CurrencySum, type EntryMetrics } from './metricsAt';
export {
  contactLabel,
  needsMessage,
  orderNeeds,
  withAccount,
  type OrderNeeds,
  orderCreateBody,
  orderFile,
  orderPreviewBody,
  requestFindings,
  requestHoverAt,
  requestOffersAt,
  requestTemplates,
  v1CreateBody,
  v1Fillable,
  v1NeedsMessage,
  v1OrderNeeds,
  withV1Account,
  type V1OrderNeeds,
  createdOrder,
  previewAsV2,
  v1CreatedOrder,
  v1InitialTerms,
  v1PreviewAsV2,
  v1PreviewBody,
  V2_BODY_KINDS,
  type OrderFile,
  type FieldHover,
  type FieldOffer,
  type Offers,
  type RequestFindingsOptions,
  type RequestTemplate,
  type TemplateHints,
  type ValueOffer,
} from './requests';
