// What request files need beyond reading their text: findings, completion and hover, templates, and what a v1
// order file sends and how its answer reads. A bundle of its own (esbuild.js LAZY), loaded with the first
// request file or preview: a window without one pays nothing for it.
export { bodyFindings, requestFindings, V2_BODY_KINDS, type RequestFindingsOptions } from './requestFindings';
export {
  requestOffersAt,
  requestFieldsAt,
  requestHoverAt,
  type FieldOffer,
  type ValueOffer,
  type Offers,
  type FieldHover,
} from './requestFields';
export { requestTemplates, type RequestTemplate, type TemplateHints } from './requestTemplates';
export { orderCreateBody, orderFile, orderPreviewBody, type OrderFile } from './orderFiles';
export { contactLabel, needsMessage, orderNeeds, withAccount, type OrderNeeds } from './orderNeeds';
export { v1CreateBody, v1PreviewBody } from './v1Orders';
export { v1Fillable, v1NeedsMessage, v1OrderNeeds, withV1Account, type V1OrderNeeds } from './v1OrderNeeds';
export { createdOrder, previewAsV2, v1CreatedOrder, v1InitialTerms, v1PreviewAsV2 } from '../client/v1Preview';
