// `test`'s reports as the tools people use read them: JUnit by xml2js, TAP by tap-parser, HTML in Chromium;
// several at once (--report FORMAT=FILE), folders created, an unwritable one a clear exit 2.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseStringPromise } from 'xml2js';
import { Parser, type Result } from 'tap-parser';
import { chromium } from 'playwright-core';
import { runCli } from './cli';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-reports-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, value: unknown) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
};
const passing = write('a-pass.scenario.json', {
  name: 'Reads the demo account',
  steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 200 } }],
});
const failing = write('b-fail.scenario.json', {
  name: '<script>alert(1)</script> # not a directive',
  steps: [
    { kind: 'getAccount', accountNumber: 'A00000001', expect: { values: [{ path: 'name', equals: 'Nobody' }] } },
    { kind: 'getAccount', accountNumber: 'A00000001' },
  ],
});
const run = (args: string[]) => runCli(['test', ...args]);

test('--report writes several formats at once, creating their folders; --reporter tap on stdout reads back', async () => {
  const out = path.join(tmp, 'new', 'nested');
  const r = await run([
    passing,
    failing,
    '--reporter',
    'tap',
    '--report',
    `junit=${out}/junit.xml`,
    '--report',
    `html=${out}/report.html`,
    '--report',
    `json=${out}/report.json`,
  ]);
  assert.equal(r.status, 1, r.stderr);

  const points: { depth: string; ok: boolean; name: string; diag: unknown }[] = [];
  const parser = new Parser();
  const listen = (p: Parser, depth: string) => {
    p.on('assert', (a: Result) => points.push({ depth, ok: a.ok, name: a.name, diag: a.diag }));
    p.on('child', (c: Parser) => listen(c, depth + '>'));
  };
  listen(parser, '');
  const done = new Promise<{ ok: boolean; count: number; fail: number }>(res => parser.on('complete', res));
  parser.end(r.stdout);
  const final = await done;
  assert.equal(final.ok, false);
  assert.equal(final.count, 2);
  assert.equal(final.fail, 1);
  const steps = points.filter(p => p.depth === '>');
  assert.deepEqual(
    steps.map(p => [p.ok, p.name]),
    [
      [true, '1. step 1 (getAccount)'],
      [false, '1. step 1 (getAccount)'],
      [true, '2. step 2 (getAccount)'],
    ],
  );
  const diag = steps[1].diag as { failures: { path: string; expected: string; actual: string }[] };
  assert.deepEqual(diag.failures[0], {
    message: 'expected "Nobody" at name, got "Demo Customer"',
    path: 'steps[0].expect.values[0].equals',
    expected: 'Nobody',
    actual: 'Demo Customer',
  });
  const top = points.filter(p => p.depth === '');
  assert.equal(top[1].name, `<script>alert(1)</script> # not a directive (${failing})`, 'the # is escaped');
  assert.equal(top[1].ok, false);

  const junit = await parseStringPromise(fs.readFileSync(`${out}/junit.xml`, 'utf8'));
  assert.equal(junit.testsuites.$.tests, '3');
  assert.equal(junit.testsuites.$.failures, '1');
  const suites = junit.testsuites.testsuite as { $: { name: string }; testcase: { failure?: unknown[] }[] }[];
  assert.deepEqual(
    suites.map(s => [s.$.name, s.testcase.map(c => (c.failure ? 'failed' : 'ok'))]),
    [
      ['Reads the demo account', ['ok']],
      ['<script>alert(1)</script> # not a directive', ['failed', 'ok']],
    ],
  );
  const json = JSON.parse(fs.readFileSync(`${out}/report.json`, 'utf8'));
  assert.deepEqual([json.tests, json.failures], [3, 1]);
  assert.ok(fs.statSync(`${out}/report.html`).size > 0);
});

test('a report that cannot be written: exit 2 naming it, and the other reports are still written', async () => {
  const blocker = path.join(tmp, 'a-file');
  fs.writeFileSync(blocker, 'x');
  const junit = path.join(tmp, 'ok', 'junit.xml');
  const r = await run([passing, '--report', `html=${blocker}/report.html`, '--report', `junit=${junit}`]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /error: --report html: .*a-file.*(is a file|part of this path is a file)/);
  assert.match(fs.readFileSync(junit, 'utf8'), /<testsuite name="Reads the demo account"/);
  const usage = await run([passing, '--report', 'junit']);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /--report takes FORMAT=FILE/);
  const unknown = await run([passing, '--report', 'pdf=x.pdf']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /--report FORMAT must be text, junit, json, tap, html, not "pdf"/);
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test('the HTML report in Chromium: the summary reads right, failures first, a hostile name stays text', async t => {
  if (!fs.existsSync(CHROMIUM)) {
    t.skip(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  const file = path.join(tmp, 'html', 'report.html');
  const r = await run([passing, failing, '--report', `html=${file}`]);
  assert.equal(r.status, 1, r.stderr);
  const html = fs.readFileSync(file, 'utf8');
  assert.ok(!html.includes('<script>alert(1)'), 'the name is escaped');
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  assert.match(
    html,
    /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/,
  );
  assert.doesNotMatch(html, /<script|<link|src=|url\(/i, 'self-contained, no script');

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', d => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const requests: string[] = [];
    page.on('request', req => requests.push(req.url()));
    await page.goto(`file://${file}`);
    const summary = await page.locator('#summary').innerText();
    assert.match(
      summary,
      /2 passed\s+1 failed\s+0 errored\s+0 skipped/,
      'the steps, counted as the text report counts them',
    );
    assert.match(summary, /2 scenario\(s\), 3 step\(s\): 2 passed, 1 failed, 0 errored, 0 skipped/);
    assert.match(summary, /Target\s+Local sandbox/);
    assert.match(summary, /Date\s+\d{4}-\d\d-\d\dT/);
    const names = await page.locator('.scenario > summary strong').allInnerTexts();
    assert.deepEqual(names, ['<script>alert(1)</script> # not a directive', 'Reads the demo account']);
    assert.deepEqual(dialogs, [], 'nothing ran');
    assert.deepEqual(requests, [`file://${file}`], 'nothing else was loaded');
    const bars = await page.locator('.scenario.failed .bar').count();
    assert.equal(bars, 2, 'one bar per step on the time line');
    fs.mkdirSync('test-output/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-output/screenshots/report-html.png', fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-output/screenshots/report-html-dark.png', fullPage: true });
  } finally {
    await browser.close();
  }
});
