// Reports of `test`: one format on stdout (--reporter) and any number of files (--report FORMAT=FILE, and
// --junit-file F as --report junit=F). A file's folder is created; a file that cannot be written is one clear
// line (the run then exits 2) and the other files are still written. Two reports to one file are refused before
// anything runs (the last would silently replace the first).
import * as fs from 'fs';
import * as path from 'path';
import {
  htmlReport,
  jsonReport,
  junitReport,
  tapReport,
  textReport,
  type ReportRun,
  type ScenarioResult,
} from '../scenarios';
import { fileErrorMessage, realPathOf, writeWhole } from './files';
import { UsageError, type Io } from './io';

export const REPORT_FORMATS = ['text', 'junit', 'json', 'tap', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A file name of each format, for a message that asks for one. */
const EXAMPLE_NAMES: Record<ReportFormat, string> = {
  text: 'report.txt',
  junit: 'junit.xml',
  json: 'report.json',
  tap: 'report.tap',
  html: 'report.html',
};

export interface ReportFile {
  format: ReportFormat;
  file: string;
  /** The flag as given, for messages. */
  flag: string;
}

export function reportFormat(value: string, flag: string): ReportFormat {
  if (!(REPORT_FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be ${REPORT_FORMATS.join(', ')}, not "${value}"`);
  }
  return value as ReportFormat;
}

/** `--report junit=out.xml` (repeatable) and `--junit-file F`; none may write where another or `--export` does. */
export function reportFiles(reports: string[], junitFile: string | undefined, exportFile?: string): ReportFile[] {
  const files = reports.map(r => {
    const eq = r.indexOf('=');
    if (eq < 1 || eq === r.length - 1) {
      throw new UsageError(`--report takes FORMAT=FILE (such as junit=reports/junit.xml), not "${r}"`);
    }
    return { format: reportFormat(r.slice(0, eq), '--report FORMAT'), file: r.slice(eq + 1), flag: '--report' };
  });
  if (junitFile !== undefined) files.push({ format: 'junit', file: junitFile, flag: '--junit-file' });
  const seen = new Map<string, ReportFile>();
  const exported = exportFile === undefined ? [] : [{ format: 'json' as const, file: exportFile, flag: '--export' }];
  for (const f of [...exported, ...files]) {
    const key = samePathKey(f.file);
    const first = seen.get(key);
    if (first) {
      const as = (x: ReportFile) => (x.flag === '--report' ? `--report ${x.format}=${x.file}` : `${x.flag} ${x.file}`);
      throw new UsageError(
        `${as(first)} and ${as(f)} write the same file ${f.file}: give each report a file of its own (such as ${EXAMPLE_NAMES[f.format]})`,
      );
    }
    seen.set(key, f);
  }
  return files;
}

/** A path as the file system names it (links followed); case too where the file system ignores it. */
function samePathKey(file: string): string {
  const full = realPathOf(file);
  return process.platform === 'win32' || process.platform === 'darwin' ? full.toLowerCase() : full;
}

export function render(format: ReportFormat, results: ScenarioResult[], meta: ReportRun): string {
  switch (format) {
    case 'text':
      return textReport(results, meta);
    case 'junit':
      return junitReport(results, meta);
    case 'json':
      return jsonReport(results, meta);
    case 'tap':
      return tapReport(results, meta);
    case 'html':
      return htmlReport(results, meta);
  }
}

/** Writes every file it can; false when one could not be written (each said on stderr). */
export function writeReports(files: ReportFile[], results: ScenarioResult[], meta: ReportRun, io: Io): boolean {
  let ok = true;
  for (const f of files) {
    try {
      makeFolder(path.dirname(path.resolve(f.file)));
      const text = render(f.format, results, meta);
      writeWhole(f.file, text.endsWith('\n') ? text : text + '\n'); // never cut short by a second signal
    } catch (e) {
      const why =
        e instanceof FolderRefused
          ? `${f.file}: ${e.message}`
          : fileErrorMessage(e, f.file, true, EXAMPLE_NAMES[f.format]);
      io.err(`error: ${f.flag} ${f.format}: ${why}`);
      ok = false;
    }
  }
  return ok;
}

/**
 * mkdir -p, one level at a time from the nearest folder that exists. Not `recursive: true`: Node's loops for ever
 * when the file system answers ENOENT under a parent that exists (`/proc/nope`). A file where a folder should be
 * is said as such (ENOTDIR), not as "already exists".
 */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) {
    if (path.dirname(d) === d) break; // a root that does not exist (a missing drive): mkdir says why
    missing.unshift(d);
  }
  for (const d of missing) {
    try {
      fs.mkdirSync(d);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && fs.statSync(d).isDirectory()) continue; // made meanwhile by another run
      if (code === 'EEXIST') (e as NodeJS.ErrnoException).code = 'ENOTDIR';
      // ENOENT with its parent there: this file system takes no new folder here (/proc, /sys).
      if (code === 'ENOENT') throw new FolderRefused(d);
      throw e;
    }
  }
  if (!fs.statSync(dir).isDirectory()) throw Object.assign(new Error(dir), { code: 'ENOTDIR', syscall: 'mkdir' });
}

/** A folder the file system refuses to create though its parent exists. */
class FolderRefused extends Error {
  constructor(readonly folder: string) {
    super(`cannot create the folder ${folder} (its file system takes no new folders there). Use another path.`);
  }
}
