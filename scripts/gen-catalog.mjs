#!/usr/bin/env node
// Dev-time: regenerates src/catalog/operations.json from the spec (documents 02 and 03, plus the v2
// operations of 01). The extension never reads the spec at run time; test/unit/catalog.test.ts checks
// the committed data against the spec files with its own reading of them.
//   node scripts/gen-catalog.mjs [SPEC_DIR]   (default ../shared/spec)
import fs from 'node:fs';
import path from 'node:path';

const specDir = path.resolve(process.argv[2] ?? '../shared/spec');
const ops = [];
for (const file of fs
  .readdirSync(specDir)
  .filter(f => /^0[23]-.*\.md$/.test(f))
  .sort()) {
  let group = '',
    prefixes = {};
  for (const line of fs.readFileSync(path.join(specDir, file), 'utf8').split('\n')) {
    const h = /^### (.+?)(?: \((P\d? = [^)]*)\))?$/.exec(line);
    if (h) {
      group = h[1];
      prefixes = Object.fromEntries(
        (h[2] ?? '')
          .split(', ')
          .filter(Boolean)
          .map(p => p.split(' = ')),
      );
      continue;
    }
    const seg = /^Each segment S .*Segments: (.+)\.$/.exec(line);
    if (seg) {
      for (const s of seg[1].split(', ')) {
        ops.push({ group, method: 'GET', path: `${prefixes.P}/${s}`, summary: `list ${s.replace(/-/g, ' ')}` });
        ops.push({
          group,
          method: 'GET',
          path: `${prefixes.P}/${s}/{key}`,
          summary: `retrieve one of ${s.replace(/-/g, ' ')}`,
        });
      }
      continue;
    }
    if (/^Custom objects: GET P\/\{custom-object-name\}/.test(line)) {
      ops.push({
        group,
        method: 'GET',
        path: `${prefixes.P}/{custom-object-name}`,
        summary: 'list records of a custom object',
      });
      ops.push({
        group,
        method: 'GET',
        path: `${prefixes.P}/{custom-object-name}/{key}`,
        summary: 'retrieve one record of a custom object',
      });
      continue;
    }
    let m = /^- (GET|POST|PUT|PATCH|DELETE) (\S+?)(?: [^:]*)?: (.+)$/.exec(line);
    if (!m) continue;
    // "- PUT <label>: PUT <real path>: purpose": the real path follows the label.
    const again = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+): (.+)$/.exec(m[3]);
    if (again) m = [m[0], again[1], again[2], again[3]];
    const p = m[2].replace(/^(P\d?)(?=\/|$)/, k => prefixes[k] ?? k);
    ops.push({ group, method: m[1], path: p, summary: m[3] });
  }
}
// Spec 01: the v2 quickstart operations (the token call is listed in document 03 under OAuth).
for (const [method, p, summary] of [
  ['POST', '/v2/accounts', 'create an account (v2 quickstart)'],
  ['POST', '/v2/orders/preview', 'preview an order: delta MRR and TCB, nothing is created (v2 quickstart)'],
  [
    'POST',
    '/v2/orders',
    'create an order: new account with subscriptions, subscription changes, line items (v2 quickstart)',
  ],
  [
    'GET',
    '/v2/orders/{order_number}',
    'retrieve an order with its subscriptions, actions, plans and items (v2 quickstart)',
  ],
])
  ops.push({ group: 'Quickstart (v2)', method, path: p, summary });
fs.writeFileSync('src/catalog/operations.json', JSON.stringify(ops, null, 0).replace(/\},\{/g, '},\n{') + '\n');
console.log(`${ops.length} operations in ${new Set(ops.map(o => o.group)).size} groups`);
