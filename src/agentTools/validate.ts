// The validate tool: a payload's findings as the editor's Problems show them (the same core validator), each
// with its place and the quick fixes the editor offers as text edits, redacted and cut to a few.
import { redact } from '../client/redact';
import { lineColumn } from '../cli/lines';
import { isRequestFile, parsePayload, parseRequest } from '../payloads';
import { findingCounts, formatPath, kindFromFileName, quickFixesFor, type Finding, type PayloadKind } from '../schemas';
import { andMore } from './capped';

export type FileKind = PayloadKind | 'request';

/** At most this many findings in one answer. */
export const MAX_FINDINGS = 20;

export interface ToolFix {
  title: string;
  /** Replace `length` characters at `offset` (0-based, in the text checked) with `content`. */
  edits: { offset: number; length: number; content: string }[];
  /** Why `edits` is empty: an edit that quotes a secret-looking value is not handed out (masked, it would corrupt the file). */
  withheld?: string;
}

export interface ToolFinding {
  code: string;
  severity: 'error' | 'warning';
  /** The field, as the messages write it: `subscriptions[0].plan_id`; empty for the whole payload. */
  path: string;
  line: number;
  column: number;
  message: string;
  fixes: ToolFix[];
}

export interface ValidateResult {
  file?: string;
  kind: FileKind;
  /** Counts over every finding, the ones left out included. */
  errors: number;
  warnings: number;
  findings: ToolFinding[];
  note?: string;
}

/** The kind a file name says, or undefined (then the caller asks for `kind`). */
export const fileKind = (file: string): FileKind | undefined =>
  isRequestFile(file) ? 'request' : kindFromFileName(file);

export interface CheckOptions {
  file?: string;
  /** The service version request files are checked for (billingWorkbench.serviceVersion). */
  serviceVersion?: string;
}

/** Checks `text` as a `kind` file: what the editor would mark. */
export function validateText(text: string, kind: FileKind, options: CheckOptions = {}): ValidateResult {
  const { findings } =
    kind === 'request' ? parseRequest(text, { serviceVersion: options.serviceVersion }) : parsePayload(text, kind);
  return validateResult(text, kind, findings, options.file);
}

/** Findings already made (the editor's kept parse) as the tool's answer. */
export function validateResult(
  text: string,
  kind: FileKind,
  findings: readonly Finding[],
  file?: string,
): ValidateResult {
  const { errors, warnings } = findingCounts(findings); // the validator's own count of those it did not list
  const shown = findings.filter(f => !f.omitted).slice(0, MAX_FINDINGS);
  const result: ValidateResult = {
    ...(file ? { file } : {}),
    kind,
    errors,
    warnings,
    findings: shown.map(f => toolFinding(text, f)),
    ...andMore(errors + warnings - shown.length, 'findings'),
  };
  return redact(result); // a message may quote a value (a card number in a file is masked, never repeated)
}

const WITHHELD = 'the edit quotes a value that looks like a secret or a card number: apply this fix in the editor';

function toolFinding(text: string, f: Finding): ToolFinding {
  const fixes = quickFixesFor(text, f)
    .filter(x => x.edits.length)
    .map((x): ToolFix => {
      const edits = x.edits.map(e => ({ offset: e.offset, length: e.length, content: e.content }));
      return edits.every(e => redact(e.content) === e.content)
        ? { title: x.title, edits }
        : { title: x.title, edits: [], withheld: WITHHELD };
    });
  return {
    code: f.code,
    severity: f.severity,
    path: formatPath(f.path),
    ...lineColumn(text, f.offset),
    message: f.message,
    fixes,
  };
}
