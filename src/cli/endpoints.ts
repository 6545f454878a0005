// `endpoints [QUERY] [--format text|json]`: the catalog, or the operations matching QUERY, best first.
import { OPERATIONS, searchOperations } from '../catalog';
import { UsageError, type Io } from './io';

export function endpointsCommand(query: string | undefined, format: string, io: Io): number {
  if (!['text', 'json'].includes(format)) throw new UsageError(`--format must be text or json, not "${format}"`);
  const ops = query ? searchOperations(query, OPERATIONS.length).map(h => h.op) : OPERATIONS;
  if (format === 'json') {
    const listed = ops.map(o => ({ group: o.group, method: o.method, path: o.path, summary: o.summary }));
    io.out(JSON.stringify(listed, null, 2));
  } else {
    for (const o of ops) io.out(`${o.method.padEnd(6)} ${o.path.padEnd(60)} ${o.summary}`);
  }
  if (ops.length === 0) io.err(`no operation matches "${query}"`);
  return 0;
}
