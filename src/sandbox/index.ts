export { startSandbox, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, type Sandbox, type SandboxOptions } from './server';
export { connectOrServe, resetDataFile, type LocalSandbox } from './shared';
export { DataFileError } from './dataFile';
export { parseFaults, type Fault } from './faults';
export { CATALOG } from './catalog';
export { V1_OBJECT_NAMES } from '../catalog/objectNames';
