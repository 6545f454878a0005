// Whether a --base-url is a Local sandbox: the check lives in the core (scenarios/localSandboxAt.ts), where the
// editor's Testing view asks it too.
export { isLocalSandboxAt, type Probe } from '../scenarios/localSandboxAt';
