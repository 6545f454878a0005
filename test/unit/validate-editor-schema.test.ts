// The JSON Schema contributed to the editor serves completion and hover only: VS Code's own JSON service
// (vscode-json-languageservice, the engine behind the editor) must report nothing with it, whatever the
// payload, while still offering property names, enum values and descriptions.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { getLanguageService, TextDocument, type CompletionList } from 'vscode-json-languageservice';
import { TEMPLATES, templateText, validate, type PayloadKind } from '../../src/schemas';
import { jsonSchemaFor } from '../../src/schemas/jsonSchemas';

const KINDS: PayloadKind[] = ['order', 'preview', 'account'];
const ls = getLanguageService({});
const schemas = KINDS.map(kind => ({
  uri: `bw://${kind}.schema.json`,
  fileMatch: [`*.${kind}.json`],
  schema: jsonSchemaFor(kind) as never,
}));
ls.configure({ validate: true, allowComments: false, schemas });

const docOf = (text: string, kind: PayloadKind) => TextDocument.create(`file:///x.${kind}.json`, 'json', 1, text);
async function jsonServiceFindings(text: string, kind: PayloadKind) {
  const doc = docOf(text, kind);
  return ls.doValidation(doc, ls.parseJSONDocument(doc));
}
const labels = (list: CompletionList | null) => (list?.items ?? []).map(i => i.label);

describe('the editor schema reports nothing our validator reports', () => {
  const order = TEMPLATES.find(t => t.id === 'new-customer')!;
  const text = templateText(order);
  const mistakes: [string, string][] = [
    ['currency deleted', text.replace(/\s*"currency": "USD",/, '')],
    ['a misspelt field', text.replace('"currency"', '"curency"')],
    ['an unknown field', text.replace('"name": "Acme Robotics"', '"name": "Acme Robotics", "colour": "red"')],
    ['a value outside the enum', text.replace('"type": "termed"', '"type": "forever"')],
    ['a wrong type', text.replace('"quantity": 10', '"quantity": "ten"')],
    ['out of range', text.replace('"bill_cycle_day": 1', '"bill_cycle_day": 40')],
    ['not a date', text.replace('"order_date": "2027-01-01"', '"order_date": "01/01/2027"')],
  ];
  for (const [name, bad] of mistakes) {
    test(`${name}: our validator has an error, the JSON service none`, async () => {
      assert.ok(
        validate(bad, 'order').some(f => f.severity === 'error'),
        'we report it',
      );
      assert.deepEqual(await jsonServiceFindings(bad, 'order'), []);
    });
  }
  test('any value in any field of any template (10,000 generated): the JSON service reports nothing', async () => {
    const field = fc.constantFrom('account_data', 'subscriptions', 'line_items', 'metrics', 'order_date', 'bill_to');
    const template = fc.constantFrom(...TEMPLATES);
    await fc.assert(
      fc.asyncProperty(template, field, fc.jsonValue({ maxDepth: 3 }), async (t, k, v) => {
        const body = JSON.stringify({ ...t.body, [k]: v }, null, 2);
        assert.deepEqual(await jsonServiceFindings(body, t.kind), []);
      }),
      { numRuns: 10_000, seed: 20261121 },
    );
  });
});

describe('the editor schema still helps', () => {
  test('completion offers the fields of account_data, bill_to among them', async () => {
    const text = '{\n  "account_data": {\n    \n  }\n}';
    const doc = docOf(text, 'order');
    const list = await ls.doComplete(doc, doc.positionAt(text.indexOf('{\n    ') + 6), ls.parseJSONDocument(doc));
    const found = labels(list);
    for (const name of ['bill_to', 'currency', 'sold_to', 'payment_method']) {
      assert.ok(found.includes(name), found.join(', '));
    }
    const billTo = list!.items.find(i => i.label === 'bill_to')!;
    assert.match(billTo.insertText ?? '', /"bill_to": \{/, 'an object is inserted for an object field');
  });
  test('completion offers the enum values of line item type, and only those', async () => {
    const text = '{ "line_items": [{ "type":  }] }';
    const doc = docOf(text, 'order');
    const list = await ls.doComplete(doc, doc.positionAt(text.indexOf(':  ') + 2), ls.parseJSONDocument(doc));
    assert.deepEqual(labels(list).sort(), ['"fee"', '"product"', '"services"']);
  });
  test('hover shows the description', async () => {
    const text = '{ "metrics": ["delta_metrics"] }';
    const doc = docOf(text, 'preview');
    const hover = await ls.doHover(doc, doc.positionAt(3), ls.parseJSONDocument(doc));
    const markdown = JSON.stringify(hover?.contents).replace(/\\/g, '');
    assert.match(markdown, /What to compute: `delta_metrics`, `billing_documents` or both/);
  });
});

test('the hover of a field with a long list of values shows every value (the finding counts them)', async () => {
  const text = JSON.stringify({ name: 'N', currency: 'USD', payment_method: { type: 'cardd' } }, null, 2);
  const doc = docOf(text, 'account');
  const hover = await ls.doHover(doc, doc.positionAt(text.indexOf('"type"') + 2), ls.parseJSONDocument(doc));
  const shown = JSON.stringify(hover?.contents ?? '');
  assert.match(shown, /One of 21 values/);
  for (const v of ['card', 'cc_ref', 'ach_debit', 'sepa_debit', 'bacs_debit']) assert.ok(shown.includes(`\`${v}\``), v);
});
