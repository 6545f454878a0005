// Findings on the `callout` step (an event type the Local sandbox never sends, with its nearest name; a `where`
// path that does not parse) and the "did you mean" of a misspelt field of any step (`evnt` -> `event`).
import type { PathSegment } from '../schemas';
import { suggestKey } from '../schemas/typos';
import { EVENT_TYPES } from '../wire/eventTypes';
import { parseJsonPath } from './jsonPath';
import { Step, type StepData } from './schema';
import type { AddFinding } from './findingTypes';

export function checkCallout(step: StepData & { kind: 'callout' }, at: PathSegment[], add: AddFinding): void {
  const events = step.event === undefined ? [] : [step.event].flat();
  events.forEach((e, i) => {
    if (typeof e !== 'string' || (EVENT_TYPES as readonly string[]).includes(e) || e.includes('${')) return;
    const near = suggestKey(e, EVENT_TYPES, new Set());
    const mean = near ? `did you mean \`${near}\`? ` : '';
    const where = Array.isArray(step.event) ? [...at, 'event', i] : [...at, 'event'];
    const message = `The Local sandbox sends no "${e}" event: ${mean}It sends ${EVENT_TYPES.join(', ')}.`;
    add('unknown-event', message, where, false, 'warning');
  });
  (Array.isArray(step.where) ? step.where : []).forEach((w, i) => {
    if (typeof w?.path !== 'string') return;
    const p = parseJsonPath(w.path);
    if (p.error !== undefined) add('bad-json-path', `${p.error}.`, [...at, 'where', i, 'path']);
  });
}

/** The field of the step kind `key` most likely misspells (or shortens: `cnt` -> `count`), as " Did you mean `event`?", or ''. */
export function stepFieldHint(kind: string | undefined, key: string, present: readonly string[]): string {
  const option = Step.options.find(o => o.shape.kind.value === kind);
  if (!option) return '';
  const known = Object.keys(option.shape);
  const near = suggestKey(key, known, new Set(present)) ?? shortened(key, known, present);
  return near ? ` Did you mean \`${near}\`?` : '';
}

/**
 * The one known name `key` is a short form of (its first letter, then its letters in order, as `cnt` of `count`),
 * or undefined: an edit distance misses abbreviations. Three letters at least, so a short key suggests little.
 */
function shortened(key: string, known: readonly string[], present: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  if (k.length < 3) return undefined;
  const inOrder = (name: string) => {
    let i = 0;
    for (const ch of name.toLowerCase()) if (ch === k[i]) i++;
    return i === k.length;
  };
  const fits = known.filter(n => !present.includes(n) && n.length > k.length && n[0] === k[0] && inOrder(n));
  return fits.length === 1 ? fits[0] : undefined;
}

/** A callout step's retry takes `for` only: it wakes on each arrival and has no `until` of its own. */
export const CALLOUT_RETRY_HINT =
  ' A callout step\'s retry takes only "for" (how long to wait): it wakes as each callout arrives; match with "event" and "where".';

/** For a callout step's misspelt retry key: " Did you mean `for`?" (when it is near) and CALLOUT_RETRY_HINT. */
export function calloutRetryHint(key: string, present: readonly string[]): string {
  const near = suggestKey(key, ['for'], new Set(present));
  return `${near ? ` Did you mean \`${near}\`?` : ''}${CALLOUT_RETRY_HINT}`;
}
