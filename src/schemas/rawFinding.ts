// A finding before it is placed in the text: what is wrong, where in the value, and how to fix it. Its own
// file so that the rule files and rules.ts, which runs them, import it without importing each other.
import type { FindingCode, FixHint, PathSegment, Severity } from './findings';
import type { Target } from './locate';

export interface RawFinding {
  code: FindingCode;
  message: string;
  path: PathSegment[];
  target: Target;
  severity?: Severity;
  fix?: FixHint;
}
