// Rules about what is sent, shared by the editor and the CLI. Core: no `vscode`.
export { parsePayload, type ParsedPayload } from './parsePayload';
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
