export { startSandbox, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, type Sandbox, type SandboxOptions } from './server';
export { CATALOG } from './catalog';
export { V1_OBJECT_NAMES } from '../catalog/objectNames';
