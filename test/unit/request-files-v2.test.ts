// Issue 31, item 1: request files for every v2 operation get what v1's get (findings, completion, hover,
// templates), from the v2 contract generated from the quickstart reference. v2 objects are closed: a field the
// object does not list is refused by the service, so it is an error (with its "did you mean"), where v1 only
// warns. The order and account bodies keep the payload validator. A v2 request's query is checked too.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OPERATIONS } from '../../src/catalog';
import { requestContract } from '../../src/contract';
import { requestFindings, requestHoverAt, requestOffersAt, requestTemplates, V2_BODY_KINDS } from '../../src/payloads';
import { formatPath, type Finding } from '../../src/schemas';

const TODAY = '2026-11-24';
const NOW = new Date(`${TODAY}T00:00:00Z`);
const fileText = (operation: string, body: unknown, query: Record<string, unknown> = {}) =>
  JSON.stringify({ operation, pathParams: {}, query, body }, null, 2) + '\n';
const check = (operation: string, body: unknown, query?: Record<string, unknown>) =>
  requestFindings(fileText(operation, body, query), { now: NOW });
const show = (found: Finding[]) => found.map(f => `${f.severity} ${formatPath(f.path)}: ${f.message}`).join('\n');
const V2 = OPERATIONS.filter(o => o.path.startsWith('/v2/'));
const V2_WITH_BODY = V2.filter(o => requestContract(o.id).bodyOf(o.id) && !V2_BODY_KINDS[o.id]);
const contact = {
  account_id: 'A00000001',
  first_name: 'Amy',
  last_name: 'Lawrence',
  address: { line1: '101 Redwood Shores Parkway', city: 'Redwood City', country: 'United States' },
};

describe('v2 request files: findings', () => {
  test('a misspelt field of a v2 contact is one error, with "did you mean" and its Rename', () => {
    const { last_name, ...rest } = contact;
    const found = check('POST /v2/contacts', { ...rest, last_nmae: last_name });
    assert.equal(found.length, 1, show(found));
    const [f] = found;
    assert.equal(f.severity, 'error');
    assert.equal(f.code, 'unknown-field');
    assert.equal(formatPath(f.path), 'body.last_nmae');
    assert.match(
      f.message,
      /^Unknown field "last_nmae" in the body: did you mean `last_name`\? The service rejects it/,
    );
    assert.deepEqual(f.fix, { kind: 'renameProperty', property: 'last_nmae', to: 'last_name' });
  });

  test('a field no v2 object lists is an error at any depth; its custom_fields stay open', () => {
    const body = { ...contact, address: { ...contact.address, planet: 'Earth' }, custom_fields: { Region__c: 'EMEA' } };
    const found = check('POST /v2/contacts', body);
    assert.equal(found.length, 1, show(found));
    assert.equal(found[0].severity, 'error');
    assert.equal(found[0].message, 'Unknown field "planet" in address: the service rejects it.');
  });

  test('v1 stays open: the same misspelling in a v1 contact is a warning (the service ignores it)', () => {
    const found = check('POST /v1/contacts', { accountId: 'A1', firstName: 'Amy', lastNmae: 'Lawrence' });
    assert.equal(found.length, 1, show(found));
    assert.equal(found[0].severity, 'warning');
    assert.match(found[0].message, /did you mean `lastName`\? As written, the service ignores it/);
  });

  test('a wrong enum value or type in a v2 body is one error at the field', () => {
    const found = check('POST /v2/refunds', { amount: 'five', refund_method_type: 'cheque' });
    assert.deepEqual(
      found.map(f => [f.severity, formatPath(f.path), f.code]),
      [
        ['error', 'body.amount', 'wrong-type'],
        ['error', 'body.refund_method_type', 'invalid-value'],
      ],
    );
  });

  test('the v2 order and account bodies keep the payload validator', () => {
    const found = check('POST /v2/accounts', { name: 'Acme', currency: 'USD', bill_to: {}, planet: 'Earth' });
    const unknown = found.filter(f => f.code === 'unknown-field');
    assert.deepEqual(
      unknown.map(f => [f.severity, f.message]),
      [['error', 'Unknown field "planet": the service rejects it.']], // the payload validator's words
      show(found),
    );
  });

  test('a v2 query: a name the operation does not take is a warning with its fix; a bad page_size an error', () => {
    const found = check('GET /v2/invoices', undefined, { page_size: 500, fitler: 'state.EQ:Posted', 'sort[]': 'x' });
    assert.deepEqual(
      found.map(f => [f.severity, formatPath(f.path)]),
      [
        ['error', 'query.page_size'],
        ['warning', 'query.fitler'],
      ],
      show(found),
    );
    assert.equal(found[0].message, 'page_size must be at most 99, not 500.');
    assert.deepEqual(found[1].fix, { kind: 'renameProperty', property: 'fitler', to: 'filter[]' });
    assert.deepEqual(check('GET /v2/invoices', undefined, { 'filter[]': ['state.EQ:Posted'], cursor: 'W3s' }), []);
    const far = check('GET /v2/invoices', undefined, { page_size: 'ten', colour: 'red' });
    assert.deepEqual(
      far.map(f => f.message),
      [
        'page_size must be a whole number, not the string "ten".',
        'Unknown query parameter "colour": GET /v2/invoices takes cursor, expand[], filter[], sort[], page_size, ' +
          'fields[] and 5 fields[] of what its answer holds.',
      ],
    );
    assert.deepEqual(
      check('POST /v1/payments', { amount: 1 }, { anything: 'x' }).filter(f => f.path[0] === 'query'),
      [],
    );
  });

  test('filter[] and sort[] name fields of what the list answers: one it lacks is a warning with did-you-mean', () => {
    const found = check('GET /v2/invoices', undefined, {
      'filter[]': ['stat.EQ:Posted', 'account_number.EQ:A-1'],
      'sort[]': 'created_tme.desc',
    });
    assert.deepEqual(
      found.map(f => [f.severity, formatPath(f.path), f.message]),
      [
        [
          'warning',
          'query.filter[][0]',
          'filter[] names "stat", which is not a field of what GET /v2/invoices lists: did you mean `state`?',
        ],
        [
          'warning',
          'query.sort[]',
          'sort[] names "created_tme", which is not a field of what GET /v2/invoices lists: did you mean `created_time`?',
        ],
      ],
      show(found),
    );
    // Fields of an object one level in, and an open object's (custom fields are the tenant's own): clean.
    const accounts = { 'filter[]': ['tax_certificate[state].EQ:CA', 'custom_fields[region__c].EQ:West'] };
    assert.deepEqual(check('GET /v2/accounts', undefined, accounts), []);
    const inner = check('GET /v2/accounts', undefined, { 'filter[]': 'tax_certificate[stat].EQ:CA' });
    assert.match(inner[0].message, /did you mean `tax_certificate\[state\]`\?/);
  });
});

describe('v2 request files: templates', () => {
  test('every v2 operation with a body has a template; each validates with no error', () => {
    assert.ok(V2_WITH_BODY.length >= 60, `${V2_WITH_BODY.length} v2 operations with a body`);
    for (const op of V2_WITH_BODY) {
      const templates = requestTemplates(op.id, { today: TODAY });
      assert.ok(templates.length > 0, op.id);
      for (const t of templates) {
        const found = check(op.id, t.body).filter(f => f.code !== 'placeholder');
        assert.deepEqual(found, [], `${op.id} "${t.label}":\n${show(found)}`);
      }
    }
  });

  test('the common v2 operations start from realistic bodies with no finding at all', () => {
    const common = [
      'POST /v2/contacts',
      'POST /v2/payment_methods',
      'POST /v2/subscriptions',
      'POST /v2/payments',
      'POST /v2/refunds',
      'POST /v2/usage_records',
      'POST /v2/bill_runs',
      'POST /v2/invoices/{invoice_id}/post',
      'POST /v2/invoices/{invoice_id}/reverse',
      'POST /v2/invoices/{invoice_id}/pay',
      'POST /v2/invoices/{invoice_id}/write-off',
      'POST /v2/invoices/{invoice_id}/email',
      'POST /v2/subscriptions/{subscription_id}/pause',
      'POST /v2/subscriptions/{subscription_id}/resume',
      'POST /v2/subscriptions/{subscription_id}/cancel',
    ];
    for (const id of common) {
      const templates = requestTemplates(id, { today: TODAY, accountNumber: 'A00000042' });
      assert.ok(templates.length > 0 && templates[0].label !== 'Required fields', id);
      for (const t of templates) assert.deepEqual(check(id, t.body), [], `${id} "${t.label}"`);
    }
    const card = requestTemplates('POST /v2/payment_methods', { today: TODAY })[0].body as { card: object };
    assert.equal((card.card as { card_number: string }).card_number, '4111111111111111');
    const sub = requestTemplates('POST /v2/subscriptions', { today: TODAY, planId: 'plan-x' })[0].body;
    assert.equal((sub as { subscription_plans: { plan_id: string }[] }).subscription_plans[0].plan_id, 'plan-x');
    const account = requestTemplates('POST /v2/accounts', { today: TODAY });
    assert.ok(account.length > 0 && account.every(t => check('POST /v2/accounts', t.body).length === 0));
  });
});

describe('v2 request files: completion and hover', () => {
  const text = fileText('POST /v2/contacts', contact);

  test('field names of a v2 body, those present left out, none read-only, at any depth', () => {
    const at = text.indexOf('"first_name"');
    const typing = text.slice(0, at) + '"", ' + text.slice(at);
    const names = requestOffersAt(typing, at + 1)!.fields!.map(f => f.name);
    assert.ok(names.includes('work_email') && names.includes('other_phone_type'), names.join());
    for (const present of ['first_name', 'last_name', 'account_id', 'address'])
      assert.ok(!names.includes(present), present);
    assert.ok(!names.includes('id') && !names.includes('created_time'), 'read-only fields are not offered');
    const inside = text.indexOf('"city"');
    const nested = requestOffersAt(text.slice(0, inside) + '"", ' + text.slice(inside), inside + 1)!;
    assert.deepEqual(nested.fields!.map(f => f.name).sort(), ['county', 'line2', 'postal_code', 'state']);
  });

  test('enum values of a v2 field, and a hover that says what it takes', () => {
    const withType = fileText('POST /v2/contacts', { ...contact, other_phone_type: 'work' });
    const values = requestOffersAt(withType, withType.indexOf('"work"') + 2)!.values!.map(v => v.label);
    assert.deepEqual(values, ['work', 'mobile', 'home', 'other']);
    const h = requestHoverAt(text, text.indexOf('"first_name"') + 2)!;
    assert.match(h.markdown, /^\*\*first_name\*\*: string, required/);
    const bad = fileText('POST /v2/contacts', { ...contact, planet: 'Earth' });
    assert.match(requestHoverAt(bad, bad.indexOf('"planet"') + 2)!.markdown, /not a field of this object/);
  });

  test("a v2 query offers the operation's parameters, and its hover says what one takes", () => {
    const q = fileText('GET /v2/invoices', undefined, { '': '' });
    const names = requestOffersAt(q, q.indexOf('""') + 1)!.fields!.map(f => f.name);
    for (const p of ['filter[]', 'sort[]', 'page_size', 'cursor', 'expand[]', 'fields[]', 'invoice_items.fields[]'])
      assert.ok(names.includes(p), `${p} in ${names.join()}`);
    const sized = fileText('GET /v2/invoices', undefined, { page_size: 20 });
    const h = requestHoverAt(sized, sized.indexOf('"page_size"') + 2)!;
    assert.match(h.markdown, /^\*\*page_size\*\*: whole number, at least 1, at most 99, optional/);
  });
});

describe('node dist/cli.js validate on a v2 request file', () => {
  test('a closed v2 object refuses an unknown field: exit 1, the error at its line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-request-v2-'));
    const file = path.join(dir, 'contact.request.json');
    fs.writeFileSync(file, fileText('POST /v2/contacts', { ...contact, last_nmae: 'x' }));
    const r = spawnSync(process.execPath, [path.resolve('dist/cli.js'), 'validate', '--format', 'json', file], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 1, r.stderr);
    const [f] = (JSON.parse(r.stdout) as { files: { findings: { path: string; severity: string }[] }[] }).files[0]
      .findings;
    assert.equal(f.path, 'body.last_nmae');
    assert.equal(f.severity, 'error');
  });
});
