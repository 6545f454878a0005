// A scenario file read once for everything: its findings (the editor's diagnostics, the CLI's input errors)
// and the steps the runner sends, with each payload file read and parsed. Findings carry offsets into the
// scenario's text like src/schemas' findings, and a path (`steps[2].file`) that the runner's results share.
import * as fs from 'fs';
import * as path from 'path';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { findOperation, type Operation } from '../catalog';
import { parsePayload } from '../payloads';
import { isInside, outsideRoots, projectFileProblem } from '../payloads/projectFile';
import { formatPath, isRealDate, kindFromFileName, tooDeepAt, type PathSegment, type PayloadKind } from '../schemas';
import { isClockDate, parseBy } from '../wire/sandboxClock';
import { suggestKey } from '../schemas/typos';
import { lineColumn } from '../schemas/lines';
import { parseJsonPath } from './jsonPath';
import { findReferences } from './references';
import { deepPlace, MAX_SCENARIO_DEPTH, tooDeepMessage } from './depth';
import { Scenario, STEP_KINDS, type ScenarioData, type StepData, type ValueCheckData } from './schema';
import {
  captureNames,
  checkName,
  checkRetry,
  checkSpan,
  checkSpecialReference,
  schemaFinding,
  type AddFinding,
} from './stepFindings';

export const SCENARIO_FINDING_CODES = [
  'json-syntax',
  'wrong-shape',
  'unknown-step-kind',
  'unknown-operation',
  'missing-path-param',
  'unknown-step',
  'later-step',
  'duplicate-step-name',
  'body-and-file',
  'payload-missing',
  'payload-outside',
  'payload-invalid',
  'bad-json-path',
  'bad-pattern',
  'empty-check',
  'totals-not-preview',
  'invoices-not-preview',
  'invoices-not-asked',
  'retry-write',
  'bad-duration',
  'capture-clash',
  'bad-capture-name',
  'reserved-name',
  'bad-env-reference',
  'row-without-each',
  'row-missing',
  'no-response-schema',
  'too-deep',
] as const;
export type ScenarioFindingCode = (typeof SCENARIO_FINDING_CODES)[number];

export interface ScenarioFinding {
  code: ScenarioFindingCode;
  severity: 'error' | 'warning';
  message: string;
  path: PathSegment[];
  offset: number;
  length: number;
}

/** A step ready to send: its data, and the body as written (references still in it). */
export interface PreparedStep {
  index: number;
  step: StepData;
  /** The step's name, or `step N` (1-based) when it has none. */
  label: string;
  body?: unknown;
  /** The payload file it came from (absolute), when the body is a file. */
  file?: string;
  /** The kind the body is checked as (order, preview, account), for preview and create steps. */
  payloadKind?: PayloadKind;
  operation?: Operation;
}

export interface ScenarioFile {
  file?: string;
  /** Undefined when the text is not a scenario at all (findings say why). */
  scenario?: ScenarioData;
  steps: PreparedStep[];
  findings: ScenarioFinding[];
}

export interface ReadScenarioOptions {
  /** The scenario's path: payload files are relative to its folder. */
  file?: string;
  /** Reads a payload file; undefined when it does not exist. Default: the file system, UTF-8. */
  readText?: (absolutePath: string) => string | undefined;
  /**
   * The folder payload files must stay in: the workspace folder in the editor, the current folder in the CLI.
   * Default (or when the scenario is not inside it): the scenario's repository, else the scenario's folder.
   */
  projectRoot?: string;
}

export const SCENARIO_FILE_PATTERN = /\.scenario\.json$/i;
export const isScenarioFile = (p: string) => SCENARIO_FILE_PATTERN.test(p);

export function readScenario(text: string, opts: ReadScenarioOptions = {}): ScenarioFile {
  const deep = tooDeepAt(text, MAX_SCENARIO_DEPTH); // before anything recurses through it
  if (deep >= 0) {
    const at = deepPlace(text);
    const finding = { code: 'too-deep', severity: 'error', message: tooDeepMessage(at), path: at } as const;
    return { file: opts.file, steps: [], findings: [{ ...finding, offset: deep, length: 1 }] };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const findings: ScenarioFinding[] = [];
  const add: Add = (code, message, at, key = false, severity = 'error') =>
    findings.push({ code, severity, message, path: at, ...locate(root, text, at, key) });
  if (errors.length || !root) {
    const e = errors[0];
    const message = e ? `Not valid JSON: ${printParseErrorCode(e.error)}.` : 'The file is empty.';
    findings.push({
      code: 'json-syntax',
      severity: 'error',
      message,
      path: [],
      offset: e?.offset ?? 0,
      length: e?.length ?? 0,
    });
    return { file: opts.file, steps: [], findings };
  }
  const value: unknown = JSON.parse(text);
  const parsed = Scenario.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) shapeFinding(issue, value, add);
  }
  const raw = (value && typeof value === 'object' ? value : {}) as { steps?: unknown; today?: unknown; each?: unknown };
  if (typeof raw.today === 'string' && !(/^\d{4}-\d{2}-\d{2}$/.test(raw.today) && isRealDate(raw.today))) {
    add('wrong-shape', `today must be a real date written YYYY-MM-DD, not "${raw.today}".`, ['today']);
  }
  const rawSteps = Array.isArray(raw.steps) ? (raw.steps as Record<string, unknown>[]) : [];
  if (Array.isArray(raw.each) && raw.each.length === 0) {
    add('wrong-shape', '"each" has no rows: give it one object per run, such as [{ "plan": "basic" }], or remove it.', [
      'each',
    ]);
  }
  const names = stepNames(rawSteps, add);
  const captures = captureNames(rawSteps, names, add);
  const readText = opts.readText ?? readUtf8;
  const dir = opts.file ? path.dirname(path.resolve(opts.file)) : process.cwd();
  const project = projectRoot(dir, path, opts.projectRoot);
  const steps: PreparedStep[] = rawSteps.map((s, i) => {
    const at: PathSegment[] = ['steps', i];
    const step = (s && typeof s === 'object' ? s : {}) as StepData;
    const prepared: PreparedStep = {
      index: i,
      step,
      label: typeof step.name === 'string' ? step.name : `step ${i + 1}`,
    };
    checkReferences(s, at, i, { steps: names, captures, rows: raw.each }, add);
    checkRetry(step, at, add);
    schemaFinding(step, at, add);
    if (step.kind === 'operation' && typeof step.operation === 'string') {
      prepared.operation = checkOperation(step, at, add);
    }
    if (['preview', 'createOrder', 'createAccount', 'operation'].includes(step.kind)) {
      Object.assign(
        prepared,
        stepBody(step as StepData & { body?: unknown; file?: unknown }, at, { dir, project }, readText, add),
      );
    }
    if (step.kind === 'advance') checkAdvance(step, at, add);
    checkExpect(step, at, add, prepared.body);
    return prepared;
  });
  findings.sort((a, b) => a.offset - b.offset); // in the order of the text, as people read it
  return { file: opts.file, scenario: parsed.success ? parsed.data : undefined, steps, findings };
}

/** Adds an error (or a warning) at a path of the scenario: its value, or its key (`key`) for a field that should not be there. */
type Add = AddFinding;

/** What a step that reads by number takes, said plainly (zod would say "Invalid input"). */
const READ_BY_NUMBER: Partial<Record<string, { field: string; example: string }>> = {
  // the example is what the service's numbers start with
  getOrder: { field: 'orderNumber', example: 'O…' },
  getAccount: { field: 'accountNumber', example: 'A…' },
};

function shapeFinding(
  issue: { code: string; path: PropertyKey[]; message: string; keys?: string[] },
  value: unknown,
  add: Add,
) {
  const at = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const stepKind = at[0] === 'steps' && typeof at[1] === 'number' ? kindOfStep(value, at[1]) : undefined;
  const reads = stepKind ? READ_BY_NUMBER[stepKind] : undefined;
  const takes = reads && `${stepKind} takes "${reads.field}": "${reads.example}"`;
  if (issue.code === 'unrecognized_keys') {
    for (const k of issue.keys ?? []) {
      const where = at.length ? `in ${formatPath(at)}` : 'at the top';
      const hint = takes && at.length === 2 ? ` ${takes}.` : '';
      add('wrong-shape', `Unknown field "${k}" ${where} of a scenario.${hint}`, [...at, k], true);
    }
    return;
  }
  if (issue.code === 'invalid_union' && at.length === 3 && at[0] === 'steps' && at[2] === 'kind') {
    const near = typeof stepKind === 'string' ? suggestKey(stepKind, STEP_KINDS, new Set()) : undefined;
    const use = near ? `did you mean \`${near}\`? Use` : 'use'; // the range marks the kind written
    add('unknown-step-kind', `Unknown step kind: ${use} one of ${STEP_KINDS.join(', ')}.`, at);
    return;
  }
  if (reads && at.length === 3 && at[2] === reads.field) {
    const missing = !hasKey(value, at[1] as number, reads.field);
    const example = `such as "\${signup.${snake(reads.field)}}"`;
    add('wrong-shape', missing ? `${takes}; this step has none (${example}).` : `${takes}, as text (${example}).`, at);
    return;
  }
  add('wrong-shape', `${formatPath(at) || 'The scenario'}: ${issue.message}.`, at);
}

function kindOfStep(value: unknown, i: number): string | undefined {
  const steps = (value as { steps?: unknown })?.steps;
  const s = Array.isArray(steps) ? (steps[i] as { kind?: unknown }) : undefined;
  return s && typeof s === 'object' && typeof s.kind === 'string' ? s.kind : undefined;
}
const hasKey = (value: unknown, i: number, key: string) =>
  key in ((value as { steps: Record<string, unknown>[] }).steps[i] ?? {});
const snake = (camel: string) => camel.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`);

function stepNames(steps: Record<string, unknown>[], add: Add): Map<string, number> {
  const names = new Map<string, number>();
  steps.forEach((s, i) => {
    const name = s && typeof s === 'object' ? s.name : undefined;
    if (typeof name !== 'string') return;
    if (names.has(name)) add('duplicate-step-name', `Another step is already named "${name}".`, ['steps', i, 'name']);
    else names.set(name, i);
    checkName(name, 'step', ['steps', i, 'name'], add);
  });
  return names;
}

/**
 * References (in what is sent and in what is expected) name an earlier step or an earlier step's capture, by
 * a path that parses; `${env.NAME}` a variable, `${row.NAME}` a value every row of `each` has.
 */
function checkReferences(
  s: unknown,
  at: PathSegment[],
  i: number,
  known: { steps: Map<string, number>; captures: Map<string, number>; rows: unknown },
  add: Add,
) {
  if (!s || typeof s !== 'object') return;
  for (const r of findReferences(s, at)) {
    if (r.step === 'env' || r.step === 'row') {
      checkSpecialReference(r, known.rows, add);
      continue;
    }
    const step = known.steps.get(r.step);
    const captured = known.captures.get(r.step);
    const j = step ?? captured;
    if (j === undefined) {
      add('unknown-step', `${r.text}: no step captures "${r.step}" and no step is named "${r.step}".`, r.at);
    } else if (j >= i) {
      const which = j === i ? 'this step itself' : `a later step (${j + 1})`;
      const what = step !== undefined ? `"${r.step}" is ${which}` : `"${r.step}" is captured by ${which}`;
      add('later-step', `${r.text}: ${what}; a step can only use the answers of earlier steps.`, r.at);
    } else {
      const p = parseJsonPath(r.path);
      if (p.error !== undefined) add('bad-json-path', `${r.text}: ${p.error}.`, r.at);
    }
  }
}

function checkOperation(step: StepData & { kind: 'operation' }, at: PathSegment[], add: Add): Operation | undefined {
  const [method = '', ...rest] = step.operation.trim().split(/\s+/);
  const op = findOperation(method, rest.join(' '));
  if (!op) {
    const message = `Unknown operation "${step.operation}": an operation id is its method and path as the catalog writes them, such as "GET /v1/accounts/{account-key}".`;
    add('unknown-operation', message, [...at, 'operation']);
    return undefined;
  }
  const given = step.pathParams && typeof step.pathParams === 'object' ? step.pathParams : {};
  for (const p of op.pathParams) {
    if (!(p in given))
      add('missing-path-param', `${op.id} needs the path parameter "${p}" in pathParams.`, [...at, 'operation']);
  }
  return op;
}

const BODY_KIND: Partial<Record<StepData['kind'], PayloadKind>> = {
  preview: 'preview',
  createOrder: 'order',
  createAccount: 'account',
};

/** The body of a step: inline, or read from a payload file and checked like the editor checks one. */
function stepBody(
  step: StepData & { body?: unknown; file?: unknown },
  at: PathSegment[],
  { dir, project }: { dir: string; project: string },
  readText: (p: string) => string | undefined,
  add: Add,
): Partial<PreparedStep> {
  const defaultKind = BODY_KIND[step.kind];
  if (step.file !== undefined && step.body !== undefined) {
    add('body-and-file', 'Give the body inline or as a file, not both.', [...at, 'file'], true);
  }
  if (typeof step.file !== 'string') {
    if (step.body === undefined && defaultKind)
      add('wrong-shape', `A ${step.kind} step needs "body" or "file".`, [...at, 'kind']);
    if (defaultKind && step.body !== undefined) checkPayload(step.body, defaultKind, [...at, 'body'], add);
    return { body: step.body, payloadKind: defaultKind };
  }
  const file = path.resolve(dir, step.file);
  const problem = projectFileProblem(file, [project], step.file); // the agent tools' rule too
  if (problem?.code === 'outside') {
    add('payload-outside', `${step.file} is outside ${project}: ${OUTSIDE_WHY}`, [...at, 'file']);
    return { file, payloadKind: defaultKind };
  }
  if (problem && problem.code !== 'missing') {
    add('payload-invalid', problem.message, [...at, 'file']); // a folder, a device, over the size limit
    return { file, payloadKind: defaultKind };
  }
  const text = readText(file); // a missing file may still be open in the editor
  if (text === undefined) {
    add('payload-missing', `No payload file ${step.file} (looked for ${file}).`, [...at, 'file']);
    return { file, payloadKind: defaultKind };
  }
  if (tooDeepAt(text, MAX_SCENARIO_DEPTH) >= 0) {
    add('too-deep', tooDeepMessage([], step.file), [...at, 'file']);
    return { file, payloadKind: defaultKind };
  }
  const kind = step.kind === 'preview' ? (kindFromFileName(file) ?? 'preview') : defaultKind;
  if (!kind) {
    try {
      return { file, body: JSON.parse(text) };
    } catch {
      // Where, not what: JSON.parse quotes the text, and a report must not show a file that is no payload.
      add('payload-invalid', `${step.file} is not valid JSON: ${jsonSyntaxError(text)}.`, [...at, 'file']);
      return { file };
    }
  }
  const payload = parsePayload(text, kind);
  const errors = payload.findings.filter(f => f.severity === 'error' && !heldByReference(payload.value, f.path));
  if (errors.length) {
    const first = errors[0];
    const { line, column } = lineColumn(text, first.offset);
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    const message = `${step.file} does not validate as ${kind === 'order' ? 'an order' : `a ${kind}`}: ${line}:${column} ${first.message} [${first.code}]${more}`;
    add('payload-invalid', message, [...at, 'file']);
  }
  return { file, body: payload.value, payloadKind: kind };
}

const OUTSIDE_WHY =
  'a scenario sends payload files from its own project only (the workspace folder, the current folder of the ' +
  'CLI, or else its repository or its own folder), so that a scenario from elsewhere cannot send or show other ' +
  'files; copy the file there.';

/**
 * The project, named, when `file` is outside it (through `..`, an absolute path or a symbolic link);
 * undefined when it is inside.
 */
export const outsideProject = (file: string, root: string, p: typeof path = path): string | undefined =>
  outsideRoots(file, [root], p);

/**
 * The folder a scenario in `dir` may send files from: `given` (workspace folder, CLI's current folder) when
 * the scenario is inside it, else the nearest folder above holding `.git`, else the scenario's own folder.
 */
export function projectRoot(dir: string, p: typeof path = path, given?: string): string {
  if (given && isInside(dir, p.resolve(given), p)) return p.resolve(given);
  for (let d = dir; ; d = p.dirname(d)) {
    if (fs.existsSync(p.join(d, '.git'))) return d;
    if (p.dirname(d) === d) return dir;
  }
}

/** A JSON syntax error by its kind and place (`ValueExpected at 1:1`). */
function jsonSyntaxError(text: string): string {
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const e = errors[0];
  if (!e) return 'check its syntax';
  const { line, column } = lineColumn(text, e.offset);
  return `${printParseErrorCode(e.error)} at ${line}:${column}`;
}

/** An inline body checked as the payload it is; a finding on a `${...}` value is left to the run (never cry wolf). */
function checkPayload(body: unknown, kind: PayloadKind, at: PathSegment[], add: Add) {
  if (!body || typeof body !== 'object') return;
  const { findings } = parsePayload(JSON.stringify(body), kind);
  for (const f of findings) {
    if (f.severity !== 'error' || heldByReference(body, f.path)) continue;
    add('payload-invalid', `${f.message} [${f.code}]`, [...at, ...f.path], f.code === 'unknown-field');
  }
}

/** True when the path (or a parent of it) is a string holding a reference, whose value is known only at run time. */
function heldByReference(value: unknown, at: PathSegment[]): boolean {
  let v = value;
  for (let k = 0; k <= at.length; k++) {
    if (typeof v === 'string') return findReferences(v).length > 0;
    if (k === at.length || !v || typeof v !== 'object') return false;
    v = (v as Record<string | number, unknown>)[at[k]];
  }
  return false;
}

/** An advance step moves the clock `to` a real date or `by` a step it reads (a `${...}` value is read at run time). */
function checkAdvance(step: StepData & { kind: 'advance' }, at: PathSegment[], add: Add) {
  const { to, by } = step as { to?: unknown; by?: unknown };
  if (to !== undefined && by !== undefined) {
    add('wrong-shape', 'An advance step takes "to" or "by", not both.', [...at, 'by'], true);
    return;
  }
  if (to === undefined && by === undefined) {
    add('wrong-shape', 'An advance step needs "to" (a date, such as "2027-06-01") or "by" (such as "3 months").', [
      ...at,
      'kind',
    ]);
    return;
  }
  const referenced = (v: string) => findReferences(v).length > 0;
  if (typeof to === 'string' && !referenced(to) && !isClockDate(to)) {
    add('wrong-shape', `"to" must be a real date written YYYY-MM-DD, not "${to}".`, [...at, 'to']);
  }
  if (typeof by === 'string' && !referenced(by)) {
    const read = parseBy(by);
    if ('error' in read) add('wrong-shape', read.error, [...at, 'by']);
  }
}

const CHECK_KEYS = ['equals', 'exists', 'matches', 'count', 'type', 'lessThan', 'greaterThan', 'includes'] as const;

function checkValueChecks(values: unknown, at: PathSegment[], add: Add) {
  (Array.isArray(values) ? values : []).forEach((c, k) => checkValueCheck(c as ValueCheckData, [...at, k], add));
}

/** One check: at a path that parses or in a header (one of the two), checking something, with a pattern that reads. */
function checkValueCheck(c: ValueCheckData, where: PathSegment[], add: Add) {
  if (!c || typeof c !== 'object') return;
  if (c.path === undefined && c.header === undefined) {
    add('wrong-shape', 'Say where to look: "path" (such as "data[0].id") or "header" (such as "x-request-id").', where);
  } else if (c.path !== undefined && c.header !== undefined) {
    add(
      'wrong-shape',
      'A check looks at "path" or at "header", not both: split it into two checks.',
      [...where, 'header'],
      true,
    );
  }
  if (typeof c.path === 'string') {
    const p = parseJsonPath(c.path);
    if (p.error !== undefined) add('bad-json-path', `${p.error}.`, [...where, 'path']);
  }
  if (!CHECK_KEYS.some(k => k in c)) {
    add('empty-check', `This check checks nothing: add one of ${CHECK_KEYS.map(k => `"${k}"`).join(', ')}.`, where);
  }
  if (typeof c.matches === 'string') {
    try {
      new RegExp(c.matches);
    } catch (e) {
      add('bad-pattern', `Not a regular expression: ${(e as Error).message}.`, [...where, 'matches']);
    }
  }
}

function checkExpect(step: StepData, at: PathSegment[], add: Add, body?: unknown) {
  const expect = step.expect ?? ({} as NonNullable<StepData['expect']>);
  if (!expect || typeof expect !== 'object') return;
  checkValueChecks(expect.values, [...at, 'expect', 'values'], add);
  if (expect.duration !== undefined) checkSpan(expect.duration, [...at, 'expect', 'duration'], add);
  const until = (step as { retry?: { until?: unknown } }).retry?.until;
  if (until && typeof until === 'object' && ('path' in until || 'header' in until)) {
    checkValueCheck(until as ValueCheckData, [...at, 'retry', 'until'], add);
  } else if (until && typeof until === 'object') {
    checkValueChecks((until as { values?: unknown }).values, [...at, 'retry', 'until', 'values'], add);
  }
  if (expect.totals !== undefined && step.kind !== 'preview') {
    add(
      'totals-not-preview',
      'Totals of delta MRR and TCB are checked on preview steps only.',
      [...at, 'expect', 'totals'],
      true,
    );
  }
  checkInvoiceExpectations(step, expect.invoices, [...at, 'expect', 'invoices'], add, body);
}

/**
 * `expect.invoices`: on preview steps only, each date a real YYYY-MM-DD, and a body that asks for billing
 * documents (one whose `metrics` leave them out could never list any: the check would fail on every run).
 */
function checkInvoiceExpectations(step: StepData, invoices: unknown, at: PathSegment[], add: Add, body: unknown) {
  if (invoices === undefined) return;
  if (step.kind !== 'preview') {
    add('invoices-not-preview', 'Billing documents are checked on preview steps only.', at, true);
    return;
  }
  (Array.isArray(invoices) ? invoices : []).forEach((c, k) => {
    const date = c && typeof c === 'object' ? (c as { date?: unknown }).date : undefined;
    if (typeof date === 'string' && !(/^\d{4}-\d{2}-\d{2}$/.test(date) && isRealDate(date)))
      add('wrong-shape', `date must be a real date written YYYY-MM-DD, not "${date}".`, [...at, k, 'date']);
  });
  const metrics = body && typeof body === 'object' ? (body as { metrics?: unknown }).metrics : undefined;
  if (Array.isArray(metrics) && !metrics.includes('billing_documents')) {
    const message =
      'The body\'s "metrics" leave out "billing_documents", so the answer lists none and this check fails on every run: add "billing_documents" to "metrics".';
    add('invoices-not-asked', message, at, true);
  }
}

/** The range of the value (or its key) at a path, or of its nearest existing parent. */
function locate(
  root: Node | undefined,
  text: string,
  at: PathSegment[],
  key: boolean,
): { offset: number; length: number } {
  if (!root) return { offset: 0, length: Math.min(1, text.length) };
  for (let depth = at.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(root, at.slice(0, depth));
    if (!node) continue;
    const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if ((key || depth < at.length) && keyNode) return { offset: keyNode.offset, length: keyNode.length };
    return { offset: node.offset, length: node.length };
  }
  return { offset: 0, length: Math.min(1, text.length) };
}

/** The range of a path of the scenario file in its text (the editor puts a test's failure there). */
export function scenarioRange(text: string, at: PathSegment[]): { offset: number; length: number } {
  return locate(parseTree(text), text, at, false);
}

function readUtf8(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8').replace(/^\uFEFF/, ''); // invalid UTF-8 then fails as JSON, with its place
  } catch {
    return undefined; // missing, a folder, unreadable: "no payload file", with the path looked for
  }
}
