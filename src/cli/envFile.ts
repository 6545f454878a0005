// `--env-file FILE`: KEY=VALUE lines as dotenv writes them (`#` comments, `export ` prefix, single, double or
// no quotes; `\n` in double quotes). The real environment wins over the file (dotenv's rule: CI can override
// a checked-in file without editing it). Values of secret-looking keys are collected to be masked.
import { isSecretEnvName } from '../scenarios/secretEnv';
import { readPayloadFile } from './files';
import { InputError } from './io';

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/;

/** The file's pairs; a line that is not KEY=VALUE is an error naming its line. */
export function parseEnvFile(text: string, file = 'env file'): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new InputError(`${file}:${i + 1}: not KEY=VALUE; write it as NAME=value (or # to comment it out)`);
    out[m[1]] = value(m[2], `${file}:${i + 1}`);
  }
  return out;
}

function value(raw: string, where: string): string {
  const q = raw[0];
  if (q === '"' || q === "'") {
    const end = raw.indexOf(q, 1);
    if (end < 0) throw new InputError(`${where}: the value's ${q} is never closed; close it on the same line`);
    const inner = raw.slice(1, end);
    return q === '"' ? inner.replace(/\\n/g, '\n').replace(/\\"/g, '"') : inner;
  }
  return raw.replace(/\s+#.*$/, '').trim(); // an unquoted value ends at a comment
}

export interface RunEnvironment {
  env: Record<string, string | undefined>;
  secrets: string[];
}

/**
 * process.env overlaid by the file, the real environment winning. Secrets: every secret-named value of the
 * file (any length) and BILLING_CLIENT_SECRET; of the real environment, secret-named values of 8 characters or
 * more (it holds many unrelated *KEY* names with short values that masking would scramble reports with).
 */
export function runEnvironment(file: string | undefined, real: NodeJS.ProcessEnv): RunEnvironment {
  let fromFile: Record<string, string> = {};
  if (file !== undefined) {
    const read = readPayloadFile(file);
    if (read.error !== undefined) throw new InputError(`--env-file ${read.error}`);
    fromFile = parseEnvFile(read.text, file);
  }
  const env: Record<string, string | undefined> = { ...fromFile };
  for (const [k, v] of Object.entries(real)) if (v !== undefined && v !== '') env[k] = v;
  const secrets = new Set<string>();
  for (const [k, v] of Object.entries(env)) {
    if (!v || !isSecretEnvName(k)) continue; // the run's one rule (src/scenarios/secretEnv.ts)
    if (k in fromFile || k === 'BILLING_CLIENT_SECRET' || v.length >= 8) secrets.add(v);
  }
  return { env, secrets: [...secrets] };
}
