#!/usr/bin/env node
// Dev-time: regenerates src/contract/v1/requests.json and responses.json from the real service's v1 OpenAPI
// description (../shared/reference/v1-openapi.yaml). Facts only: names, types, enums, required sets, formats,
// nullable, bounds, open or closed objects; no descriptions or examples. The extension never reads the
// reference: it loads these committed files lazily (src/contract). test/unit/generated-data.test.ts checks
// the committed data against the reference.
//   node scripts/gen-contract.mjs [REFERENCE_DIR]   (default ../shared/reference)
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const refDir = path.resolve(process.argv[2] ?? '../shared/reference');
const outDir = path.resolve('src/contract/v1');
const doc = yaml.load(fs.readFileSync(path.join(refDir, 'v1-openapi.yaml'), 'utf8'));
const catalog = JSON.parse(fs.readFileSync('src/catalog/operations.json', 'utf8'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Keywords that carry facts a validator, a template or a simulated answer needs. */
const KEEP = [
  'type',
  'nullable',
  'enum',
  'format',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'readOnly',
  'writeOnly',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'discriminator',
];

/** A schema node with only the kept keywords; `$ref`s name a component, and a reference to another file is open. */
function compact(s) {
  if (!s || typeof s !== 'object') return s;
  if (s.$ref) return s.$ref.startsWith('#/components/schemas/') ? { $ref: s.$ref.split('/').pop() } : {};
  const out = {};
  for (const k of KEEP) {
    if (!(k in s)) continue;
    const v = s[k];
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v).map(([n, p]) => [n, compact(p)]));
    else if (k === 'items' || (k === 'additionalProperties' && typeof v === 'object')) out[k] = compact(v);
    else if (k === 'allOf' || k === 'oneOf' || k === 'anyOf') out[k] = v.map(compact);
    else if (k === 'discriminator')
      out[k] = {
        propertyName: v.propertyName,
        ...(v.mapping
          ? { mapping: Object.fromEntries(Object.entries(v.mapping).map(([n, r]) => [n, r.split('/').pop()])) }
          : {}),
      };
    else out[k] = v;
  }
  return out;
}

/** Names of the components a node reaches, transitively (in `from`: the v1 components unless told). */
function reach(node, into, from = components) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(n => reach(n, into, from));
  if (typeof node.$ref === 'string' && !into.has(node.$ref)) {
    into.add(node.$ref);
    reach(from[node.$ref], into, from);
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties') Object.values(v).forEach(p => reach(p, into, from));
    else if (k === 'discriminator') Object.values(v.mapping ?? {}).forEach(n => reach({ $ref: n }, into, from));
    else if (k !== '$ref' && typeof v === 'object') reach(v, into, from);
  }
}

const components = Object.fromEntries(Object.entries(doc.components.schemas).map(([n, s]) => [n, compact(s)]));

// The catalog's spelling of a path -> the reference's (README: 12 are spelt differently).
const shape = p => p.replace(/\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1');
const respell = p =>
  p
    .replace(/^\/v1\/e-invoice\//, '/v1/einvoice/')
    .replace(/^\/v1\/debitmemos\/(\{\}\/write-off)$/, '/v1/debit-memos/$1');
const referenceOps = new Map();
for (const [p, item] of Object.entries(doc.paths))
  for (const m of METHODS) if (item[m]) referenceOps.set(`${m.toUpperCase()} ${shape(p)}`, { path: p, op: item[m] });

const requests = { operations: {}, media: {}, schemas: {} };
const responses = { operations: {}, referencePaths: {}, schemas: {} };
const requestNames = new Set(),
  responseNames = new Set();
for (const o of catalog) {
  const id = `${o.method} ${o.path}`;
  const found = referenceOps.get(`${o.method} ${respell(shape(o.path))}`);
  if (!found) continue;
  if (found.path !== o.path) responses.referencePaths[id] = found.path;
  const content = found.op.requestBody?.content ?? {};
  if (content['application/json']?.schema) {
    requests.operations[id] = compact(content['application/json'].schema);
    reach(requests.operations[id], requestNames);
  } else if (Object.keys(content).length) requests.media[id] = Object.keys(content)[0];
  const answers = {};
  for (const [status, r] of Object.entries(found.op.responses ?? {})) {
    const schema = r.content?.['application/json']?.schema;
    answers[status] = schema ? compact(schema) : null;
    if (schema) reach(answers[status], responseNames);
  }
  responses.operations[id] = answers;
}
// The catalog operations with no success answer in the contract: the Local sandbox answers them 501.
const unanswered = catalog
  .map(o => `${o.method} ${o.path}`)
  .filter(id => !id.includes(' /v2/'))
  .filter(id => !Object.keys(responses.operations[id] ?? {}).some(status => /^2/.test(status)));
for (const n of [...requestNames].sort()) requests.schemas[n] = components[n];
for (const n of [...responseNames].sort()) responses.schemas[n] = components[n];

fs.mkdirSync(outDir, { recursive: true });
for (const [name, data] of [
  ['requests.json', requests],
  ['responses.json', responses],
]) {
  fs.writeFileSync(path.join(outDir, name), JSON.stringify(data) + '\n');
  console.log(
    `${name}: ${Object.keys(data.operations).length} operations, ${Object.keys(data.schemas).length} schemas`,
  );
}
fs.writeFileSync(path.join(outDir, 'unanswered.json'), JSON.stringify(unanswered, null, 2) + '\n');
console.log(`unanswered.json: ${unanswered.length} catalog operations with no success answer in the contract`);

// v2: every v2 operation of the catalog (all of the quickstart reference's), whose paths leave out the /v2 of its
// servers' URL: request-body schemas (v2/requests.json, checked like v1's but closed: the v2 objects refuse a field
// they do not name), response schemas (v2/responses.json: answers are checked against them, src/contract/answerCheck.ts;
// the Local sandbox simulates from them) and path and query parameters (v2/parameters.json).
const v2doc = yaml.load(fs.readFileSync(path.join(refDir, 'quickstart-v2-openapi.yaml'), 'utf8'));
const v2components = Object.fromEntries(Object.entries(v2doc.components.schemas).map(([n, s]) => [n, compact(s)]));
const v2params = v2doc.components.parameters ?? {};
const v2ops = new Map();
for (const [p, item] of Object.entries(v2doc.paths))
  for (const m of METHODS)
    if (item[m]) v2ops.set(`${m.toUpperCase()} ${shape('/v2' + p)}`, { path: p, op: item[m], shared: item.parameters });
const v2 = { operations: {}, referencePaths: {}, schemas: {} };
const v2requests = { operations: {}, media: {}, schemas: {} };
const v2parameters = {};
const v2names = new Set(),
  v2requestNames = new Set();
const v2ids = catalog.map(o => `${o.method} ${o.path}`).filter(id => id.includes(' /v2/'));
for (const id of v2ids) {
  const [method, p] = id.split(' ');
  const found = v2ops.get(`${method} ${shape(p)}`);
  if (!found) continue;
  if ('/v2' + found.path !== p) v2.referencePaths[id] = '/v2' + found.path;
  const content = found.op.requestBody?.content ?? {};
  if (content['application/json']?.schema) {
    v2requests.operations[id] = compact(content['application/json'].schema);
    reach(v2requests.operations[id], v2requestNames, v2components);
  } else if (Object.keys(content).length) v2requests.media[id] = Object.keys(content)[0];
  const answers = {};
  for (const [status, r] of Object.entries(found.op.responses ?? {})) {
    const schema = r.content?.['application/json']?.schema;
    answers[status] = schema ? compact(schema) : null;
    if (schema) reach(answers[status], v2names, v2components);
  }
  v2.operations[id] = answers;
  // Path and query parameters by the catalog's names (a path parameter may be spelt otherwise in the reference).
  const params = [...(found.shared ?? []), ...(found.op.parameters ?? [])]
    .map(x => (x.$ref ? v2params[x.$ref.split('/').pop()] : x))
    .filter(x => x && (x.in === 'path' || x.in === 'query'));
  const ours = pathParamNames(p);
  const theirs = pathParamNames(found.path);
  v2parameters[id] = params.map(x => ({
    name: x.in === 'path' && theirs.includes(x.name) ? (ours[theirs.indexOf(x.name)] ?? x.name) : x.name,
    in: x.in,
    ...(x.required ? { required: true } : {}),
    schema: compact(x.schema ?? {}),
  }));
}
for (const n of [...v2names].sort()) v2.schemas[n] = v2components[n];
for (const n of [...v2requestNames].sort()) v2requests.schemas[n] = v2components[n];
const v2dir = path.resolve('src/contract/v2');
fs.mkdirSync(v2dir, { recursive: true });
for (const [name, data] of [
  ['responses.json', v2],
  ['requests.json', v2requests],
]) {
  fs.writeFileSync(path.join(v2dir, name), JSON.stringify(data) + '\n');
  console.log(
    `v2/${name}: ${Object.keys(data.operations).length} operations, ${Object.keys(data.schemas).length} schemas`,
  );
}
fs.writeFileSync(path.join(v2dir, 'parameters.json'), JSON.stringify(v2parameters) + '\n');
console.log(`v2/parameters.json: ${Object.keys(v2parameters).length} operations`);

/** `/orders/{order_id}/cancel` -> ['order_id']. */
function pathParamNames(p) {
  return [...p.matchAll(/\{([^}]+)\}/g)].map(m => m[1]);
}
