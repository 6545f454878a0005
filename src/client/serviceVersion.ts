// Spec 01 versioning: the `service-version` header selects a v1 minor version; an unsupported value is
// silently replaced by the default 186.0, so we warn before sending it.
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

export function serviceVersionWarning(v: string | undefined): string | undefined {
  if (!v || (SUPPORTED_SERVICE_VERSIONS as readonly string[]).includes(v)) return undefined;
  const supported = SUPPORTED_SERVICE_VERSIONS.join(', ');
  return `service-version ${v} is not supported; the service would silently use ${DEFAULT_SERVICE_VERSION}. Supported: ${supported}.`;
}
