// Spec 01 versioning: the v1 minor versions the `service-version` header may select; any other value (or
// none) gets the default. The client warns before sending another; the sandbox answers by the same rule.
export const DEFAULT_SERVICE_VERSION = '186.0';
export const SUPPORTED_SERVICE_VERSIONS = [
  '187.0',
  '188.0',
  '189.0',
  '196.0',
  '206.0',
  '207.0',
  '211.0',
  '214.0',
  '215.0',
  '216.0',
  '223.0',
  '224.0',
  '230.0',
  '239.0',
  '256.0',
  '257.0',
  '309.0',
  '314.0',
  '315.0',
  '329.0',
  '330.0',
  '336.0',
  '337.0',
  '338.0',
  '341.0',
] as const;

/** The minor version a request is answered in: the header's when supported, else the default. */
export function effectiveServiceVersion(header: string | undefined): string {
  return header && (SUPPORTED_SERVICE_VERSIONS as readonly string[]).includes(header)
    ? header
    : DEFAULT_SERVICE_VERSION;
}
