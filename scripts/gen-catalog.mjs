#!/usr/bin/env node
// Dev-time: regenerates src/catalog/operations.json from the spec (documents 02 and 03, plus the v2
// operations of 01) and the v2 reference (every other v2 operation, grouped by the reference's tags, in our own
// words). The extension never reads the spec at run time; test/unit/catalog.test.ts checks the committed data
// against the spec files with its own reading of them.
//   node scripts/gen-catalog.mjs [SPEC_DIR] [REFERENCE_DIR]   (default ../shared/spec, ../shared/reference)
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const specDir = path.resolve(process.argv[2] ?? '../shared/spec');
const refDir = path.resolve(process.argv[3] ?? '../shared/reference');
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
  ops.push({ group: p.startsWith('/v2/accounts') ? 'Accounts (v2)' : 'Orders (v2)', method, path: p, summary });

// The v2 reference: its servers end in /v2, so its `/invoices` is our `/v2/invoices`. An operation the spec already
// names (by shape: `{order_number}` there is `{order_id}` here) keeps the spec's spelling.
const shape = p => p.replace(/\{[^}]*\}/g, '{}');
const known = new Set(ops.map(o => `${o.method} ${shape(o.path)}`));
const v2doc = yaml.load(fs.readFileSync(path.join(refDir, 'quickstart-v2-openapi.yaml'), 'utf8'));
for (const [p, item] of Object.entries(v2doc.paths))
  for (const m of ['get', 'post', 'put', 'patch', 'delete']) {
    if (!item[m]) continue;
    const method = m.toUpperCase();
    const full = '/v2' + p;
    if (known.has(`${method} ${shape(full)}`)) continue;
    ops.push({ group: `${(item[m].tags ?? ['Other'])[0]} (v2)`, method, path: full, summary: v2Summary(method, p) });
  }

/** Our own words for a v2 operation, from its method and path: "list invoices", "pause a subscription". */
function v2Summary(method, p) {
  // A custom object's type is part of its collection's name: `/custom_objects/{type}` lists its records.
  const segs = p
    .replace(/^\/custom_objects\/\{[^}]*\}/, '/custom_objects')
    .split('/')
    .filter(Boolean);
  const named = segs.filter(s => !s.startsWith('{'));
  const collection = (segs[0] === 'custom_objects' ? 'custom object records' : segs[0])
    .replace(/[_-]/g, ' ')
    .replace('fulfillments items', 'fulfillment items');
  const one = collection.replace(/ies$/, 'y').replace(/s$/, '');
  const a = w => (/^[aeio]/.test(w) ? `an ${w}` : `a ${w}`);
  const last = segs[segs.length - 1];
  if (named.length === 1) {
    if (!last.startsWith('{')) return method === 'GET' ? `list ${collection}` : `create ${a(one)}`;
    return (
      { GET: 'retrieve', PATCH: 'update', DELETE: 'delete', PUT: 'replace', POST: 'act on' }[method] + ` ${a(one)}`
    );
  }
  const action = named[named.length - 1].replace(/[_-]/g, ' ');
  if (action === 'versions') return `list the versions of ${a(one)}`;
  if (action === 'bulk create') return `create ${collection} in bulk`;
  if (action === 'preview' && !segs.some(s => s.startsWith('{'))) return `preview a new ${one}`;
  if (action === 'preview') return `preview a change to ${a(one)}`;
  if (action === 'void authorization') return `void an authorization of ${a(one)}`;
  return `${action} ${a(one)}`;
}
fs.writeFileSync('src/catalog/operations.json', JSON.stringify(ops, null, 0).replace(/\},\{/g, '},\n{') + '\n');
console.log(`${ops.length} operations in ${new Set(ops.map(o => o.group)).size} groups`);
