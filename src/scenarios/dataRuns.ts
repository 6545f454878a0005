// Data-driven runs (`test --data FILE --iterations N`): every run of a scenario is made once per row of the data
// file, N times over, each a test of its own in every report. Names are stable and say which row: "Signup
// [row 2: plan=gold, qty=3] (iteration 2/3)", so a CI's history of one test is the history of one row.
import { isSecretName } from '../client/redact';
import type { Run } from './runner';

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
        const name = `${run.name} [${rowLabel(data, k)}]${iteration?.suffix ?? ''}`;
        out.push({ ...run, name, data, dataRow: k + 1, iteration: iteration?.iteration });
      });
    }
    return out;
  });
}

/** "row 2: plan=gold, qty=3": its number, and its first columns' values, each cut short. */
export function rowLabel(row: Readonly<Record<string, unknown>>, index: number): string {
  const entries = Object.entries(row);
  const shown = entries.slice(0, LABEL_COLUMNS).map(([k, v]) => `${k}=${isSecretName(k) ? '***' : short(v)}`);
  if (entries.length > LABEL_COLUMNS) shown.push('…');
  return `row ${index + 1}${shown.length ? `: ${shown.join(', ')}` : ''}`;
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  const line = s.replace(/\s+/g, ' ');
  const cut = line.length > LABEL_VALUE ? `${line.slice(0, LABEL_VALUE - 1)}…` : line;
  return /^$|[,=\]]|^ | $/.test(cut) ? JSON.stringify(cut) : cut; // "a, b" stays one value to the eye
}
