// `endpoints [QUERY] [--format text|json]`: the catalog under its groups' headings, or the operations matching
// QUERY, best first, each naming its group.
import { OPERATIONS, searchOperations } from '../catalog';
import { UsageError, type Io } from './io';

type Op = (typeof OPERATIONS)[number];
const line = (o: Op) => `${o.method.padEnd(6)} ${o.path.padEnd(60)} ${o.summary}`;

/** The operations by group, the groups in the order the catalog first names them. */
function byGroup(ops: readonly Op[]): Map<string, Op[]> {
  const groups = new Map<string, Op[]>();
  for (const o of ops) {
    const members = groups.get(o.group);
    if (members) members.push(o);
    else groups.set(o.group, [o]);
  }
  return groups;
}

export function endpointsCommand(query: string | undefined, format: string, io: Io): number {
  if (!['text', 'json'].includes(format)) throw new UsageError(`--format must be text or json, not "${format}"`);
  const ops = query ? searchOperations(query, OPERATIONS.length).map(h => h.op) : OPERATIONS;
  if (format === 'json') {
    const listed = ops.map(o => ({ group: o.group, method: o.method, path: o.path, summary: o.summary }));
    io.out(JSON.stringify(listed, null, 2));
  } else if (query) {
    for (const o of ops) io.out(`${line(o)}  · ${o.group}`); // ranked: each says its group
  } else {
    let first = true;
    for (const [group, members] of byGroup(ops)) {
      io.out(`${first ? '' : '\n'}${group} (${members.length})`);
      first = false;
      for (const o of members) io.out(`  ${line(o)}`);
    }
  }
  if (ops.length === 0) io.err(`no operation matches "${query}"`);
  return 0;
}
