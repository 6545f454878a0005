// `test --data FILE --iterations N --bail --export FILE`: the data-driven flags, read and checked before any
// scenario runs (a bad data file or an export folder that is missing: exit 2 naming the line or the folder, no
// usage dump; a bad count: usage). --export writes every run's captures, redacted, atomically (a reader never
// sees half a file, and an old file stays whole when the write fails).
import * as fs from 'fs';
import * as path from 'path';
import { Redactor } from '../client';
import {
  DataFileError,
  dataRuns,
  isSecretColumn,
  parseDataText,
  type DataColumns,
  type DataTable,
  type ParallelOptions,
  type Run,
  type ScenarioResult,
} from '../scenarios';
import { fileErrorMessage, readPayloadFile, writeWhole } from './files';
import { InputError, UsageError, type Io } from './io';

/** The flags, as TEST_OPTIONS holds them. */
export const DATA_OPTIONS = {
  data: { type: 'string' },
  iterations: { type: 'string' },
  bail: { type: 'boolean', default: false },
  export: { type: 'string' },
} as const;

export interface DataArgs {
  data?: string;
  iterations?: string;
  bail?: boolean;
  export?: string;
}

export const dataArgs = (v: DataArgs): DataArgs => ({
  data: v.data,
  iterations: v.iterations,
  bail: v.bail,
  export: v.export,
});

/** The most runs of each scenario --iterations takes (a typo of 10 is 100000, not a day of runs). */
const MAX_ITERATIONS = 10_000;

export interface DataRun {
  table?: DataTable;
  iterations: number;
  /** What readScenario checks `${data.NAME}` against (no file: every `${data.…}` is an error). */
  columns: DataColumns;
  /** Values of secret-named columns (a password per row): masked wherever they appear. */
  secrets: string[];
  /** The runner's options for these flags. */
  options: Pick<ParallelOptions, 'expand' | 'bail' | 'onCaptures'>;
  /** Writes --export's file (if asked); false after saying why on stderr. */
  writeExport(results: ScenarioResult[], secrets: readonly string[], io: Io): boolean;
}

export interface ExportedRun {
  name: string;
  file?: string;
  /** The data file's row (1-based), when --data is given. */
  row?: number;
  iteration?: number;
  outcome: ScenarioResult['outcome'];
  captures: Record<string, unknown>;
}

export function dataRun(a: DataArgs = {}): DataRun {
  const table = a.data === undefined ? undefined : readData(a.data);
  const iterations = iterationsOption(a.iterations);
  if (a.export !== undefined) exportFolder(a.export);
  // A JSON file's numbers too (`"password": 98765`); not true or false, which every answer holds.
  const secrets = (table?.rows ?? []).flatMap(row =>
    Object.entries(row)
      .map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' ? String(v) : ''])
      .filter(([k, v]) => v && isSecretColumn(k, v))
      .map(([, v]) => v),
  );
  const runs: Run[] = [];
  const captures = new Map<number, Record<string, unknown>>();
  return {
    table,
    iterations,
    columns: { file: table?.file, columns: table?.columns ?? [], rows: table?.rows },
    secrets,
    options: {
      expand: all => {
        runs.splice(0, runs.length, ...dataRuns(all, { rows: table?.rows, iterations }));
        return runs;
      },
      bail: !!a.bail,
      onCaptures: a.export === undefined ? undefined : (c, _run, i) => void captures.set(i, c),
    },
    writeExport(results, secrets, io) {
      if (a.export === undefined) return true;
      const exported = results.map((r, i) => ({
        name: r.name,
        file: r.file,
        ...(runs[i]?.dataRow !== undefined ? { row: runs[i].dataRow } : {}),
        ...(runs[i]?.iteration !== undefined ? { iteration: runs[i].iteration } : {}),
        outcome: r.outcome,
        captures: captures.get(i) ?? {},
      }));
      const redactor = new Redactor(); // the run's captures are redacted already; the given secrets too
      for (const s of secrets) redactor.remember(s);
      return writeAtomically(a.export, JSON.stringify({ runs: redactor.json(exported) }, null, 2) + '\n', io);
    },
  };
}

function readData(file: string): DataTable {
  const read = readPayloadFile(file);
  if (read.error !== undefined) throw new InputError(`--data ${read.error}`);
  try {
    return parseDataText(read.text, file);
  } catch (e) {
    if (e instanceof DataFileError) throw new InputError(`--data ${e.message}`);
    throw e;
  }
}

function iterationsOption(v: string | undefined): number {
  if (v === undefined) return 1;
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || n < 1 || n > MAX_ITERATIONS)
    throw new UsageError(
      `--iterations takes a whole number from 1 to ${MAX_ITERATIONS} (runs of each scenario), not "${v}"`,
    );
  return n;
}

/** Before the run: the export's folder exists and the path is no folder (a run's captures are not lost at its end). */
function exportFolder(file: string): void {
  const dir = path.dirname(path.resolve(file));
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new InputError(
      `--export ${file}: the folder ${dir} does not exist: create it, or give a file in a folder that does`,
    );
  }
  if (!stat.isDirectory()) throw new UsageError(`--export ${file}: ${dir} is a file, not a folder: give another path`);
  if (fs.existsSync(file) && fs.statSync(file).isDirectory())
    throw new UsageError(`--export ${file} is a folder: give a file name, such as ${path.join(file, 'captures.json')}`);
}

/** A temporary file beside it, then a rename: the file is whole or as it was. */
function writeAtomically(file: string, text: string, io: Io): boolean {
  try {
    writeWhole(file, text);
    return true;
  } catch (e) {
    io.err(`error: --export: ${fileErrorMessage(e, file, true)}`);
    return false;
  }
}
