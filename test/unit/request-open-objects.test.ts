// Issue 30, items 7 and 9. Item 7: v1 objects that list their fields and also take the tenant's custom fields
// (POST /v1/payments, accounts, contacts...) warn on a name next to a listed one, "did you mean" with Rename,
// as order bodies do; any other name there is taken as the tenant's own, and `*__c` never gets a finding.
// Item 9: completion in a request file never offers a key the object already has.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { keysBeside } from '../../src/payloads/requestFields';
import { requestFindings, requestOffersAt, requestTemplates } from '../../src/payloads';
import { applyEdits, formatPath, quickFixesFor } from '../../src/schemas';
import { runCli } from './cli';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const TODAY = '2026-11-24';
const fileText = (operation: string, body: unknown) => JSON.stringify({ operation, body }, null, 2) + '\n';
const template = (op: string) => requestTemplates(op, { today: TODAY })[0].body as Record<string, unknown>;

describe('v1 objects that take custom fields: "did you mean" on a misspelt field', () => {
  test('POST /v1/payments with `coment`: one warning, did you mean `comment`, Rename fixes it', () => {
    const { comment, ...rest } = template('POST /v1/payments');
    const text = fileText('POST /v1/payments', { ...rest, coment: comment });
    const found = requestFindings(text).filter(f => f.code !== 'placeholder');
    assert.equal(found.length, 1, JSON.stringify(found));
    const [f] = found;
    assert.equal(f.severity, 'warning');
    assert.equal(formatPath(f.path), 'body.coment');
    assert.match(f.message, /Unknown field "coment" in the body: did you mean `comment`\?/);
    const [rename, remove] = quickFixesFor(text, f);
    assert.equal(rename.title, 'Rename to `comment`');
    assert.equal(remove.title, 'Remove "coment"');
    const renamed = applyEdits(text, rename.edits);
    assert.deepEqual((JSON.parse(renamed) as { body: unknown }).body, template('POST /v1/payments'));
  });

  test('nested objects too: a contact’s `fristName`, an account’s `billCycleDya`', () => {
    const account = template('POST /v1/accounts');
    const { firstName, ...contact } = account.billToContact as Record<string, unknown>;
    const { billCycleDay, ...rest } = account;
    const body = { ...rest, billCycleDya: billCycleDay, billToContact: { ...contact, fristName: firstName } };
    const found = requestFindings(fileText('POST /v1/accounts', body)).filter(f => f.code === 'unknown-field');
    assert.deepEqual(
      found.map(f => [formatPath(f.path), f.fix]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        ['body.billCycleDya', { kind: 'renameProperty', property: 'billCycleDya', to: 'billCycleDay' }],
        ['body.billToContact.fristName', { kind: 'renameProperty', property: 'fristName', to: 'firstName' }],
      ],
    );
  });

  test('never cry wolf: a name near no field is the tenant’s own, `*__c` is a custom field, none is an error', () => {
    const body = { ...template('POST /v1/payments'), Region__c: 'EMEA', commment__c: 'x', ledgerRef: 'L-7' };
    const found = requestFindings(fileText('POST /v1/payments', body)).filter(f => f.code !== 'placeholder');
    assert.deepEqual(found, []);
  });

  test('the CLI says the same, at the line of the key, and exits 0 (a warning)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-open-'));
    try {
      const { comment, ...rest } = template('POST /v1/payments');
      const file = path.join(dir, 'payment.request.json');
      fs.writeFileSync(file, fileText('POST /v1/payments', { ...rest, coment: comment }));
      const r = await runCli(['validate', file]);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /payment\.request\.json:\d+:5: warning Unknown field "coment".*did you mean `comment`/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('request-file completion leaves out the keys the object has', () => {
  const action = (inside: string) =>
    `{\n  "operation": "POST /v1/orders",\n  "body": {\n    "subscriptions": [{ "orderActions": [{\n${inside}\n    }] }]\n  }\n}\n`;
  const offered = (text: string) => {
    const at = text.indexOf('|');
    return requestOffersAt(text.slice(0, at) + text.slice(at + 1), at)!.fields!.map(f => f.name);
  };

  test('a key started above `"type"` (no comma yet): `type` is not offered again', () => {
    const names = offered(action('      "|"\n      "type": "CreateSubscription"'));
    assert.ok(!names.includes('type'), names.join(', '));
    assert.ok(names.includes('createSubscription') && names.includes('triggerDates'), names.join(', '));
  });

  test('after `"type"`, and while typing a key `type` the object already has', () => {
    for (const inside of ['      "type": "Suspend",\n      "|"', '      "type": "Suspend",\n      "type|"']) {
      const names = offered(action(inside));
      assert.ok(!names.includes('type'), `${inside}: ${names.join(', ')}`);
      assert.ok(names.includes('suspend'), names.join(', '));
    }
  });

  test('the key under the cursor is itself offered (to change it); keys of other objects do not count', () => {
    const names = offered(action('      "ty|pe": "Suspend",\n      "suspend": { "suspendPolicy": "Today" }'));
    assert.ok(names.includes('type') && !names.includes('suspend'), names.join(', '));
    const text = '{ "a": 1, "b": { "c": 2, "" }, "d": 3 }';
    assert.deepEqual([...keysBeside(text, text.indexOf('""') + 1)], ['c']);
  });
});
