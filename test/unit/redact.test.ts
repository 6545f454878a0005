// Issue 11, "Secrets": one redaction for the log, errors, the panel and cURL. Table-driven: each row is a
// place a secret shows up in practice; the secret must be gone and the harmless text around it kept.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Redactor, toCurl } from '../../src/client';
import { redactTextGuarded, redactTextUnguarded } from '../../src/client/redact';

/** The client's redactor, as the log, errors, the panel and cURL use it, knowing one secret. */
function redactor(...known: string[]): Redactor {
  const r = new Redactor();
  for (const k of known) r.remember(k);
  return r;
}

const KNOWN = 'S3cr3t/+=&?value with space';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLXZhbHVlLWhlcmU';

interface Row {
  name: string;
  input: string;
  gone: string[];
  kept?: string[];
}
const row = (name: string, input: string, gone: string[], kept: string[] = []): Row => ({ name, input, gone, kept });
const formEncoded = new URLSearchParams({ s: KNOWN }).toString().slice(2);
const SECRET_QUERY_NAMES = ['token', 'secret', 'password', 'api_key', 'refresh_token', 'access_token', 'client_secret'];
const SECRET_JSON_KEYS = [
  'secret',
  'apiKey',
  'privateKey',
  'creditCardSecurityCode',
  'security_code',
  'card_number',
  'password',
  'clientSecret',
];
const CLEAN = '2027-01-01 2028-01-01 1350.00 USD 53100320 A00000001';
const FIELD_PATH = 'payment_method.card.security_code: is required';

const TEXT: Row[] = [
  row('a known secret as is', `secret is ${KNOWN}!`, [KNOWN], ['secret is ', '!']),
  row('a known secret URL-encoded', `?x=${encodeURIComponent(KNOWN)}`, [encodeURIComponent(KNOWN)]),
  row(
    'a known secret form-encoded',
    `grant_type=client_credentials&client_id=me&x=${formEncoded}`,
    [formEncoded],
    ['grant_type=client_credentials', 'client_id=me'],
  ),
  row('a known secret JSON-escaped', JSON.stringify({ note: `a"b\\${KNOWN}` }), ['S3cr3t']),
  ...SECRET_QUERY_NAMES.map(p =>
    row(
      `query parameter ${p}`,
      `GET https://h.example/v1/x?page=2&${p}=abc123XYZ&size=5`,
      ['abc123XYZ'],
      ['page=2', `${p}=`, 'size=5'],
    ),
  ),
  row('form body client_secret', 'client_id=id1&client_secret=zzTop99&grant_type=client_credentials', ['zzTop99']),
  row(
    'user:password in a URL',
    'proxy at http://alice:pa55w0rd@proxy.corp:8080/',
    ['pa55w0rd', 'alice:'],
    ['proxy.corp:8080'],
  ),
  row('a Basic credential', 'authorization: Basic YWxpY2U6cGE1NXcwcmQ=', ['YWxpY2U6cGE1NXcwcmQ=']),
  row('a Bearer token', 'Authorization: Bearer abc.def-ghi_jkl', ['abc.def-ghi_jkl']),
  row('a JWT anywhere', `token in body ${JWT} end`, [JWT, 'eyJzdWIi'], ['end']),
  ...SECRET_JSON_KEYS.map(k =>
    row(`JSON text key ${k}`, `{"name":"ok","${k}":"v4lu3-x","n":1}`, ['v4lu3-x'], ['"name":"ok"', `"${k}":"***"`]),
  ),
  row('a card number as a JSON number', '{"card":{"number":4111111111111111}}', ['4111111111111111'], ['1111']),
  row('a 13-digit card string', 'card 4222222222222 declined', ['4222222222222'], ['declined']),
  row('a 19-digit card string', 'card 6011000990139424123 declined', ['6011000990139424123']),
  row('a card with spaces', 'card 4111 1111 1111 1111 declined', ['4111 1111 1111 1111'], ['1111 declined']),
  row('a card with dashes', 'card 5500-0000-0000-0004.', ['5500-0000-0000-0004']),
  row(
    'a hex id whose digits run 13 long is no card (kept whole)',
    '"subscription_item_id": "c0848969919009f694d6ed5875435659"',
    [],
    ['c0848969919009f694d6ed5875435659'],
  ),
  row('an Amex in 4-6-5 groups', 'amex 3782 822463 10005', ['822463']),
  row('nothing in dates, amounts and codes', CLEAN, [], [CLEAN]),
  row('nothing in a field path in a message', FIELD_PATH, [], [FIELD_PATH]),
];

describe('redact: text', () => {
  for (const row of TEXT) {
    test(`redacts ${row.name}`, () => {
      const out = redactor(KNOWN).text(row.input);
      for (const g of row.gone) assert.ok(!out.includes(g), `"${g}" still in: ${out}`);
      for (const k of row.kept ?? []) assert.ok(out.includes(k), `"${k}" lost from: ${out}`);
    });
  }
});

describe('redact: JSON values', () => {
  test('secret-like keys are masked at any depth; card numbers as numbers and strings; the rest is kept', () => {
    const body = {
      name: 'Acme',
      currency: 'USD',
      bill_cycle_day: 1,
      created: 1732200000,
      payment_method: {
        type: 'card',
        card: { card_number: '4111111111111111', security_code: '123', expiry_year: 2030 },
      },
      nested: [{ apiKey: 'k-1', privateKey: 'pk', creditCardSecurityCode: 999, password: 'p', token: 't0k3n' }],
      cardAsNumber: 4111111111111111,
      note: `Bearer ${JWT}`,
      refresh_token: 'r1',
      unique_token: 'plan-token-1',
    };
    const out = JSON.stringify(redactor().json(body));
    for (const g of ['4111111111111111', '"123"', 'k-1', '"pk"', '999', '"p"', 't0k3n', JWT, '"r1"']) {
      assert.ok(!out.includes(g), `${g} in ${out}`);
    }
    for (const k of ['"Acme"', '"USD"', '"bill_cycle_day":1', '1732200000', '2030', '"unique_token":"plan-token-1"']) {
      assert.ok(out.includes(k), `${k} lost from ${out}`);
    }
  });

  test('known secrets of any length are masked; a short one where it stands alone, so words stay readable', () => {
    const r = redactor('k9', 'y');
    assert.equal(r.text('id=x&s=k9'), 'id=x&s=***');
    assert.deepEqual(r.json({ a: ['k9', 'id k9.', 'y'] }), { a: ['***', 'id ***.', '***'] });
    assert.equal(r.text('Proxy response'), 'Proxy response');
    const long = redactor('a-long-secret-value');
    assert.equal(long.text('xa-long-secret-valuex'), 'x***x');
  });
});

describe('redact: one function for logs, errors, the panel and cURL', () => {
  test('cURL of a token request and a card payment keeps no secret', () => {
    const r = new Redactor();
    r.remember('client-secret-Zq');
    const curl = toCurl(
      {
        method: 'POST',
        url: 'https://u:pw@h.example/oauth/token?api_key=A1B2',
        headers: {
          authorization: 'Basic dTpwdw==',
          'content-type': 'application/x-www-form-urlencoded',
          'x-api-key': 'K',
        },
        body: 'client_id=id&client_secret=client-secret-Zq&grant_type=client_credentials',
      },
      r,
    );
    for (const g of ['client-secret-Zq', 'dTpwdw==', 'A1B2', ':pw@', "x-api-key: K'"]) {
      assert.ok(!curl.includes(g), `${g} in ${curl}`);
    }
    assert.match(curl, /grant_type=client_credentials/);
  });
});

test('the quick checks before each rule never change what it masks: 5,000 texts of tokens, digits and separators', () => {
  const pieces = [
    ...['eyJ', 'a.b', '.c', 'Bearer ', 'basic ', 'Digest', 'authorization:', 'Proxy-Authorization: ', 'Token x'],
    ...['https://', 'u:p@h', 'client_secret', '"password"', ': ', '=', '&', 'api-key', '4111', ' ', '-', '1234'],
    ...['5555555555554444', '2027-01-01', 'x', '"', '\\', 'A0000001', '42', '.', ',', '{', '}'],
    ...['4111.', '1111.1111', 'DE89', '3704 0044', '0532013000', 'GB82 WEST ', '1234 5698 7654 32', 'AB12'],
  ];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map(p => p.join(''));
  fc.assert(
    fc.property(text, s => {
      assert.equal(redactTextGuarded(s), redactTextUnguarded(s), s);
    }),
    { numRuns: 5_000, seed: 20261124 },
  );
});
