// Terms: spec 01 says a termed term has a length and an evergreen one has none. The service's schema
// requires neither, so these are warnings that say what happens instead.
import type { PathSegment } from './findings';
import type { Obj } from './objects';
import type { RawFinding } from './rawFinding';

const LENGTH = ['interval', 'interval_count'] as const;

/** `parent` is the path of the object holding the term under `name`; copied only to report. */
export function checkTerm(t: Obj, parent: readonly PathSegment[], name: string, out: RawFinding[]): void {
  const at = () => [...parent, name];
  if (t.type === undefined) {
    out.push({
      code: 'missing-field',
      severity: 'warning',
      path: [...at(), 'type'],
      target: 'parentKey',
      message: `"${name}" has no "type": the tenant's default term type applies. Set "termed" or "evergreen".`,
      fix: { kind: 'addProperty', property: 'type', placeholder: 'termed' },
    });
  } else if (t.type === 'termed') {
    for (const f of LENGTH) {
      if (t[f] !== undefined) continue;
      out.push({
        code: 'missing-field',
        severity: 'warning',
        path: [...at(), f],
        target: 'parentKey',
        message: `A termed ${name} without "${f}" gets its length from the tenant's defaults; set it to be sure.`,
        fix: { kind: 'addProperty', property: f, placeholder: f === 'interval' ? 'month' : 12 },
      });
    }
  } else if (t.type === 'evergreen') {
    for (const f of LENGTH) {
      if (t[f] === undefined) continue;
      out.push({
        code: 'evergreen-with-interval',
        severity: 'warning',
        path: [...at(), f],
        target: 'key',
        message: `An evergreen term has no length, so "${f}" has no effect: remove it.`,
        fix: { kind: 'dropTermFields' },
      });
    }
  }
}
