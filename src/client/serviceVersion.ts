// Spec 01 versioning: the `service-version` header selects a v1 minor version; an unsupported value is
// silently replaced by the default 186.0, so we warn before sending it.
import { DEFAULT_SERVICE_VERSION, SUPPORTED_SERVICE_VERSIONS } from '../wire/serviceVersion';

export { DEFAULT_SERVICE_VERSION, SUPPORTED_SERVICE_VERSIONS };

export function serviceVersionWarning(v: string | undefined): string | undefined {
  if (!v || (SUPPORTED_SERVICE_VERSIONS as readonly string[]).includes(v)) return undefined;
  const supported = SUPPORTED_SERVICE_VERSIONS.join(', ');
  return `service-version ${v} is not supported; the service would silently use ${DEFAULT_SERVICE_VERSION}. Supported: ${supported}.`;
}
