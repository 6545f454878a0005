// `--dotenv FILE` (or `--env-file FILE`): KEY=VALUE lines as dotenv writes them: `#` comments, an `export `
// prefix, values bare, in single quotes or backticks (literal) or in double quotes, where `\"`, `\\`, `\n`, `\r`
// and `\t` are escapes (as the shell, python-dotenv and Compose read them); quoted values may span lines (a PEM
// key). The real environment wins over the file (dotenv's rule: CI can override a checked-in file without
// editing it). Values of secret-looking keys are collected to be masked.
import { isSecretEnvName, SECRET_BY_WORDS_MIN_LENGTH } from '../scenarios/secretEnv';
import { readPayloadFile } from './files';
import { InputError } from './io';

const KEY = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=[ \t]*/;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** The file's pairs; a line that is not KEY=VALUE is an error naming its line. */
export function parseEnvFile(text: string, file = 'env file'): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const m = KEY.exec(line);
    if (!m) throw new InputError(`${file}:${i + 1}: not KEY=VALUE; write it as NAME=value (or # to comment it out)`);
    const raw = line.slice(m[0].length);
    const q = raw[0];
    if (q === '"' || q === "'" || q === '`') {
      const read = quoted(lines, i, m[0].length + 1, q, `${file}:${i + 1}`);
      out[m[1]] = read.value;
      i = read.line;
    } else out[m[1]] = raw.replace(/(^|\s)#.*$/, '').trim(); // an unquoted value ends at a comment
  }
  return out;
}

/** A quoted value from `start` (after its quote) to the closing one, on this line or a later one. */
function quoted(lines: string[], first: number, start: number, q: string, where: string) {
  let value = '';
  for (let i = first, at = start; i < lines.length; i++, at = 0) {
    const line = lines[i];
    for (let j = at; j < line.length; j++) {
      const c = line[j];
      if (c === '\\' && q === '"' && j + 1 < line.length) {
        const next = line[++j];
        value += ESCAPES[next] ?? `\\${next}`; // an unknown escape is kept as written
      } else if (c === q) {
        const rest = line.slice(j + 1).trim();
        if (rest && !rest.startsWith('#'))
          throw new InputError(
            `${where}: text after the closing ${q}: put it inside the quotes, or # before a comment`,
          );
        return { value, line: i };
      } else value += c;
    }
    value += '\n';
  }
  throw new InputError(`${where}: the value's ${q} is never closed; close it (a value may span lines)`);
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
export function runEnvironment(file: string | undefined, real: NodeJS.ProcessEnv, flag = '--dotenv'): RunEnvironment {
  let fromFile: Record<string, string> = {};
  if (file !== undefined) {
    const read = readPayloadFile(file);
    if (read.error !== undefined) throw new InputError(`${flag} ${read.error}`);
    fromFile = parseEnvFile(read.text, file);
  }
  const env: Record<string, string | undefined> = { ...fromFile };
  for (const [k, v] of Object.entries(real)) if (v !== undefined && v !== '') env[k] = v;
  const secrets = new Set<string>();
  for (const [k, v] of Object.entries(env)) {
    if (!v || !isSecretEnvName(k)) continue; // the run's one rule (src/scenarios/secretEnv.ts)
    if (k in fromFile || k === 'BILLING_CLIENT_SECRET' || v.length >= SECRET_BY_WORDS_MIN_LENGTH) secrets.add(v);
  }
  return { env, secrets: [...secrets] };
}
