// Secrets a run was given (an env file's tokens, the client secret) masked in its results before any report
// is written: a scenario may send `${env.API_TOKEN}` and the service may echo it back.
import { Redactor } from '../client/redact';
import type { ScenarioResult } from './runner';

export function maskSecrets(results: ScenarioResult[], secrets: readonly string[]): ScenarioResult[] {
  if (!secrets.length) return results;
  const r = new Redactor();
  for (const s of secrets) r.remember(s);
  return r.json(results);
}
