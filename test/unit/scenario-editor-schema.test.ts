// The JSON Schema of *.scenario.json serves completion and hover only, like the payload schemas: VS Code's
// JSON service reports nothing with it (our findings say each mistake once) and offers kinds and operations.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { getLanguageService, TextDocument, type CompletionList } from 'vscode-json-languageservice';
import { readScenario } from '../../src/scenarios';
import { scenarioJsonSchema } from '../../src/scenarios/jsonSchema';

const ls = getLanguageService({});
ls.configure({
  validate: true,
  allowComments: false,
  schemas: [
    { uri: 'bw://scenario.schema.json', fileMatch: ['*.scenario.json'], schema: scenarioJsonSchema() as never },
  ],
});
const docOf = (text: string) => TextDocument.create('file:///x.scenario.json', 'json', 1, text);
const labels = (list: CompletionList | null) => (list?.items ?? []).map(i => i.label);
async function complete(text: string, at: number) {
  const doc = docOf(text);
  return labels(await ls.doComplete(doc, doc.positionAt(at), ls.parseJSONDocument(doc)));
}

test('the generated file is the one the build wrote (dist/schemas/scenario.schema.json)', () => {
  assert.deepEqual(JSON.parse(fs.readFileSync('dist/schemas/scenario.schema.json', 'utf8')), scenarioJsonSchema());
});

test('mistakes: our findings report them, the JSON service nothing', async () => {
  const text = JSON.stringify({
    name: 3,
    colour: 'red',
    steps: [
      { kind: 'refund', expect: { status: 'ok' } },
      { kind: 'operation', operation: 'GET /nowhere', query: [] },
    ],
  });
  assert.ok(readScenario(text).findings.length >= 4);
  const doc = docOf(text);
  assert.deepEqual(await ls.doValidation(doc, ls.parseJSONDocument(doc)), []);
});

test('completion offers the step kinds and the catalog operation ids; hover shows descriptions', async () => {
  const kinds = '{ "steps": [{ "kind":  }] }';
  assert.deepEqual((await complete(kinds, kinds.indexOf(':  ') + 2)).sort(), [
    '"advance"',
    '"callout"',
    '"catalog"',
    '"clock"',
    '"createAccount"',
    '"createOrder"',
    '"getAccount"',
    '"getOrder"',
    '"operation"',
    '"preview"',
    '"reset"',
  ]);
  const op = '{ "steps": [{ "kind": "operation", "operation":  }] }';
  const ids = await complete(op, op.indexOf(':  ') + 2);
  assert.ok(ids.includes('"GET /v1/accounts/{account-key}"'), ids.slice(0, 5).join(', '));
  assert.ok(ids.includes('"GET /v2/invoices"') && ids.includes('"POST /v2/bill_runs"'), 'v2 operations too');
  const step = '{ "steps": [{ "kind": "getAccount",  }] }';
  assert.ok((await complete(step, step.indexOf(',  ') + 2)).includes('headers'), 'a step takes headers');
  const preview = '{ "steps": [{ "kind": "preview", "body": {  } }] }';
  const previewFields = await complete(preview, preview.indexOf('{  }') + 2);
  assert.ok(previewFields.includes('metrics') && previewFields.includes('account_number'), previewFields.join(', '));
  const account = '{ "steps": [{ "kind": "createAccount", "body": {  } }] }';
  const accountFields = await complete(account, account.indexOf('{  }') + 2);
  assert.ok(accountFields.includes('bill_to') && !accountFields.includes('metrics'), accountFields.join(', '));
  const top = '{  }';
  assert.deepEqual((await complete(top, 2)).filter(l => !l.startsWith('$')).sort(), [
    'description',
    'each',
    'name',
    'secrets',
    'steps',
    'tags',
    'today',
  ]);
  const text = '{ "today": "2027-01-01" }';
  const doc = docOf(text);
  const hover = await ls.doHover(doc, doc.positionAt(4), ls.parseJSONDocument(doc));
  assert.match(JSON.stringify(hover?.contents), /simulated date/);
});
