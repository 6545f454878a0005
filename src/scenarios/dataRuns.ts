// Data-driven runs (`test --data FILE --iterations N`): every run of a scenario is made once per row of the data
// file, N times over, each a test of its own in every report. Names are stable and say which row: "Signup
// [row 2: plan=gold, qty=3] (iteration 2/3)", so a CI's history of one test is the history of one row. A name's
// `${data.NAME}` is the row's value ("Signup ${data.plan}" -> "Signup gold [row 2: ...]").
import { isSecretName, redact } from '../client/redact';
import type { Run } from './runner';
import { isSecretEnvName, SECRET_BY_WORDS_MIN_LENGTH } from './secretEnv';

/**
 * A data column whose values are secret: named as the service's secret fields are (`password`, `card_number`), or
 * as secret variables are (`${data.GITHUB_TOKEN}` is used as `${env.GITHUB_TOKEN}` is: TOKEN, KEY, PASS, SESSION...
 * anywhere in the name). By the variables' words, a value is masked wherever it shows only from 8 characters, as
 * the environment's are: those words are in ordinary columns too (`passengers=3`), and a short value masked
 * everywhere would blank every "3" of a report. Without a value, whether the column's label is masked.
 */
export const isSecretColumn = (column: string, value?: string): boolean =>
  isSecretName(column) ||
  (isSecretEnvName(column) && (value === undefined || value.length >= SECRET_BY_WORDS_MIN_LENGTH));

export interface DataRunOptions {
  /** The data file's rows (none: no --data). */
  rows?: readonly Readonly<Record<string, unknown>>[];
  /** How many times each run is made (1: once). */
  iterations: number;
}

/** Columns named in a row's label; more are left to the row number. */
const LABEL_COLUMNS = 3;
/** Characters of a value a label shows. */
const LABEL_VALUE = 24;

/** The runs, each once per data row (in the file's order) and per iteration (iteration 1 over every row first). */
export function dataRuns(runs: readonly Run[], o: DataRunOptions): Run[] {
  const rows = o.rows?.length ? o.rows : undefined;
  const iterations = Math.max(1, o.iterations);
  return runs.flatMap(run => {
    const out: Run[] = [];
    for (let it = 1; it <= iterations; it++) {
      const iteration = iterations > 1 ? { iteration: it, suffix: ` (iteration ${it}/${iterations})` } : undefined;
      if (!rows) {
        out.push({ ...run, name: run.name + (iteration?.suffix ?? ''), iteration: iteration?.iteration });
        continue;
      }
      rows.forEach((data, k) => {
        const name = `${withData(run.name, data)} [${rowLabel(data, k)}]${iteration?.suffix ?? ''}`;
        out.push({ ...run, name, data, dataRow: k + 1, iteration: iteration?.iteration });
      });
    }
    return out;
  });
}

/** "row 2: plan=gold, qty=3": its number, and its first columns' values, each cut short. */
export function rowLabel(row: Readonly<Record<string, unknown>>, index: number): string {
  const entries = Object.entries(row);
  const shown = entries.slice(0, LABEL_COLUMNS).map(([k, v]) => `${k}=${shownValue(k, v)}`);
  if (entries.length > LABEL_COLUMNS) shown.push('…');
  return `row ${index + 1}${shown.length ? `: ${shown.join(', ')}` : ''}`;
}

/** `${data.NAME}` of a row's column replaced by its value as a label shows it; other references kept as written. */
function withData(name: string, row: Readonly<Record<string, unknown>>): string {
  return name.replace(/\$\{data\.([^}]+)\}/g, (ref, col: string) =>
    Object.prototype.hasOwnProperty.call(row, col) ? shownValue(col, row[col]) : ref,
  );
}

/**
 * A value as every name of its row shows it: masked whole (`***`) when its column is secret or the redaction would
 * mask any of it (a card number): the same whether the row runs (its run masks what it learns) or is skipped.
 */
function shownValue(column: string, v: unknown): string {
  if (isSecretColumn(column)) return '***';
  const full = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  const text = short(v);
  return redact(full) === full && redact(text) === text ? text : '***';
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  const line = s.replace(/\s+/g, ' ');
  const cut = line.length > LABEL_VALUE ? `${line.slice(0, LABEL_VALUE - 1)}…` : line;
  return /^$|[,=\]]|^ | $/.test(cut) ? JSON.stringify(cut) : cut; // "a, b" stays one value to the eye
}
