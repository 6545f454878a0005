// Findings on what a data-driven run reads: `${data.column}` names a column of the data file (`test --data`),
// with the nearest column when misspelt; a Postman `{{name}}` left in what a step sends is sent as that text,
// so it says what to write instead. Text in a body that is plainly prose (it has spaces) only gets a warning:
// a description may well mean "{{" as it is.
import type { PathSegment } from '../schemas';
import { suggestKey } from '../schemas/typos';
import { parseJsonPath } from './jsonPath';
import type { Reference } from './references';
import type { AddFinding } from './findingTypes';

/** What a run's data file offers, as readScenario checks against it. */
export interface DataColumns {
  /** The data file as given; undefined: the run has none (`test` without --data). */
  file?: string;
  columns: readonly string[];
  rows?: readonly Readonly<Record<string, unknown>>[];
}

/**
 * `${data.NAME}`: a column of the data file. Without a data option (the editor) a warning: the scenario runs
 * with `test --data` only; with one that has no file (`test` without --data), an error before anything is sent.
 */
export function checkDataReference(r: Reference, data: DataColumns | undefined, add: AddFinding): void {
  const p = parseJsonPath(r.path);
  const first = p.error === undefined ? p.segments[0] : undefined;
  if (typeof first !== 'string') {
    add('bad-json-path', `${r.text}: name a column of the data file, such as \${data.plan}.`, r.at);
    return;
  }
  if (!data) {
    const message = `${r.text} reads a column of a data file: it runs with \`test --data rows.csv\` on the command line, where every row gives a "${first}".`;
    add('data-column', message, r.at, false, 'warning');
    return;
  }
  if (data.file === undefined) {
    add('data-column', `${r.text}: this run has no data file: pass --data rows.csv (with a column "${first}").`, r.at);
    return;
  }
  if (!data.columns.includes(first)) {
    const near = suggestKey(first, data.columns, new Set());
    const mean = near ? ` Did you mean \`\${data.${near}}\`?` : '';
    const message = `${r.text}: ${data.file} has no column "${first}".${mean} Its columns: ${data.columns.join(', ')}.`;
    add('data-column', message, r.at);
    return;
  }
  const without = (data.rows ?? []).findIndex(row => !Object.hasOwn(row, first));
  if (without >= 0) {
    const message = `${r.text}: row ${without + 1} of ${data.file} has no "${first}"; give every row a "${first}".`;
    add('data-column', message, r.at);
  }
}

/** Names `${...}` can use in a step, to say which one a `{{name}}` means. */
export interface KnownNames {
  data?: DataColumns;
  /** Environment variables the run reads (the CLI's environment and --dotenv file). */
  envNames?: readonly string[];
  /** Step and capture names. */
  names: ReadonlySet<string>;
}

const POSTMAN = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** Step fields that are words about the step or checks of the answer, not what is sent. */
const NOT_SENT = new Set(['kind', 'name', 'description', 'expect', 'capture', 'retry']);

/** `{{name}}` in what a step sends (its fields, and the payload file's body at `file`). */
export function checkPostmanVariables(
  step: unknown,
  fileBody: unknown,
  at: PathSegment[],
  known: KnownNames,
  add: AddFinding,
): void {
  if (!step || typeof step !== 'object') return;
  for (const [k, v] of Object.entries(step)) {
    if (!NOT_SENT.has(k)) visit(v, [...at, k], k === 'body', known, add);
  }
  if (fileBody !== undefined && typeof (step as { file?: unknown }).file === 'string')
    visit(fileBody, [...at, 'file'], true, known, add, true);
}

function visit(v: unknown, at: PathSegment[], body: boolean, known: KnownNames, add: AddFinding, inFile = false) {
  if (typeof v === 'string') {
    if (v.includes('{{')) placeholders(v, at, body, known, add, inFile);
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => visit(x, inFile ? at : [...at, i], body, known, add, inFile));
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) visit(x, inFile ? at : [...at, k], body, known, add, inFile);
  }
}

function placeholders(
  s: string,
  at: PathSegment[],
  body: boolean,
  known: KnownNames,
  add: AddFinding,
  inFile: boolean,
) {
  const found = [...s.matchAll(POSTMAN)];
  if (!found.length) return;
  // Words around it: text people read (a description, a note), where "{{" may be meant as it is.
  const prose = body && /\s/.test(s.replace(POSTMAN, ''));
  const where = inFile ? ' in the payload file' : '';
  for (const m of found) {
    const name = m[1];
    const write = name.startsWith('$')
      ? `Postman's dynamic variable ${m[0]} has no equivalent here: write the value, or capture one from an earlier answer.`
      : `Write ${instead(name, known)}.`;
    const sent = `${m[0]}${where} is Postman's syntax: it is sent as the text "${m[0]}". ${write}`;
    if (prose) add('postman-variable', `${sent} If the text is meant as it is, leave it.`, at, false, 'warning');
    else add('postman-variable', sent, at);
  }
}

/** What `{{name}}` is written as here: the data column, the variable, the answer it names, or every choice. */
function instead(name: string, known: KnownNames): string {
  const head = name.split(/[.[]/)[0];
  if (known.data?.columns.includes(name)) return `\${data.${name}} (the data file's column "${name}")`;
  if (known.envNames?.includes(name)) return `\${env.${name}} (the environment variable)`;
  if (known.names.has(head)) return `\${${name}}`;
  return `\${${name}} (a capture or an earlier step's answer), \${data.${name}} (a column of --data) or \${env.${name}} (an environment variable)`;
}
