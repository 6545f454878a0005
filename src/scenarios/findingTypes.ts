// What reading a scenario gives, as types every part of the reading shares (scenarioFile puts them together): the
// finding codes, a finding at its place, the function that adds one, and a step ready to send.
import type { Operation } from '../catalog';
import type { PathSegment, PayloadKind } from '../schemas';
import type { StepData } from './schema';

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
  'reserved-header',
  'bad-header',
  'unknown-event',
  'data-column',
  'postman-variable',
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

/** Adds an error (or a warning) at a path of the scenario: its value, or its key (`key`) for a field that should not be there. */
export type AddFinding = (
  code: ScenarioFindingCode,
  message: string,
  at: PathSegment[],
  key?: boolean,
  severity?: 'error' | 'warning',
) => void;
