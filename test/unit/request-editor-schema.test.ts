// The JSON Schema of *.request.json serves completion and hover only: VS Code's JSON service reports nothing
// with it (our findings say each mistake once), offers the catalog's operation ids, and completes a v2 body
// like a payload file of its kind (v1 bodies complete from the contract, in requestFieldFeatures).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { getLanguageService, TextDocument, type CompletionList } from 'vscode-json-languageservice';
import { requestFindings } from '../../src/payloads';
import { requestJsonSchema } from '../../src/payloads/requestJsonSchema';

const ls = getLanguageService({});
ls.configure({
  validate: true,
  allowComments: false,
  schemas: [{ uri: 'bw://request.schema.json', fileMatch: ['*.request.json'], schema: requestJsonSchema() as never }],
});
const docOf = (text: string) => TextDocument.create('file:///x.request.json', 'json', 1, text);
const labels = (list: CompletionList | null) => (list?.items ?? []).map(i => i.label);
async function complete(text: string, at: number) {
  const doc = docOf(text);
  return labels(await ls.doComplete(doc, doc.positionAt(at), ls.parseJSONDocument(doc)));
}

test('the generated file is the one the build wrote (dist/schemas/request.schema.json)', () => {
  assert.deepEqual(JSON.parse(fs.readFileSync('dist/schemas/request.schema.json', 'utf8')), requestJsonSchema());
});

test('mistakes in a v1 and a v2 request: our findings report them, the JSON service nothing', async () => {
  for (const file of [
    { operation: 'POST /v2/accounts', pathParams: 'x', query: [], body: { name: 3, colour: 'red', bill_to: [] } },
    { operation: 'POST /v1/orders', body: { orderDate: '2026-02-30', subscriptions: 'none' } },
    { operation: 7, body: [] },
  ]) {
    const text = JSON.stringify(file);
    assert.ok(requestFindings(text).length >= 1, text);
    const doc = docOf(text);
    assert.deepEqual(await ls.doValidation(doc, ls.parseJSONDocument(doc)), [], text);
  }
});

test('completion offers the operation ids, and a v2 body the fields of its payload kind', async () => {
  const op = '{ "operation":  }';
  const ids = await complete(op, op.indexOf(':  ') + 2);
  assert.ok(ids.includes('"POST /v1/orders/preview"') && ids.includes('"POST /v2/accounts"'), ids.slice(0, 5).join());
  const account = '{ "operation": "POST /v2/accounts", "body": {  } }';
  const fields = await complete(account, account.indexOf('{  }') + 2);
  for (const f of ['name', 'currency', 'bill_to']) assert.ok(fields.includes(f), `${f} in ${fields.join(', ')}`);
  const preview = '{ "operation": "POST /v2/orders/preview", "body": {  } }';
  assert.ok((await complete(preview, preview.indexOf('{  }') + 2)).includes('metrics'));
  const v1 = '{ "operation": "POST /v1/orders", "body": {  } }';
  assert.deepEqual(await complete(v1, v1.indexOf('{  }') + 2), [], 'a v1 body is ours alone: nothing offered twice');
});
