// The parts of zod's internals (zod 4) the fast checker reads, and the few helpers every part of it shares:
// zod's own run of a schema (the one source of truth for issues) and the wrapper tests.
import { $ZodAsyncError, type $ZodRawIssue } from 'zod/v4/core';
import type { PathSegment } from './findings';

/** The parts of zod's internals read here (zod 4). */
export interface Schema {
  _zod: {
    def: Def;
    traits: Set<string>;
    optin?: string;
    optout?: string;
    values?: Set<unknown>;
    run(payload: Payload, ctx: Ctx): Payload | Promise<Payload>;
    check?(payload: Payload): unknown;
  };
}
export interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  checks?: Schema[];
  check?: string;
  coerce?: boolean;
}
export type RawIssue = $ZodRawIssue;
export interface Payload {
  value: unknown;
  issues: RawIssue[];
}
export interface Ctx {
  async: false;
}

/** Checks `value` at `path` (a stack the walk pushes to and pops), appending zod's raw issues to `out`. */
export type Check = (value: unknown, path: PathSegment[], out: RawIssue[]) => void;
export type Predicate = (value: unknown) => boolean;

export const internals = (s: unknown) => s as Schema;
export const CTX: Ctx = { async: false };

/** An issue as zod raised it, its path set: zod writes the message only when it finalizes the issue. */
export type PlacedIssue = RawIssue & { path: PropertyKey[] };

export const plain = (s: Schema) => !s._zod.def.checks?.length && !s._zod.traits.has('$ZodCheck');
/** `.optional()`: undefined passes, anything else goes to its inner schema. */
export const optional = (s: Schema) =>
  s._zod.def.type === 'optional' &&
  !s._zod.traits.has('$ZodExactOptional') &&
  s._zod.def.innerType!._zod.optin !== 'defaulted';

/** The zod issues of `s` on `value`, their paths prefixed with `path` as an enclosing zod schema would. */
export function zodIssues(s: Schema, value: unknown, path: readonly PathSegment[], out: RawIssue[]): void {
  const result = s._zod.run({ value, issues: [] }, CTX);
  if (result instanceof Promise) throw new $ZodAsyncError();
  for (const issue of result.issues) {
    const own = issue.path,
      full: PropertyKey[] = path.slice();
    if (own) for (const p of own) full.push(p);
    (issue as PlacedIssue).path = full;
    out.push(issue);
  }
}
