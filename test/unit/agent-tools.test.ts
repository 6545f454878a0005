// The agent tools' core (src/agentTools): what a chat agent is told is small, structured and redacted, and
// package.json declares the same inputs the MCP server takes.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as z from 'zod';
import { describeOperation, fieldPath, findOperations, MAX_FINDINGS, validateText } from '../../src/agentTools';
import { TOOL_DESCRIPTIONS, TOOL_INPUTS, TOOL_NAMES, type ToolKey } from '../../src/agentTools/inputs';
import { applyEdits } from '../../src/schemas';

describe('agent tools: validate', () => {
  test(`at most ${MAX_FINDINGS} findings, the counts over all of them and "and N more"`, () => {
    const body: Record<string, unknown> = { account_number: 'A00000001', subscriptions: [] };
    for (let i = 0; i < 30; i++) body[`extra_${i}`] = i;
    const r = validateText(JSON.stringify(body, null, 2), 'order');
    assert.equal(r.findings.length, MAX_FINDINGS);
    assert.ok(r.errors >= 30, `${r.errors} errors counted`);
    assert.match(r.note ?? '', new RegExp(`and ${r.errors + r.warnings - MAX_FINDINGS} more findings`));
  });

  test('a card number in the file never reaches the agent; a fix that would quote it is withheld, not masked', () => {
    const card = '4111111111111111';
    const text = JSON.stringify({ account_number: 'A00000001', subscriptions: [{ plan_id: card }] }, null, 1);
    const r = validateText(text, 'order');
    const out = JSON.stringify(r);
    assert.ok(!out.includes(card), out);
    const add = r.findings.flatMap(f => f.fixes).find(x => x.title === 'Add "subscription_plans"');
    assert.ok(add, out);
    assert.deepEqual(add.edits, []);
    assert.match(add.withheld ?? '', /apply this fix in the editor/);
  });

  test("a fix's edits applied to the text make the finding go away", () => {
    const text = '{\n  "account_number": "A00000001",\n  "subscriptons": []\n}\n';
    const r = validateText(text, 'order');
    const rename = r.findings.find(f => f.path === 'subscriptons')!.fixes[0];
    assert.equal(rename.title, 'Rename to `subscriptions`');
    const fixed = applyEdits(text, rename.edits);
    assert.ok(!validateText(fixed, 'order').findings.some(f => f.path === 'subscriptons'));
  });

  test('a request file is checked with its operation (v1 objects are open: an unknown field is no error)', () => {
    const text = JSON.stringify({ operation: 'POST /v1/accounts', body: { name: 'A', currency: 'USD', custom__x: 1 } });
    const r = validateText(text, 'request');
    assert.equal(r.kind, 'request');
    assert.ok(r.findings.every(f => f.path.startsWith('body')));
    assert.ok(!r.findings.some(f => f.severity === 'error' && f.path === 'body.custom__x'));
  });
});

describe('agent tools: operations', () => {
  test('findOperation caps the list at 20', () => {
    assert.equal(findOperations('invoice', 500).operations.length, 20);
    assert.equal(findOperations('invoice').operations.length, 5);
  });

  test('a field path reads as the messages write it', () => {
    assert.deepEqual(fieldPath('subscriptions[].initial_term'), ['subscriptions', 0, 'initial_term']);
    assert.deepEqual(fieldPath('body.subscriptions[2].orderActions[0]'), ['subscriptions', 0, 'orderActions', 0]);
    assert.equal(fieldPath('a[b]'), undefined);
  });

  test('describeOperation: a v2 body from the payload schemas or the v2 contract, required first; a GET takes no body; v2 query parameters', () => {
    const order = describeOperation('POST /v2/orders');
    assert.ok(!('error' in order));
    assert.equal(order.body.takes, true);
    const names = order.body.takes ? order.body.fields.map(f => f.name) : [];
    assert.ok(names.includes('subscriptions') && names.includes('account_data'), names.join());
    const get = describeOperation('get /v2/orders/{order_number}');
    assert.ok(!('error' in get));
    assert.deepEqual(get.pathParams, [{ name: 'order_number', required: true }]);
    assert.deepEqual(get.body, { takes: false });
    const list = describeOperation('GET /v2/invoices');
    assert.ok(!('error' in list));
    const query = (list.queryParams ?? []).map(p => p.name);
    for (const name of ['filter[]', 'sort[]', 'page_size', 'cursor']) assert.ok(query.includes(name), query.join());
    const contact = describeOperation('POST /v2/contacts');
    assert.ok(!('error' in contact) && contact.body.takes, 'a v2 body from the generated v2 contract');
    assert.ok(contact.body.fields.some(f => f.name === 'first_name'));
    const nowhere = describeOperation('POST /v2/orders', 'subscriptions[].no_such_thing');
    assert.match('error' in nowhere ? nowhere.error : '', /no object at/);
  });
});

describe('agent tools: package.json', () => {
  const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  test('declares each tool with the input schema the MCP server takes, and activates on it', () => {
    const declared = manifest.contributes.languageModelTools as {
      name: string;
      inputSchema: unknown;
      modelDescription: string;
    }[];
    assert.deepEqual(
      declared.map(t => t.name),
      Object.values(TOOL_NAMES),
    );
    for (const key of Object.keys(TOOL_NAMES) as ToolKey[]) {
      const tool = declared.find(t => t.name === TOOL_NAMES[key])!;
      const { $schema: _, ...schema } = z.toJSONSchema(TOOL_INPUTS[key], { io: 'input' }) as Record<string, unknown>;
      assert.deepEqual(tool.inputSchema, schema, `${tool.name}: package.json's inputSchema is the zod input`);
      assert.equal(tool.modelDescription, TOOL_DESCRIPTIONS[key]);
      assert.ok(manifest.activationEvents.includes(`onLanguageModelTool:${tool.name}`));
    }
  });
});
