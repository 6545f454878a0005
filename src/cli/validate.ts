// `validate [--format text|json] [--kind order|preview|account|request] [--connection-catalog [--base-url URL]] FILE...`:
// exit 0 clean, 1 errors, 2 usage or read errors (or a catalog that could not be fetched). With --format json
// every file given has an entry, even one that could not be read or checked. Catalog findings are warnings.
import { isRequestFile, requestFindings } from '../payloads';
import { findingCounts, formatPath, kindFromFileName, validate, type Finding, type PayloadKind } from '../schemas';
import { catalogFindings, fetchConnectionCatalog, type ConnectionCatalog } from './catalog';
import { readPayloadFile } from './files';
import { lineColumn } from './lines';
import { UsageError, type Io } from './io';

const KINDS = ['order', 'preview', 'account', 'request'];
// As src/scenarios' isScenarioFile, without loading the scenario runner at validate's start.
const SCENARIO_FILE = /\.scenario\.json$/i;
const SYNTAX = new Set(['json-syntax', 'json-comment', 'json-trailing-comma', 'too-deep']);
type FileKind = PayloadKind | 'request';

interface FileFinding {
  code: string;
  severity: string;
  category?: number;
  path: string;
  line: number;
  column: number;
  message: string;
  /** Only on the last one, code more-findings: the findings it counts, not listed. */
  omitted?: { errors: number; warnings: number };
}
interface FileReport {
  file: string;
  kind?: FileKind;
  findings: FileFinding[];
  error?: string;
}

export interface ValidateArgs {
  files: string[];
  format: string;
  kind?: string;
  /** Also check plan and price ids against a product catalog: --base-url's, or the embedded sandbox's. */
  connectionCatalog?: boolean;
  baseUrl?: string;
}

export async function validateCommand(args: ValidateArgs, io: Io, env = process.env): Promise<number> {
  if (!['text', 'json'].includes(args.format)) {
    throw new UsageError(`--format must be text or json, not "${args.format}"`);
  }
  if (args.kind !== undefined && !KINDS.includes(args.kind)) {
    throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, not "${args.kind}"`);
  }
  if (args.files.length === 0) throw new UsageError('validate needs at least one FILE');
  if (args.baseUrl !== undefined && !args.connectionCatalog) {
    throw new UsageError('--base-url is for --connection-catalog (validate checks files without a connection)');
  }
  let catalog: ConnectionCatalog | undefined;
  if (args.connectionCatalog) {
    catalog = await fetchConnectionCatalog(args.baseUrl, io, env);
    if (!catalog) return 2;
  }
  const version = env.BILLING_SERVICE_VERSION || undefined;
  const files = args.files.map(file => checkFile(file, args.kind as FileKind | undefined, catalog, version));
  const readError = files.some(f => f.error !== undefined);
  const anyError = files.some(f => f.findings.some(x => x.severity === 'error'));
  const counts = files.map(f => findingCounts(f.findings));
  if (args.format === 'json') io.out(JSON.stringify({ files }, null, 2));
  else {
    for (const f of files) {
      if (f.error) io.err(f.error);
      for (const x of f.findings) {
        const where = `${f.file}:${x.line}:${x.column}`;
        const path = x.path && !x.message.includes(x.path) ? ` (${x.path})` : ''; // said once
        io.out(`${where}: ${x.severity} ${x.message}${path} [${x.code}]`);
      }
    }
    const total = counts.reduce((n, c) => n + c.errors + c.warnings, 0); // the ones not listed included
    io.err(`${files.filter(f => !f.error).length} file(s) checked, ${total} finding(s)`);
  }
  return readError ? 2 : anyError ? 1 : 0;
}

function checkFile(
  file: string,
  given: FileKind | undefined,
  catalog?: ConnectionCatalog,
  version?: string,
): FileReport {
  const kind = given ?? (isRequestFile(file) ? 'request' : kindFromFileName(file));
  if (!kind && SCENARIO_FILE.test(file)) {
    const arg = /\s/.test(file) ? `"${file}"` : file;
    const error =
      `${file} is a scenario file: validate checks payload files. Run it with \`billing-workbench test ${arg}\`, ` +
      'which checks it first (a scenario file with errors is not run: exit 2, each error with its line).';
    return { file, findings: [], error };
  }
  if (!kind) {
    const error =
      `${file}: cannot tell the payload kind from the name; ` +
      'name it *.order.json, *.preview.json, *.account.json or *.request.json, or pass --kind';
    return { file, findings: [], error };
  }
  const read = readPayloadFile(file);
  if (read.error !== undefined) return { file, kind, findings: [], error: read.error };
  const text = read.text;
  try {
    const checked: Finding[] =
      kind === 'request' ? requestFindings(text, { serviceVersion: version }) : validate(text, kind);
    const findings: FileFinding[] = checked.map(f => ({
      code: f.code,
      severity: f.severity,
      category: f.category,
      path: formatPath(f.path),
      ...lineColumn(text, f.offset),
      message: f.message,
      ...(f.omitted ? { omitted: f.omitted } : {}),
    }));
    if (catalog && kind !== 'account' && kind !== 'request') {
      for (const f of catalogFindings(text, catalog)) {
        const at = { path: formatPath(f.path), ...lineColumn(text, f.offset) };
        findings.push({ code: f.code, severity: f.severity, ...at, message: f.message });
      }
    }
    // In the order of the text, as a person reads the file (the checker finds them schema first, then rules);
    // but what stops the service reading at all (JSON syntax) first, and the count of those not listed last.
    const rank = (x: FileFinding) => (x.omitted ? 2 : SYNTAX.has(x.code) ? 0 : 1);
    findings.sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.column - b.column);
    return { file, kind, findings };
  } catch (e) {
    // The validator must not fail on any input; if it does (a stack overflow on very deep JSON), this file
    // is reported and the others are still checked and printed.
    const why = e instanceof RangeError ? 'it is nested too deeply' : ((e as Error)?.message ?? String(e));
    return { file, kind, findings: [], error: `${file}: could not be checked: ${why}.` };
  }
}
