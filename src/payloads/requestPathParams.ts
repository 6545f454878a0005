// A request file's `pathParams`: Send fills each {name} of the operation's path from it (client/paths.ts), so a
// misspelt name leaves its parameter unfilled and Send fails: an error with "did you mean" and Rename. A name the
// path does not have, with nothing near it, is only ignored: a warning. A value Send cannot put in a path (not
// text, empty, `.` or `..`) is an error saying what to write. A parameter simply not written yet is left to Send,
// which names it.
import type { Operation } from '../catalog';
import type { RawFinding } from '../schemas';
import { isObj } from '../schemas/objects';
import { suggestKey } from '../schemas/typos';
import { describeValue } from '../schemas/wording';

export function pathParamFindings(op: Operation, pathParams: unknown): RawFinding[] {
  if (pathParams === undefined) return [];
  if (!isObj(pathParams)) {
    const message = '"pathParams" must be a JSON object: { "name": "value" } for each {name} in the path.';
    return [{ code: 'wrong-type', path: ['pathParams'], target: 'value', message }];
  }
  const out: RawFinding[] = [];
  const given = new Set(Object.keys(pathParams));
  for (const [name, value] of Object.entries(pathParams)) {
    const path = ['pathParams', name];
    if (!op.pathParams.includes(name)) {
      const near = suggestKey(name, op.pathParams, given);
      const takes = op.pathParams.length ? op.pathParams.map(p => `{${p}}`).join(', ') : 'no parameters';
      out.push(
        near
          ? {
              code: 'unknown-field',
              path,
              target: 'key',
              message: `Unknown path parameter "${name}": did you mean \`${near}\`? As written, Send cannot fill {${near}}.`,
              fix: { kind: 'renameProperty', property: name, to: near },
            }
          : {
              code: 'unknown-field',
              path,
              target: 'key',
              severity: 'warning',
              message: `"${name}" is not a parameter of ${op.path} (it takes ${takes}): Send ignores it.`,
              fix: { kind: 'removeProperty', property: name },
            },
      );
      continue;
    }
    const bad =
      typeof value !== 'string'
        ? `must be text in quotes, not ${describeValue(value)}`
        : value.trim() === ''
          ? 'is empty: write the id or number to put in the path'
          : value === '.' || value === '..'
            ? `cannot be "${value}": it would change which operation is called`
            : undefined;
    if (bad) out.push({ code: 'wrong-type', path, target: 'value', message: `Path parameter "${name}" ${bad}.` });
  }
  return out;
}
