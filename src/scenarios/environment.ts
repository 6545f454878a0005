// Environment variables a scenario reads (`${env.NAME}`) and the secrets among them, which never reach a
// result or a report: the run masks them with the client's redaction (Redactor.with), as `***`.
import type { ScenarioData } from './schema';
import { isSecretEnvName } from './secretEnv';

export { isSecretEnvName, SECRET_ENV_NAME, SECRET_ENV_WORDS } from './secretEnv';

/**
 * The secret values of a run: those given, the values of the variables the scenario lists in `secrets`, and
 * of variables whose names look secret (of 4 characters or more: a flag such as `USE_KEYCHAIN=1` is no secret,
 * and masking every "1" would garble the results).
 */
export function secretValues(
  env: Readonly<Record<string, string | undefined>> | undefined,
  given: readonly string[] | undefined,
  scenario: Pick<ScenarioData, 'secrets'> | undefined,
): string[] {
  const named = new Set(scenario?.secrets ?? []);
  const fromEnv = Object.entries(env ?? {})
    .filter(([name, value]) => value && (named.has(name) || (isSecretEnvName(name) && value.length >= 4)))
    .map(([, value]) => value!);
  return [...new Set([...(given ?? []), ...fromEnv].filter(v => v.length > 0))];
}
