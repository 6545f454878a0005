// A step's body: inline, or read from a payload file of the project and checked like the editor checks one (an
// order, a preview, an account); a value held by a `${...}` reference is left to the run (never cry wolf).
import * as fs from 'fs';
import * as path from 'path';
import { parseTree, type ParseError } from 'jsonc-parser';
import { parsePayload } from '../payloads';
import { isInside, outsideRoots, projectFileProblem } from '../payloads/projectFile';
import { kindFromFileName, tooDeepAt, type PathSegment, type PayloadKind } from '../schemas';
import { lineColumn } from '../schemas/lines';
import { jsonErrorWords } from '../schemas/syntax';
import { MAX_SCENARIO_DEPTH, tooDeepMessage } from './depth';
import { findReferences } from './references';
import type { StepData } from './schema';
import type { PreparedStep } from './findingTypes';
import type { AddFinding as Add } from './findingTypes';

/** Step kinds that send a body. */
export const BODY_KINDS: readonly StepData['kind'][] = [
  'preview',
  'createOrder',
  'createAccount',
  'operation',
  'catalog',
];

const BODY_KIND: Partial<Record<StepData['kind'], PayloadKind>> = {
  preview: 'preview',
  createOrder: 'order',
  createAccount: 'account',
};

/** The body of a step: inline, or read from a payload file and checked like the editor checks one. */
export function stepBody(
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
  return `${jsonErrorWords(e.error)} at ${line}:${column}`;
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
export function heldByReference(value: unknown, at: PathSegment[]): boolean {
  let v = value;
  for (let k = 0; k <= at.length; k++) {
    if (typeof v === 'string') return findReferences(v).length > 0;
    if (k === at.length || !v || typeof v !== 'object') return false;
    v = (v as Record<string | number, unknown>)[at[k]];
  }
  return false;
}

export function readUtf8(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8').replace(/^\uFEFF/, ''); // invalid UTF-8 then fails as JSON, with its place
  } catch {
    return undefined; // missing, a folder, unreadable: "no payload file", with the path looked for
  }
}
