#!/usr/bin/env node
// Dev-time: regenerates test/fixtures/reference/{v2,v1}.json, the facts of the real service's OpenAPI
// descriptions (../shared/reference) that the unit tests check answers against, so the tests run in a clone
// with nothing beside it. Kept: the schemas the tests name (ROOTS) and every schema they reach, with only the
// keywords the tests read (no descriptions, no examples); the v1 success (lowest 2xx and its JSON schema) of
// each catalog operation; the v2 request examples the tests validate. test/unit/reference-extract.test.ts checks
// the committed files are current where ../shared/reference is there.
//   node scripts/gen-test-reference.mjs [REFERENCE_DIR] [OUT_DIR]
//   (defaults: ../shared/reference beside the checkout, test/fixtures/reference)
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Per document: the schemas tests name (a new name in a test goes here, then run this script). */
const ROOTS = {
  v2: [
    'accountCreateRequest',
    'orderCreateRequest',
    'orderPreviewCreateRequest',
    'orderPreviewResponse',
    'order',
    'errorResponse',
    'planListResponse',
    'subscriptionListResponse',
    'generateBillingDocumentsAccountResponse',
    'invoiceListResponse',
    'invoice',
    'billingDocumentListResponse',
    'billingDocument',
    'billRun',
  ],
  v1: [
    'PreviewOrderResult',
    'PostOrderPreviewResponseType',
    'PostOrderResponseType',
    'GetOrderResponse',
    'GETSubscriptionByKeyWithSuccess',
    'GETAccountType',
    'GETCatalogType',
    'GETProductRatePlansResponse',
    'GetBillRunResponseType',
    'BillingDocumentQueryResponseElementType',
    'GetInvoiceResponse',
    'GETInvoiceItemsResponse',
    'GenerateBillingDocumentResponseType',
    'GETPublicCalloutTemplateResponse',
  ],
};
const FILES = { v2: 'quickstart-v2-openapi.yaml', v1: 'v1-openapi.yaml' };
/** The v2 request examples the tests validate (real payloads, README of the reference). */
const V2_EXAMPLES = ['/orders', '/orders/preview', '/accounts'];

/** Keywords the tests' reference checker (test/unit/sandbox-reference.ts) and reference-schemas test read. */
const KEEP = [
  '$ref',
  'allOf',
  'oneOf',
  'anyOf',
  'type',
  'nullable',
  'enum',
  'format',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'readOnly',
];

/** A schema node with only the kept keywords, and the component names its `$ref`s reach (added to `refs`). */
function compact(s, refs) {
  if (!s || typeof s !== 'object') return s;
  const out = {};
  for (const k of KEEP) {
    if (!(k in s)) continue;
    const v = s[k];
    if (k === '$ref' && v.startsWith('#/components/schemas/')) refs.add(v.split('/').pop()); // another file's: kept as is
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v).map(([n, p]) => [n, compact(p, refs)]));
    else if (k === 'items' || (k === 'additionalProperties' && typeof v === 'object')) out[k] = compact(v, refs);
    else if (k === 'allOf' || k === 'oneOf' || k === 'anyOf') out[k] = v.map(p => compact(p, refs));
    else out[k] = v;
  }
  return out;
}

/** `roots` and every component schema they reach, compacted, in name order. */
function closure(doc, roots, refs = new Set(roots)) {
  const all = doc.components.schemas;
  const out = {};
  for (let pending = [...refs]; pending.length;) {
    const name = pending.pop();
    if (name in out) continue;
    if (!all[name]) throw new Error(`${name}: no such schema in the reference`);
    const found = new Set();
    out[name] = compact(all[name], found);
    pending.push(...[...found].filter(n => !(n in out)));
  }
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map(n => [n, out[n]]),
  );
}

/**
 * The success the reference declares for each catalog operation (src/catalog/operations.json) it has: its
 * lowest 2xx status, and that answer's JSON schema when it has one.
 */
function successes(doc, refs) {
  const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'src/catalog/operations.json'), 'utf8'));
  const out = {};
  for (const { method, path: catalogPath } of catalog) {
    const op = findPath(doc.paths, catalogPath)?.[method.toLowerCase()];
    const statuses = Object.keys(op?.responses ?? {}).filter(s => /^2\d\d$/.test(s));
    if (!statuses.length) continue;
    const status = Math.min(...statuses.map(Number));
    const schema = op.responses[String(status)].content?.['application/json']?.schema;
    out[`${method} ${catalogPath}`] = schema ? { status, schema: compact(schema, refs) } : { status };
  }
  return out;
}

// The reference's README: the catalog's `/v1/e-invoice/` is the reference's `/v1/einvoice/`, one debit-memo
// path is under `/v1/debit-memos/`, and some path parameters are named differently (compared without names).
function findPath(paths, catalogPath) {
  if (paths[catalogPath]) return paths[catalogPath];
  const bare = p => p.replace(/\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1');
  const wanted = bare(catalogPath)
    .replace('/v1/e-invoice/', '/v1/einvoice/')
    .replace(/^\/v1\/debitmemos\/\{\}\/write-off$/, '/v1/debit-memos/{}/write-off');
  const found = Object.keys(paths).find(p => bare(p) === wanted);
  return found ? paths[found] : undefined;
}

/** The two fixtures, as the text to commit, from the reference folder. */
function generate(refDir) {
  const load = f => yaml.load(fs.readFileSync(path.join(refDir, f), 'utf8'));
  const v2 = load(FILES.v2);
  const v1 = load(FILES.v1);
  const header = (doc, file) => ({
    generatedBy: 'scripts/gen-test-reference.mjs',
    source: `${file} (${doc.info.title} ${doc.info.version})`,
  });
  const examples = Object.fromEntries(V2_EXAMPLES.map(p => [p, { post: { requestBody: requestExample(v2, p) } }]));
  const v1Refs = new Set(ROOTS.v1);
  const v1Successes = successes(v1, v1Refs);
  const text = o => `${JSON.stringify(o)}\n`;
  return {
    'v2.json': text({ ...header(v2, FILES.v2), paths: examples, components: { schemas: closure(v2, ROOTS.v2) } }),
    'v1.json': text({
      ...header(v1, FILES.v1),
      successes: v1Successes,
      components: { schemas: closure(v1, [], v1Refs) },
    }),
  };
}

/** The request example of POST `p`, where the tests read it. */
function requestExample(doc, p) {
  const example = doc.paths[p].post.requestBody.content['application/json'].example;
  return { content: { 'application/json': { example } } };
}

const refDir = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/reference'));
const outDir = path.resolve(process.argv[3] ?? path.join(ROOT, 'test/fixtures/reference'));
if (!fs.existsSync(refDir)) {
  console.error(`${refDir} is absent: the reference documents are needed to regenerate the extracts.`);
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
for (const [name, body] of Object.entries(generate(refDir))) {
  fs.writeFileSync(path.join(outDir, name), body);
  console.log(`${path.join(outDir, name)}: ${body.length} bytes`);
}
