// Issue 29 items 8 and 23: a file with very many findings lists the first 1,000 and counts the rest, on every
// surface (validator, CLI, agent tool, sandbox answer); a quick fix costs one member, not the whole text; a big
// body's check leaves the sandbox's main thread free; and a file cut short says its syntax error first, and
// nothing that only the cut causes. How long each takes, and that it grows linearly, is in bench/ (never here).
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { validateText } from '../../src/agentTools';
import { requestFindings } from '../../src/payloads';
import { startSandbox } from '../../src/sandbox';
import { tokenOf } from './sandboxToken';
import { validatedOffThread } from '../../src/sandbox/http/offThread';
import { LISTED_FINDINGS, TEMPLATES, applyEdits, findingCounts, validate, type Finding } from '../../src/schemas';

const NOW = new Date('2026-11-21T00:00:00Z');
const order = () => structuredClone(TEMPLATES.find(t => t.id === 'new-customer')!.body) as Record<string, unknown>;
/** A clean order with `n` unknown fields after its own (`unknown_0`...), pretty or on one line. */
function withUnknown(n: number, pretty = true, base: Record<string, unknown> = order()): string {
  for (let i = 0; i < n; i++) base[`unknown_${i}`] = 1;
  return pretty ? JSON.stringify(base, null, 2) : JSON.stringify(base);
}
const more = (findings: Finding[]) => findings[findings.length - 1];

describe('findings past the first 1,000 are counted, not listed', () => {
  test('5,000 unknown fields: 1,000 listed in order, then one more-findings at the 1,001st counting 4,000', () => {
    const text = withUnknown(5000);
    const findings = validate(text, 'order', { now: NOW });
    assert.equal(findings.length, LISTED_FINDINGS + 1);
    assert.deepEqual(
      findings.slice(0, 3).map(f => f.path),
      [['unknown_0'], ['unknown_1'], ['unknown_2']],
    );
    assert.ok(findings.slice(0, -1).every(f => f.code === 'unknown-field' && !f.omitted));
    const last = more(findings);
    assert.equal(last.code, 'more-findings');
    assert.equal(last.severity, 'error');
    assert.equal(last.category, 21, 'the category of what it counts');
    assert.deepEqual(last.omitted, { errors: 4000, warnings: 0 });
    assert.match(last.message, /^and 4,000 more findings not listed \(4,000 errors\): only the first 1,000 are\./);
    assert.equal(
      text.slice(last.offset, last.offset + last.length),
      '"unknown_1000"',
      'placed at the first not listed',
    );
    assert.deepEqual(findingCounts(findings), { errors: 5000, warnings: 0 });
  });

  test('100,000 unknown fields (2 MB): 1,001 findings, the last counting 99,000', () => {
    const findings = validate(withUnknown(100_000), 'order', { now: NOW });
    assert.equal(findings.length, 1001);
    assert.deepEqual(more(findings).omitted, { errors: 99_000, warnings: 0 });
  });

  test('a request file: a v1 body with 3,000 unknown fields (warnings) is counted as warnings', () => {
    const body: Record<string, unknown> = { orderDate: '2027-01-01', existingAccountNumber: 'A00000001' };
    for (let i = 0; i < 3000; i++) body[`unknown_${i}`] = 1;
    const text = JSON.stringify({ operation: 'POST /v1/orders', body }, null, 2);
    const findings = requestFindings(text);
    assert.equal(findings.length, 1001);
    const last = more(findings);
    assert.equal(last.severity, 'warning');
    assert.deepEqual(last.omitted?.warnings, findingCounts(findings).warnings - 1000);
    assert.ok(last.omitted!.warnings >= 2000, JSON.stringify(last.omitted));
  });
});

describe('agent tool validate', () => {
  test('a minified order with 3,000 unknown fields: counts all, lists 20, each Remove fix deletes just its member', () => {
    const text = withUnknown(3000, false);
    const r = validateText(text, 'order');
    assert.equal(r.errors, 3000);
    assert.equal(r.findings.length, 20);
    assert.match(r.note ?? '', /^and 2980 more findings/);
    for (const f of r.findings) {
      const remove = f.fixes.find(x => x.title.startsWith('Remove'));
      assert.ok(remove, f.message);
      const field = JSON.parse(`"${/"(unknown_\d+)"/.exec(f.message)![1]}"`) as string;
      // The member and the comma before it, nothing else: the file stays one line, every other field as it was.
      assert.deepEqual(remove.edits, [
        { offset: text.indexOf(`,"${field}":1`), length: `,"${field}":1`.length, content: '' },
      ]);
    }
    const first = r.findings[0].fixes[0].edits;
    assert.equal(applyEdits(text, first), text.replace(',"unknown_0":1', ''));
  });

  test('5,000 fields: the answer counts the ones the validator did not list', () => {
    const r = validateText(withUnknown(5000), 'order');
    assert.equal(r.errors, 5000);
    assert.match(r.note ?? '', /^and 4980 more findings/);
  });
});

describe('a file cut short (item 23)', () => {
  const whole = JSON.stringify({ ...order(), order_date: '2027-02-30' }, null, 2); // in its place, near the top
  const cut = whole.slice(0, whole.indexOf('"last_name"') + 5); // inside account_data.bill_to, in a key
  test('only its syntax errors, the first first; nothing the cut alone causes (missing fields, a cut key)', () => {
    const findings = validate(cut, 'order', { now: NOW });
    const codes = findings.map(f => f.code);
    assert.equal(codes[0], 'json-syntax');
    assert.ok(!codes.some(c => /missing|nothing-to-order/.test(c)), codes.join(', '));
    assert.ok(!codes.includes('unknown-field'), codes.join(', '));
    // What was written whole before the cut is still checked.
    assert.deepEqual(
      findings.filter(f => f.code === 'invalid-date').map(f => f.path),
      [['order_date']],
    );
  });
  test('a value cut in the middle is not judged; a closed object before the cut is', () => {
    const text = '{\n  "account_data": { "name": "A" },\n  "order_date": "2027-0';
    const codes = validate(text, 'order', { now: NOW }).map(f => `${f.code} ${f.path.join('.')}`);
    assert.ok(!codes.some(c => c.startsWith('invalid-date')), codes.join(', '));
    assert.ok(
      codes.some(c => c.startsWith('missing-field account_data.')),
      `account_data is closed: what it lacks is said. ${codes.join(', ')}`,
    );
  });
  test('a text that is whole but wrong still gets every finding (nothing reaches the end unclosed)', () => {
    const codes = validate('{ "subscriptions": [], }', 'order', { now: NOW }).map(f => f.code);
    assert.ok(codes.includes('json-trailing-comma') && codes.includes('missing-account'), codes.join(', '));
  });
});

describe('node dist/cli.js validate', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-scale-'));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.resolve('dist/cli.js'), ...args], { encoding: 'utf8' });
  test('2,000 unknown fields: 1,000 lines, then the count of the rest; the total counts all 2,000', () => {
    const file = path.join(dir, 'many.order.json');
    fs.writeFileSync(file, withUnknown(2000));
    const r = run('validate', file);
    assert.equal(r.status, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 1001);
    assert.match(lines[1000], /many\.order\.json:\d+:3: error and 1,000 more findings not listed .*\[more-findings\]$/);
    assert.match(r.stderr, /1 file\(s\) checked, 2000 finding\(s\)/);
  });
  test('preview refuses 2,000 unknown fields before sending: 1,000 listed, then the count of the rest, all 2,000 counted', () => {
    const file = path.join(dir, 'many.order.json');
    fs.writeFileSync(file, withUnknown(2000));
    const r = run('preview', file);
    assert.equal(r.status, 1);
    const lines = r.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1002, lines.slice(0, 3).join('\n'));
    assert.match(lines[999], /unknown_999/);
    assert.match(lines[1000], /and 1,000 more findings not listed .*\[more-findings\]$/);
    assert.match(lines[1001], /^not sent: fix the 2000 error\(s\) above/);
  });
  test('a truncated file: the syntax error first, no finding that only the truncation causes', () => {
    const file = path.join(dir, 'cut.order.json');
    const text = JSON.stringify(order(), null, 2);
    fs.writeFileSync(file, text.slice(0, text.indexOf('"last_name"') + 5));
    const lines = run('validate', file).stdout.trimEnd().split('\n');
    assert.match(lines[0], /error JSON syntax error: .*\[json-syntax\]$/);
    assert.ok(
      lines.every(l => l.includes('[json-')),
      lines.join('\n'),
    );
  });
});

describe('Local sandbox', () => {
  test('a preview with 3,000 unknown fields: a 400 listing 1,000 and counting the rest', async () => {
    const s = await startSandbox();
    try {
      const token = await tokenOf(s);
      const preview = { metrics: ['delta_metrics'], ...structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) };
      const r = await fetch(`${s.url}/v2/orders/preview`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: withUnknown(3000, false, preview as Record<string, unknown>),
      });
      assert.equal(r.status, 400);
      const errors = ((await r.json()) as { errors: { code: string; message: string }[] }).errors;
      assert.equal(errors.length, 1001);
      assert.equal(errors[1000].code, 'unknown_parameter');
      assert.match(errors[1000].message, /^and 2,000 more findings not listed/);
    } finally {
      await s.close();
    }
  });

  test('a v1 body answered from the contract with 3,000 errors: 1,000 reasons, then the count of the rest', async () => {
    const s = await startSandbox();
    try {
      const access_token = await tokenOf(s);
      const invoices = Array.from({ length: 3000 }, () => 'x'); // each must be an object
      const r = await fetch(`${s.url}/v1/payments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'External', amount: 1, currency: 'USD', invoices }),
      });
      assert.equal(r.status, 400);
      const reasons = ((await r.json()) as { reasons: { message: string }[] }).reasons;
      assert.equal(reasons.length, 1001);
      assert.match(reasons[1000].message, /^and 2,000 more findings not listed \(2,000 errors\)/);
    } finally {
      await s.close();
    }
  });

  test('a big body is checked off the main thread: the event loop keeps turning meanwhile', async () => {
    const text = withUnknown(100_000);
    let turns = 0,
      done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    const findings = await validatedOffThread(text, 'order', NOW.getTime());
    done = true;
    assert.equal(findings.length, 1001);
    // Checked on the main thread, the loop could not turn until the check was over: one turn at most.
    assert.ok(turns > 10, `${turns} turns`);
  });
});
