// `validate [--format text|json] [--kind order|preview|account] FILE...`: exit 0 clean, 1 errors, 2 usage or read errors.
import * as fs from 'fs';
import { formatPath, kindFromFileName, validate, type PayloadKind } from '../schemas';
import { lineColumn } from './lines';
import { UsageError, type Io } from './io';

const KINDS = ['order', 'preview', 'account'];

export async function validateCommand(args: { files: string[]; format: string; kind?: string }, io: Io): Promise<number> {
  if (!['text', 'json'].includes(args.format)) throw new UsageError(`--format must be text or json, not "${args.format}"`);
  if (args.kind !== undefined && !KINDS.includes(args.kind)) throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, not "${args.kind}"`);
  if (args.files.length === 0) throw new UsageError('validate needs at least one FILE');
  const files = [];
  let anyError = false, readError = false;
  for (const file of args.files) {
    const kind = (args.kind as PayloadKind | undefined) ?? kindFromFileName(file);
    if (!kind) { io.err(`${file}: cannot tell the payload kind from the name; name it *.order.json, *.preview.json or *.account.json, or pass --kind`); readError = true; continue; }
    let text: string;
    try { text = fs.readFileSync(file, 'utf8'); } catch (e) { io.err(`${file}: ${(e as Error).message}`); readError = true; continue; }
    const findings = validate(text, kind).map(f => ({
      code: f.code, severity: f.severity, category: f.category, path: formatPath(f.path), ...lineColumn(text, f.offset), message: f.message,
    }));
    anyError ||= findings.some(f => f.severity === 'error');
    files.push({ file, kind, findings });
  }
  if (args.format === 'json') io.out(JSON.stringify({ files }, null, 2));
  else {
    for (const f of files) for (const x of f.findings) io.out(`${f.file}:${x.line}:${x.column}: ${x.severity} ${x.message}${x.path ? ` (${x.path})` : ''} [${x.code}]`);
    const total = files.reduce((n, f) => n + f.findings.length, 0);
    io.err(`${files.length} file(s) checked, ${total} finding(s)`);
  }
  return readError ? 2 : anyError ? 1 : 0;
}
