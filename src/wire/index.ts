// The wire: what travels between the client and the service (or the Local sandbox) and must mean the same on
// both ends: the response shapes, the one money rounding and formatting, the sandbox's not-served marker and
// the v1 minor versions. Core: no `vscode`, no import of the client or the sandbox.
export type * from './responses';
export { formatMoney, round2, type Money } from './money';
export { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from './notServed';
export { DEFAULT_SERVICE_VERSION, SUPPORTED_SERVICE_VERSIONS, effectiveServiceVersion } from './serviceVersion';
export { SIMULATED_HEADER, SIMULATED_NOTE } from './simulated';
export { SANDBOX_IDENTITY_HEADER, SANDBOX_IDENTITY_VALUE } from './sandboxIdentity';
export { SANDBOX_CATALOG_PATH, type SandboxCatalogAnswer, type UnpriceablePrice } from './sandboxCatalog';
export { CLOCK_PATH, type ClockAnswer, type ClockRequest, type ClockStatus, type TimeEvent } from './sandboxClock';
export { RESET_PATH, type ResetAnswer, type ResetRequest } from './sandboxReset';
