// A scenario file read once for everything: its findings (the editor's diagnostics, the CLI's input errors)
// and the steps the runner sends, with each payload file read and parsed. Findings carry offsets into the
// scenario's text like src/schemas' findings, and a path (`steps[2].file`) that the runner's results share.
import * as path from 'path';
import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { formatPath, isRealDate, tooDeepAt, type PathSegment } from '../schemas';
import { jsonErrorWords } from '../schemas/syntax';
import { suggestKey } from '../schemas/typos';
import { parseJsonPath } from './jsonPath';
import { findReferences } from './references';
import { deepPlace, MAX_SCENARIO_DEPTH, tooDeepMessage } from './depth';
import { Scenario, STEP_KINDS, type ScenarioData, type StepData } from './schema';
import { checkAdvance, checkCatalog, checkHeaders, checkOperation, checkOperationBody } from './callFindings';
import { checkExpect, expectKeyHint } from './expectFindings';
import { calloutRetryHint, checkCallout, stepFieldHint } from './calloutFindings';
import type { AddFinding, PreparedStep, ScenarioFinding } from './findingTypes';
import { BODY_KINDS, projectRoot, readUtf8, stepBody } from './stepBody';
import { captureNames, checkName, checkRetry, checkSpecialReference, schemaFinding } from './stepFindings';
import { checkDataReference, checkPostmanVariables, type DataColumns } from './dataFindings';

export { outsideProject, projectRoot } from './stepBody';

export {
  SCENARIO_FINDING_CODES,
  type PreparedStep,
  type ScenarioFinding,
  type ScenarioFindingCode,
} from './findingTypes';

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
  /** The run's data file (`test --data`): `${data.NAME}` must be one of its columns. Undefined: the editor's. */
  data?: DataColumns;
  /** Environment variables the run reads, to say `${env.NAME}` for a Postman `{{NAME}}`. */
  envNames?: readonly string[];
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
    const message = e ? `Not valid JSON: ${jsonErrorWords(e.error)}.` : 'The file is empty.';
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
    checkReferences(s, at, i, { steps: names, captures, rows: raw.each, data: opts.data }, add);
    checkRetry(step, at, add);
    schemaFinding(step, at, add);
    if (step.kind === 'operation' && typeof step.operation === 'string') {
      prepared.operation = checkOperation(step, at, add);
    }
    checkHeaders(step, at, add);
    if (BODY_KINDS.includes(step.kind)) {
      Object.assign(
        prepared,
        stepBody(step as StepData & { body?: unknown; file?: unknown }, at, { dir, project }, readText, add),
      );
    }
    if (prepared.operation) checkOperationBody(prepared.operation, step, prepared.body, at, add);
    if (step.kind === 'advance') checkAdvance(step, at, add);
    if (step.kind === 'catalog') checkCatalog(step, at, add);
    if (step.kind === 'callout') checkCallout(step, at, add);
    checkExpect(step, at, add, prepared.body);
    const known = { data: opts.data, envNames: opts.envNames, names: new Set([...names.keys(), ...captures.keys()]) };
    checkPostmanVariables(s, prepared.file ? prepared.body : undefined, at, known, add);
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
      const hint =
        at.length === 2
          ? takes
            ? ` ${takes}.`
            : stepFieldHint(stepKind, k, Object.keys(stepAt(value, at[1] as number)))
          : stepKind === 'callout' && at.length === 3 && at[2] === 'retry'
            ? calloutRetryHint(k, Object.keys(objectAt(value, at)))
            : expectKeyHint(at, k, Object.keys(objectAt(value, at)));
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
  const field = at[at.length - 1];
  const holder = objectAt(value, at.slice(0, -1));
  if (typeof field === 'string' && at.length > 1 && !(field in holder)) {
    // A required field left out (often misspelt: `fore` for `for`): said so, not zod's "Invalid input".
    const other = Object.keys(holder).find(k => suggestKey(k, [field], new Set()) === field);
    const written = other === undefined ? '' : ` (is "${other}" it, misspelt?)`;
    add('wrong-shape', `${formatPath(at)} is missing: ${formatPath(at.slice(0, -1))} needs "${field}"${written}.`, at);
    return;
  }
  add('wrong-shape', `${formatPath(at) || 'The scenario'}: ${issue.message}.`, at);
}

/** The object at a path of the scenario value (the one holding a misspelt key), or {}. */
const objectAt = (value: unknown, at: PathSegment[]): object => {
  const v = at.reduce<unknown>(
    (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
    value,
  );
  return v && typeof v === 'object' ? v : {};
};

const stepAt = (value: unknown, i: number): object => {
  const s = (value as { steps: unknown[] }).steps[i];
  return s && typeof s === 'object' ? s : {};
};

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
  known: { steps: Map<string, number>; captures: Map<string, number>; rows: unknown; data?: DataColumns },
  add: Add,
) {
  if (!s || typeof s !== 'object') return;
  for (const r of findReferences(s, at)) {
    if (r.step === 'receiver') {
      if (r.path !== 'url')
        add('bad-json-path', `${r.text}: the receiver has only a url: write \${receiver.url}.`, r.at);
      continue;
    }
    if (r.step === 'data') {
      checkDataReference(r, known.data, add);
      continue;
    }
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
