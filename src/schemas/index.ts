export * from './findings';
export * from './shapes';
export { validate, payloadFindings, type ValidateOptions } from './validate';
// jsonSchemas.ts (the editor's JSON Schema files) is build-time only: import it from its own module.
export { isRealDate } from './dates';
export { passesLuhn } from './card';
export { LIMITS } from './rules';
export { kindFromFileName } from './kind';
export { quickFixFor, quickFixesFor, applyEdits, type QuickFix } from './fixes';
export { TEMPLATES, templateText, type Template } from './templates';
export { VERSIONED_FIELDS, checkVersionedFields, type VersionFinding } from './versionedFields';
export { previewOf } from './previewOf';
export type { RawFinding } from './rules';
export { locatedFindings } from './located';
export { tooDeepAt } from './syntax';
export { payloadFieldsAt, MAX_VALUES, type FieldInfo } from './payloadFields';
