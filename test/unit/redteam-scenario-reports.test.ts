// Red team (issue 20), continued: reports hold hostile names as text, and the runner and the folder walk hold
// hostile input (a pattern that backtracks, deep folders). Files and credentials: redteam-scenarios.test.ts.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  checkValue,
  jsonReport,
  junitReport,
  printable,
  resolveReferences,
  textReport,
  type ScenarioResult,
  type StepResult,
} from '../../src/scenarios';
import { PATTERN_LIMIT_MS } from '../../src/scenarios/checks';
import { runCli } from './cli';
import { hostileRepo, OUTSIDE_MARKER } from './hostileRepo';
import { parseXml, elements } from './xml';

const { tmp, scenarios, outside } = hostileRepo();

describe('reports hold hostile names as text', () => {
  /** Everything a report must escape or drop: CDATA end, markup, quotes, controls, lone surrogates, non-characters. */
  const EVIL = 'a]]>b<c>&d"e\'f\u0000g\u0007h\u001b[2Ki\rj\nk\u0085l\ud800m\udc00n\ufffeo\u202ep😀';
  const step = (r: Partial<StepResult>): StepResult => ({
    index: 0,
    label: EVIL,
    kind: 'getOrder',
    outcome: 'passed',
    ms: 1,
    tries: 1,
    path: ['steps', 0],
    failures: [],
    ...r,
  });
  /** What XML 1.0 cannot hold (the report writes U+FFFD instead): C0 controls but tab and new lines, lone surrogates, U+FFFE. */
  const notXmlChar = (c: string) => {
    const n = c.codePointAt(0)!;
    return (n < 0x20 && !'\t\n\r'.includes(c)) || (n >= 0xd800 && n <= 0xdfff) || n === 0xfffe;
  };
  const results: ScenarioResult[] = [
    {
      name: EVIL,
      file: `/tmp/${EVIL}.scenario.json`,
      outcome: 'failed',
      ms: 3,
      target: EVIL,
      steps: [
        step({}),
        step({
          index: 1,
          outcome: 'failed',
          failures: [
            { check: EVIL, message: EVIL, expected: EVIL, actual: { [EVIL]: EVIL }, path: ['steps', 1, EVIL] },
          ],
        }),
        step({ index: 2, outcome: 'errored', error: EVIL }),
        step({ index: 3, outcome: 'skipped', error: EVIL }),
      ],
    },
    { name: EVIL, outcome: 'errored', ms: 0, steps: [], target: 'not run', error: EVIL },
  ];

  test('JUnit: only characters XML 1.0 allows, well-formed, every name and message read back as written', () => {
    const out = junitReport(results);
    const xmlChar = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
    assert.ok(xmlChar.test(out), 'a character XML 1.0 cannot hold');
    assert.ok(!out.includes(']]>'));
    const doc = parseXml(out);
    // What XML cannot hold becomes U+FFFD; everything else comes back as it was.
    const kept = [...EVIL].map(c => (notXmlChar(c) ? '\uFFFD' : c)).join('');
    const suites = elements(doc, 'testsuite');
    assert.equal(suites[0].attrs.name, kept);
    const cases = elements(suites[0], 'testcase');
    assert.equal(cases[0].attrs.name, `1. ${kept} (getOrder)`);
    assert.equal(elements(cases[1], 'failure')[0].attrs.message, kept);
    assert.equal(elements(cases[2], 'error')[0].attrs.message, kept);
    assert.equal(elements(cases[3], 'skipped')[0].attrs.message, kept);
    assert.equal(elements(elements(suites[1], 'testcase')[0], 'error')[0].text, kept);
  });

  test('JSON: parses back to the very same results (controls and lone surrogates escaped)', () => {
    const out = jsonReport(results);
    const raw = [...out].filter(c => (c.codePointAt(0)! < 0x20 && c !== '\n') || /\p{Cs}/u.test(c));
    assert.deepEqual(raw, [], 'JSON escapes C0 controls and lone surrogates');
    assert.deepEqual(JSON.parse(out).scenarios, JSON.parse(JSON.stringify(results)));
    assert.equal((JSON.parse(out) as { scenarios: ScenarioResult[] }).scenarios[0].name, EVIL);
  });

  test('text: one line per result line, no control character reaches the terminal', () => {
    const out = textReport(results);
    assert.ok(
      out.split('\n').every(line => !/[\p{Cc}\p{Bidi_Control}]/u.test(line)),
      'a control character',
    );
    // scenario + 4 steps + failure + error + scenario not run + its error + the summary
    assert.equal(out.split('\n').length, 10);
    assert.match(out, /h\\u001b\[2Ki\\u000dj\\u000ak/);
    assert.equal(printable('✓ 1. plain (getOrder), 2 ms'), '✓ 1. plain (getOrder), 2 ms');
  });

  test("the CLI's finding lines print a key with an escape sequence escaped", async () => {
    const file = path.join(scenarios, 'escape.scenario.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'x', steps: [], '\u001b[2J\u001b[1A✓ all passed\r': 1 }));
    const r = await runCli(['test', file]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Unknown field "\\u001b\[2J\\u001b\[1A✓ all passed\\u000d"/);
    assert.ok(!r.stderr.includes('\u001b') && !r.stderr.includes('\r'));
  });
});

describe('the runner and the folder walk hold hostile input', () => {
  test('a pattern that backtracks without end on an answer ends as a failure, not a frozen editor or CI job', () => {
    const f = checkValue({ name: `${'a'.repeat(40)}!` }, { path: 'name', matches: '^(a+)+$' }, ['steps', 0]);
    assert.equal(
      f?.message,
      `gave up matching name against /^(a+)+$/ after ${PATTERN_LIMIT_MS} ms: the pattern backtracks (nested repeats such as (a+)+); write it without them`,
    );
    assert.equal(checkValue({ name: 'O12345678' }, { path: 'name', matches: '^O\\d{8}$' }, []), undefined);
  });

  test('a folder walk follows no link: a loop ends, a linked scenario from elsewhere is not run', async () => {
    const walk = path.join(tmp, 'walk');
    fs.mkdirSync(walk);
    const reads = { name: 'reads', steps: [{ kind: 'getAccount', accountNumber: 'A00000001' }] };
    fs.writeFileSync(path.join(walk, 'reads.scenario.json'), JSON.stringify(reads));
    fs.writeFileSync(path.join(outside, 'evil.scenario.json'), JSON.stringify({ ...reads, name: OUTSIDE_MARKER }));
    fs.symlinkSync(path.join(outside, 'evil.scenario.json'), path.join(walk, 'linked.scenario.json'));
    fs.symlinkSync(walk, path.join(walk, 'loop'));
    const r = await runCli(['test', walk]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^1 scenario\(s\), 1 step\(s\): 1 passed/m);
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(OUTSIDE_MARKER));
  });

  test('a body field named "__proto__" is sent as written, and no object anywhere gains it', () => {
    const body = JSON.parse('{"name":"${a.name}","__proto__":{"polluted":true}}') as object;
    const sent = resolveReferences(body, new Map([['a', { name: 'Acme' }]]));
    assert.equal(JSON.stringify(sent), '{"name":"Acme","__proto__":{"polluted":true}}');
    assert.equal(Object.getPrototypeOf(sent), Object.prototype);
    assert.equal(({} as { polluted?: boolean }).polluted, undefined);
  });
});
