// Issue 29, items 16-18: one redaction for History, cURL and the scenario reports. The fields of the service's
// own schemas that hold secrets (IBAN, bank account and identity numbers, preapproval keys, gateway tokens) are
// masked, a value once seen in one is masked wherever it shows next, and the secret environment variables of a
// run are masked in all five report formats. Everything runs over HTTP on the Local sandbox.
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient, isSecretName, Redactor } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import {
  htmlReport,
  jsonReport,
  junitReport,
  readScenario,
  runScenarios,
  tapReport,
  textReport,
  type ScenarioResult,
} from '../../src/scenarios';
import { describe as describeCall, invoke, type Call } from '../../src/services/calls';
import { historyRecord } from '../../src/services/historyRecords';
import { HISTORY_STATE_KEY, RequestHistory } from '../../src/services/requestHistory';
import { findOperation } from '../../src/catalog';
import { runCli } from './cli';
import { MemoryState } from './memoryState';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-secrets-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

let sb: Sandbox;
let client: BillingClient;
before(async () => {
  sb = await startSandbox();
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
});
after(async () => {
  await client.close();
  await sb.close();
});

const PAYMENT_METHOD = findOperation('GET', '/v1/payment-methods/{payment-method-id}')!;
const connection = () => ({ id: 'local', name: 'Local sandbox', kind: 'local' as const, baseUrl: sb.url });

/** Sends the call as the editor does and returns what History stored and the request's cURL. */
async function sentAndRecorded(call: Call): Promise<{ stored: string; curl: string; data: unknown }> {
  const response = await invoke(client, call, new AbortController().signal);
  const state = new MemoryState();
  const history = new RequestHistory(state);
  history.record(
    historyRecord({ info: describeCall(call), connection: connection() }, call, { response }),
    client.redactor,
  );
  await history.flushed();
  return { stored: state.saved.get(HISTORY_STATE_KEY) ?? '', curl: client.curl(response.request), data: response.data };
}

const gone = (where: string, text: string, ...values: string[]) => {
  for (const v of values) assert.ok(!text.includes(v), `${where}: "${v}" in clear in ${text.slice(0, 600)}`);
};

/** The Local sandbox's answer for a v1 payment method: its values are the same for the same id. */
async function paymentMethod(id: string): Promise<Record<string, string>> {
  const r = await client.send(PAYMENT_METHOD, { pathParams: { 'payment-method-id': id }, query: {} });
  return r.data as Record<string, string>;
}

const ACCOUNT = JSON.parse(fs.readFileSync('examples/acme.account.json', 'utf8')) as Record<string, unknown>;
const IBAN = 'DE89370400440532013000';
const IBAN_GROUPED = 'GB82 WEST 1234 5698 7654 32';
const DOTTED_CARD = '4111.1111.1111.1111';

describe('item 17: the fields of the service’s own schemas are masked in History and cURL', () => {
  const accountWith = (payment_method: unknown): Call => ({
    kind: 'createAccount',
    file: 'a.account.json',
    body: { ...ACCOUNT, payment_method } as never,
  });
  const cases: [string, unknown, string[]][] = [
    ['SEPA: IBAN', { type: 'sepa_debit', sepa_debit: { IBAN, business_identification_code: 'COBADEFFXXX' } }, [IBAN]],
    [
      'ACH: bank account number',
      {
        type: 'ach_debit',
        ach_debit: {
          bank_aba_code: '011000015',
          bank_account_name: 'Ada Lovelace',
          bank_account_number: '9876543210',
          bank_account_type: 'checking',
          bank_name: 'First Bank',
        },
      },
      ['9876543210'],
    ],
    [
      'Betalingsservice: the bank account_number and the identity number',
      {
        type: 'betalings_debit',
        betalings_debit: { account_number: '3456789012', identity_number: '0101701234', bank_code: '1234' },
      },
      ['3456789012', '0101701234'],
    ],
    [
      'PayPal adaptive: the preapproval key',
      { type: 'paypal_adaptive', paypal_adaptive: { preapproval_key: 'PA-9XK12345AB678901C', email: 'a@example.com' } },
      ['PA-9XK12345AB678901C'],
    ],
  ];
  for (const [name, pm, secrets] of cases) {
    test(`a new account’s payment method, ${name}: neither History nor cURL keeps it; the rest stays readable`, async () => {
      const { stored, curl, data } = await sentAndRecorded(accountWith(pm));
      gone('History', stored, ...secrets);
      gone('cURL', curl, ...secrets);
      const accountNumber = (data as { account_number: string }).account_number;
      assert.ok(stored.includes(accountNumber), 'the billing account number is shown');
      assert.ok(stored.includes('Acme Robotics') && curl.includes('Acme Robotics'));
    });
  }

  test('a v1 payment method’s answer: bank account, identity number and gateway tokens masked; accountNumber kept', async () => {
    const call: Call = {
      kind: 'operation',
      op: PAYMENT_METHOD,
      request: { pathParams: { 'payment-method-id': 'pm-history' }, query: {} },
      target: '/v1/payment-methods/pm-history',
    };
    const { stored, data } = await sentAndRecorded(call);
    const pm = data as Record<string, string>;
    gone('History', stored, pm.bankAccountNumber, pm.identityNumber, pm.tokenId, pm.secondTokenId);
    for (const shown of [pm.accountNumber, pm.bankIdentificationNumber, pm.status]) assert.ok(stored.includes(shown));
  });

  test('dotted card numbers and IBANs in free text are masked; dotted numbers that are no card are kept', () => {
    const r = new Redactor();
    const note = `card ${DOTTED_CARD}, iban ${IBAN_GROUPED} or ${IBAN}; version 1.2.3.4, ref 1234.5678.9012.3456`;
    const curl = r.text(note);
    gone('text', curl, DOTTED_CARD, IBAN_GROUPED, IBAN, '1111.1111');
    assert.ok(curl.includes('***1111') && curl.includes('***5432') && curl.includes('***3000'), curl);
    assert.ok(curl.includes('version 1.2.3.4, ref 1234.5678.9012.3456'), 'no Luhn, no card: kept');
    assert.equal(
      r.text('AB12CDEFGHIJKLMNOP and DE00370400440532013000'),
      'AB12CDEFGHIJKLMNOP and DE00370400440532013000',
    );
  });

  test('names that are secret only by their schema; ordinary fields of the same family stay readable', () => {
    const secret = ['IBAN', 'iBAN', 'bankAccountNumber', 'bank_account_number', 'identityNumber', 'identity_number'];
    secret.push('preapprovalKey', 'paypalPreapprovalKey', 'preapproval_key', 'tokenId', 'secondTokenId', 'hmacKey');
    secret.push(
      'clientCertificatePassword',
      'appleGatewayToken',
      'encryptionKey',
      'payer_iban',
      'nationalIdentityNumber',
    );
    for (const n of secret) assert.equal(isSecretName(n), true, n);
    const shown = ['accountNumber', 'account_number', 'invoiceOwnerAccountNumber', 'glAccountNumber', 'accountKey'];
    shown.push('bankIdentificationNumber', 'creditCardMaskNumber', 'uniqueToken', 'bank_account_account', 'orderKey');
    shown.push('publicKey', 'bank_code', 'bankName', 'tokenize', 'signatureType', 'subscriptionKey');
    for (const n of shown) assert.equal(isSecretName(n), false, n);
    const r = new Redactor();
    const out = r.json({ account_number: 'A00000001', betalings_debit: { account_number: '3456789012' } });
    assert.deepEqual(out, { account_number: 'A00000001', betalings_debit: { account_number: '***' } });
  });
});

describe('item 16: a value once seen in a secret field is masked wherever it shows next', () => {
  test('History: a later request quoting a token the service answered masks it', async () => {
    const pm = await paymentMethod('pm-later');
    const { stored, curl } = await sentAndRecorded({
      kind: 'createAccount',
      file: 'a.account.json',
      body: {
        ...ACCOUNT,
        name: `Acme ${pm.tokenId}`,
        bill_to: { ...(ACCOUNT.bill_to as object), first_name: pm.identityNumber },
      } as never,
    });
    gone('History', stored, pm.tokenId, pm.identityNumber);
    gone('cURL', curl, pm.tokenId, pm.identityNumber);
    assert.ok(stored.includes('Acme ***'), 'the rest of the name is kept');
  });

  test('scenario reports, all five formats: no answer’s secret value in clear, nor the references carrying it', async () => {
    const scenario = readScenario(
      JSON.stringify({
        name: 'payment details',
        steps: [
          {
            kind: 'operation',
            name: 'pm',
            operation: PAYMENT_METHOD.id,
            pathParams: { 'payment-method-id': 'pm-1' },
            capture: { tok: '$.tokenId' },
            expect: {
              values: [
                { path: 'tokenId', equals: 'not-this-token' },
                { path: 'identityNumber', equals: 'N-0' },
              ],
            },
          },
          {
            kind: 'createAccount',
            name: 'acct',
            body: {
              ...ACCOUNT,
              name: 'Acme ${tok}',
              bill_to: { ...(ACCOUNT.bill_to as object), first_name: '${pm.bankAccountNumber}' },
            },
          },
          {
            kind: 'getAccount',
            accountNumber: '${acct.account_number}',
            expect: {
              values: [
                { path: 'name', equals: 'Acme' },
                { path: 'bill_to.first_name', equals: 'Ada' },
              ],
            },
          },
        ],
      }),
      { file: path.join(tmp, 'payment.scenario.json') },
    );
    assert.deepEqual(scenario.findings, []);
    const results = await runScenarios([scenario], { target: { kind: 'local' } });
    assert.deepEqual(
      results[0].steps.map(s => s.outcome),
      ['failed', 'passed', 'failed'],
      JSON.stringify(results[0].steps.map(s => s.error)),
    );
    const pm = await paymentMethod('pm-1'); // the same id answers the same values
    const values = [pm.tokenId, pm.secondTokenId, pm.identityNumber, pm.bankAccountNumber];
    const counts = inClear(results, values);
    assert.deepEqual(counts, { text: 0, junit: 0, json: 0, tap: 0, html: 0 });
    const json = jsonReport(results);
    assert.ok(json.includes('Acme ***'), 'a reference’s value is masked, the text around it kept');
    assert.ok(json.includes(pm.accountNumber), 'the payment method’s billing account number stays readable');
  });
});

/** How many times the values appear in clear in each report format. */
function inClear(results: ScenarioResult[], values: string[]): Record<string, number> {
  const reports = {
    text: textReport(results),
    junit: junitReport(results),
    json: jsonReport(results),
    tap: tapReport(results),
    html: htmlReport(results, { target: 'Local sandbox', date: '2027-01-01T00:00:00Z', ms: 1 }),
  };
  const count = (s: string) => values.reduce((n, v) => n + s.split(v).length - 1, 0);
  return Object.fromEntries(Object.entries(reports).map(([k, s]) => [k, count(s)]));
}

describe('item 18: secret environment variables by name, in all five report formats', () => {
  const ENV: Record<string, string> = {
    DB_PASS: 'db-pass-value-Q7x9',
    SERVICE_CREDENTIAL: 'svc-credential-K3m2',
    BASIC_AUTH: 'basic-auth-value-P0q1',
    PRIVATE_PEM: 'private-pem-value-Z8y7',
    APP_COOKIE: 'cookie-value-W5v4',
    SESSION_ID: 'session-id-value-U3t2',
    WEBHOOK_SIGNATURE: 'signature-value-S1r0',
  };
  test('DB_PASS, SERVICE_CREDENTIAL, *AUTH*, PRIVATE, COOKIE, SESSION, SIGNATURE: masked in text, JUnit, JSON, TAP, HTML', async () => {
    const names = Object.keys(ENV);
    const file = path.join(tmp, 'env.scenario.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 'env secrets',
        steps: [
          {
            kind: 'createAccount',
            body: { ...ACCOUNT, name: names.map(n => `\${env.${n}}`).join(' ') },
            expect: { values: [{ path: 'name', equals: 'nope' }] },
          },
        ],
      }),
    );
    const out = (f: string) => path.join(tmp, f);
    const reports = ['junit=j.xml', 'json=r.json', 'tap=r.tap', 'html=r.html'].map(r => r.replace('=', `=${tmp}/`));
    const r = await runCli(['test', file, ...reports.flatMap(x => ['--report', x])], ENV);
    assert.equal(r.status, 1, r.stderr);
    const texts = {
      text: r.stdout,
      junit: fs.readFileSync(out('j.xml'), 'utf8'),
      json: fs.readFileSync(out('r.json'), 'utf8'),
      tap: fs.readFileSync(out('r.tap'), 'utf8'),
      html: fs.readFileSync(out('r.html'), 'utf8'),
    };
    const counts = Object.fromEntries(
      Object.entries(texts).map(([k, s]) => [k, Object.values(ENV).filter(v => s.includes(v)).length]),
    );
    assert.deepEqual(counts, { text: 0, junit: 0, json: 0, tap: 0, html: 0 });
    assert.ok(texts.text.includes('nope'), 'the failure is reported');
  });

  test('the usage of `test` names every word; names such as XDG_SESSION_TYPE and GIT_AUTHOR_NAME stay readable', async () => {
    const bare = await runCli([]);
    const usage = bare.stderr + bare.stdout;
    for (const w of ['PASS', 'CREDENTIAL', 'AUTH', 'PRIVATE', 'COOKIE', 'SESSION', 'SIGNATURE']) {
      assert.match(usage, new RegExp(`\\b${w}\\b`), w);
    }
    const file = path.join(tmp, 'desktop.scenario.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 'desktop',
        steps: [
          { kind: 'createAccount', body: { ...ACCOUNT, name: '${env.XDG_SESSION_TYPE} ${env.GIT_AUTHOR_NAME}' } },
        ],
      }),
    );
    const r = await runCli(['test', file, '--reporter', 'json'], {
      XDG_SESSION_TYPE: 'wayland',
      GIT_AUTHOR_NAME: 'Ada Lovelace',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /"name": "wayland Ada Lovelace"/);
  });
});
