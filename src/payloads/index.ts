// Rules about what is sent, shared by the editor and the CLI. Core: no `vscode`.
export { parsePayload, parseRequest, type ParsedPayload } from './parsePayload';
export { previewBody, createBody } from './bodies';
export { orderToPreview } from './orderToPreview';
export {
  parseRequestFile,
  requestFileText,
  requestFileName,
  isRequestFile,
  takesBody,
  type RequestFile,
} from './requestFile';
export { operationCurl, sendsServiceVersion } from './operationCurl';
export { accountNumberSlot, isAccountNumberPath, type AccountNumberSlot } from './accountNumberSlot';
export { metricsAt, metricsLabel, sumsByEntry, totalsLabel, type CurrencySum, type EntryMetrics } from './metricsAt';
export { requestFindings, V2_BODY_KINDS, type RequestFindingsOptions } from './requestFindings';
export {
  requestOffersAt,
  requestHoverAt,
  type FieldOffer,
  type ValueOffer,
  type Offers,
  type FieldHover,
} from './requestFields';
export { requestTemplates, type RequestTemplate, type TemplateHints } from './requestTemplates';
export { V1_CREATE, V1_PREVIEW, isV1OrderOperation, v1CreateBody, v1PreviewBody } from './v1Orders';
export { bodyPathOf, mayBeOrderFile, orderCreateBody, orderFile, orderPreviewBody, type OrderFile } from './orderFiles';
