export { startSandbox } from './http/server';
export { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './http/routes';
export type { Sandbox, SandboxOptions } from './http/sandboxOptions';
export { connectOrServe, resetDataFile, type LocalSandbox } from './http/sharedServer';
export { DataFileError } from './state/dataFile';
export { parseFaults, type Fault } from './http/faults';
export { CATALOG } from './state/seedCatalog';
export { EVENT_TYPES } from './state/notifications';
export type { Catalog } from './state/catalog';
export { CatalogError, importCatalog } from './state/catalogImport';
export { V1_OBJECT_NAMES } from '../catalog/objectNames';
export {
  DAYS_IN_MONTH,
  DEFAULT_CONVENTIONS,
  PRORATION_UNITS,
  ROUNDING_MODES,
  type BillingConventions,
} from './money/conventions';
