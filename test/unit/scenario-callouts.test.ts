// Issue 32 item 5, the scenario part: a `callout` step waits for a callout at a receiver the run starts on
// 127.0.0.1 (`${receiver.url}`), checks and captures its body, says what arrived instead when it fails, and is
// refused where the service cannot reach this machine. Over HTTP on loopback; waits use an injected clock.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { BillingClient } from '../../src/client';
import { runScenarios, type RunOptions, type ScenarioResult } from '../../src/scenarios';
import { CalloutReceiver } from '../../src/scenarios/receiver';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../src/sandbox';
import { DEFINITIONS } from './calloutReceiver';
import { runCli } from './cli';
import { withCliSandbox } from './cliSandbox';
import { codes, local, scenario } from './scenarioSteps';

const EXAMPLE = 'examples/scenarios/callouts.scenario.json';
const example = () => JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as { steps: Record<string, unknown>[] };

/** Whether something listens at the URL's port (a connection is accepted). */
const listening = (url: string) =>
  new Promise<boolean>(resolve => {
    const s = net.connect(Number(new URL(url).port), '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** The receiver's URL a run used: its first step registered a definition pointing there. */
const receiverOf = (r: ScenarioResult) =>
  (r.steps[0].exchange!.body as { callout: { calloutBaseurl: string } }).callout.calloutBaseurl;

/**
 * A clock and sleeper: a wait shorter than `realAbove` is over at once (the clock moves by it: nothing waits);
 * a longer one lasts until an arrival wakes it (a real deadline keeps a broken test from hanging).
 */
function injected(realAbove = 5_000) {
  let t = 0;
  const asked: number[] = [];
  const opts: Pick<RunOptions, 'now' | 'sleep'> = {
    now: () => t,
    sleep: (ms, signal) => {
      asked.push(ms);
      if (ms < realAbove || signal?.aborted) {
        t += ms;
        return Promise.resolve();
      }
      return new Promise<void>(resolve => {
        const timer = setTimeout(resolve, 5_000);
        signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    },
  };
  return { opts, asked };
}

/** The example's steps up to the bill run (definitions, account, order, bill run), then `more`. */
const billedThen = (...more: unknown[]) => ({
  name: 'callouts',
  today: '2027-01-01',
  steps: [...example().steps.slice(0, 5), ...more],
});

describe('the receiver', () => {
  test('starts on 127.0.0.1, keeps each callout with its event and body in arrival order, and closes its port', async () => {
    const r = await CalloutReceiver.start();
    assert.match(r.url, /^http:\/\/127\.0\.0\.1:\d+\/callouts$/);
    const post = (to: string, body: unknown) =>
      fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal((await post(`${r.url}/InvoicePosted`, { invoice: 'INV00000001' })).status, 200);
    assert.equal((await post(r.url, { 'Event.Type': 'BillRunCompletion' })).status, 200);
    await fetch(`${r.url}/OrderProcessed?order=O1`);
    assert.deepEqual(
      r.received.map(c => [c.seq, c.event, c.method, c.body]),
      [
        [1, 'InvoicePosted', 'POST', { invoice: 'INV00000001' }],
        [2, 'BillRunCompletion', 'POST', { 'Event.Type': 'BillRunCompletion' }],
        [3, 'OrderProcessed', 'GET', { order: 'O1' }],
      ],
    );
    assert.equal(await listening(r.url), true);
    await r.close();
    assert.equal(await listening(r.url), false, 'no port left open');
  });
});

describe('a callout step on the embedded Local sandbox', () => {
  test('the example passes: bodies checked, the invoice number captured and used, the order asserted; the port is closed after', async () => {
    const [r] = await runScenarios([scenario(example())], local);
    assert.equal(r.outcome, 'passed', JSON.stringify(r.steps.map(s => [s.label, s.outcome, s.error, s.failures])));
    const posted = r.steps.find(s => s.label === 'posted')!;
    assert.equal(posted.exchange, undefined, 'nothing was sent: History records nothing');
    const answer = posted.callout as { event: string; body: Record<string, string>; received: string[] };
    assert.equal(answer.event, 'InvoicePosted');
    assert.match(answer.body.invoice, /^INV\d{8}$/);
    assert.equal(answer.body.amount, '350.00');
    const inOrder = r.steps.find(s => s.label === 'inOrder')!.callout as { received: string[] };
    assert.deepEqual(inOrder.received, ['InvoicePosted', 'BillRunCompletion']);
    assert.equal(await listening(receiverOf(r)), false, 'the receiver closed with the scenario');
  });

  test('a check on the body that does not hold fails with what the body held; a wrong order fails too', async () => {
    const f = scenario(
      billedThen(
        {
          kind: 'callout',
          event: 'InvoicePosted',
          expect: { values: [{ path: '$.body.amount', equals: '1.00' }] },
          capture: { nothing: '$.body.nowhere' },
        },
        {
          kind: 'callout',
          event: ['InvoicePosted', 'BillRunCompletion'],
          count: 2,
          expect: { values: [{ path: '$.received', equals: ['BillRunCompletion', 'InvoicePosted'] }] },
        },
      ),
    );
    assert.deepEqual(codes(f), []);
    const [r] = await runScenarios([f], local);
    const [body, order] = r.steps.slice(5);
    assert.equal(body.outcome, 'failed');
    assert.deepEqual(
      body.failures.map(x => [x.expected, x.actual]),
      [
        ['1.00', '350.00'],
        ['$.body.nowhere', undefined],
      ],
    );
    assert.match(body.failures[1].message, /could not capture "nothing"/);
    assert.equal(order.outcome, 'failed');
    assert.deepEqual(order.failures[0].actual, ['InvoicePosted', 'BillRunCompletion'], 'they arrived in date order');
  });

  test("a callout's basic authentication is checked but never shown: the password is masked in every result", async () => {
    const steps = example().steps;
    const hook = structuredClone(steps[0]) as { body: { callout: Record<string, unknown> } };
    Object.assign(hook.body.callout, {
      requiredAuth: true,
      calloutAuth: { username: 'erp', password: 'hook-pass-4711' },
    });
    const f = scenario({
      name: 'auth',
      today: '2027-01-01',
      steps: [
        hook,
        ...steps.slice(2, 5),
        {
          kind: 'callout',
          event: 'InvoicePosted',
          expect: { values: [{ header: 'authorization', matches: '^Basic ' }] },
        },
      ],
    });
    const [r] = await runScenarios([f], local);
    assert.equal(r.outcome, 'passed', JSON.stringify(r.steps.map(s => [s.label, s.outcome, s.error, s.failures])));
    const shown = JSON.stringify(r);
    assert.ok(!shown.includes('hook-pass-4711'), 'the password');
    assert.ok(!shown.includes(Buffer.from('erp:hook-pass-4711').toString('base64')), 'the header it makes');
  });

  test('nothing arrives: it fails after `for` on the injected clock (no real wait), saying what to check', async () => {
    const { opts, asked } = injected();
    const f = scenario({
      name: 'no definitions',
      today: '2027-01-01',
      steps: [example().steps[1], { kind: 'callout', event: 'InvoicePosted', retry: { for: '3s' } }],
    });
    const [r] = await runScenarios([f], { ...local, ...opts });
    const step = r.steps[1];
    assert.equal(step.outcome, 'failed');
    assert.deepEqual(asked, [3_000], 'one sleep of the whole span, on the injected sleeper');
    assert.match(
      step.failures[0].message,
      /^nothing arrived within 3s waiting for an InvoicePosted callout: check that an earlier step registers a notification definition for that event with its callout at \$\{receiver\.url\}/,
    );
    assert.deepEqual(step.failures[0].path, ['steps', 1, 'retry', 'for']);
    assert.equal(await listening(receiverOf(r)), false, 'closed after a failure too');
  });

  test('the wrong callouts arrive: it fails naming what did arrive, with a short body', async () => {
    const { opts } = injected();
    const f = scenario(
      billedThen(
        { kind: 'callout', name: 'first', event: 'BillRunCompletion', retry: { for: '30s' } }, // waits on arrival
        {
          kind: 'callout',
          event: 'InvoicePosted',
          where: [{ path: '$.account', equals: 'A99999999' }],
          retry: { for: '2s' },
        },
      ),
    );
    const [r] = await runScenarios([f], { ...local, ...opts });
    const [first, other] = r.steps.slice(5);
    assert.equal(first.outcome, 'passed', JSON.stringify(first.failures));
    assert.equal(other.outcome, 'failed');
    assert.match(
      other.failures[0].message,
      /^no InvoicePosted callout where \$\.account equals "A99999999" arrived within 2s; the receiver got 2: InvoicePosted \{"invoice":"INV\d{8}","amount":"350\.00".*; BillRunCompletion \{"Event\.Type":"BillRunCompletion"/,
    );
  });

  test('a cancelled run ends the wait at once: the step is skipped', async () => {
    const stop = new AbortController();
    const f = scenario({
      name: 'cancelled',
      today: '2027-01-01',
      steps: [{ kind: 'callout', event: 'InvoicePosted', retry: { for: '60s' } }],
    });
    const sleep: RunOptions['sleep'] = async () => stop.abort(); // cancelled while it waits
    const [r] = await runScenarios([f], { ...local, sleep, signal: stop.signal });
    assert.equal(r.steps[0].outcome, 'skipped');
    assert.equal(r.steps[0].error, 'Cancelled.');
  });
});

describe('where callouts can reach the receiver', () => {
  test('a real environment: the step naming ${receiver.url} and the callout step are refused, saying why', async () => {
    const client = new BillingClient({ baseUrl: 'https://billing.example.com', clientId: 'x', clientSecret: 'y' });
    try {
      const connection = { name: 'Tenant', baseUrl: 'https://billing.example.com', production: false };
      const target = { kind: 'connection' as const, client, connection };
      const both = scenario({
        name: 'remote',
        steps: [example().steps[0], { kind: 'callout', event: 'InvoicePosted' }],
      });
      const wait = scenario({ name: 'remote wait', steps: [{ kind: 'callout', event: 'InvoicePosted' }] });
      const [r, w] = await runScenarios([both, wait], { target, confirm: () => true });
      assert.equal(r.steps[0].outcome, 'errored');
      assert.equal(r.steps[0].errorKind, 'scenario');
      assert.match(
        r.steps[0].error!,
        /^invoiceHook names \$\{receiver\.url\}: the run's receiver listens on this machine's loopback \(127\.0\.0\.1\), which this connection's service cannot reach\. Run the scenario on the Local sandbox/,
      );
      assert.equal(r.steps[0].exchange, undefined, 'nothing was sent');
      assert.equal(r.steps[1].outcome, 'skipped');
      assert.match(
        w.steps[0].error!,
        /^step 1 waits for a callout: the run's receiver listens on this machine's loopback/,
      );
    } finally {
      await client.close();
    }
  });

  test('node dist/cli.js test --base-url of a `sandbox` the test started: the example passes, twice, and leaves no definition behind', async () => {
    await withCliSandbox([], async url => {
      for (const round of [1, 2]) {
        const r = await runCli(['test', EXAMPLE, '--base-url', url, '--reporter', 'json']);
        assert.equal(r.status, 0, `round ${round}: ${r.stdout}\n${r.stderr}`);
        const report = JSON.parse(r.stdout) as { scenarios: ScenarioResult[] };
        assert.deepEqual(
          report.scenarios[0].steps.map(s => s.outcome),
          Array(9).fill('passed'),
        );
      }
      const client = new BillingClient({ baseUrl: url, clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET });
      try {
        const defs = await client.send<{ data: unknown[] }>({ method: 'GET', path: DEFINITIONS });
        assert.deepEqual(defs.data.data, [], 'the definitions pointing at the closed receivers were deleted');
      } finally {
        await client.close();
      }
    });
  });
});

describe('the scenario file', () => {
  test('misspellings get "did you mean": the kind, a field, an event; ${receiver.…} takes only url', () => {
    const f = scenario({
      name: 'typos',
      steps: [
        { kind: 'calout' },
        { kind: 'callout', evnt: 'InvoicePosted' },
        { kind: 'callout', event: 'InvoicePost', retry: { for: '5s', every: '1s' } },
        {
          kind: 'operation',
          operation: 'GET /v1/accounts/{account-key}',
          pathParams: { 'account-key': '${receiver.uri}' },
        },
      ],
    });
    const messages = f.findings.map(x => `${x.code}@${x.path.join('.')}: ${x.message}`);
    const has = (re: RegExp) =>
      assert.ok(
        messages.some(m => re.test(m)),
        `${re}\n${messages.join('\n')}`,
      );
    has(/^unknown-step-kind@steps\.0\.kind: Unknown step kind: did you mean `callout`\?/);
    has(/^wrong-shape@steps\.1\.evnt: Unknown field "evnt" in steps\[1\] of a scenario\. Did you mean `event`\?$/);
    has(
      /^unknown-event@steps\.2\.event: The Local sandbox sends no "InvoicePost" event: did you mean `InvoicePosted`\?/,
    );
    has(/^wrong-shape@steps\.2\.retry\.every: .*A callout step's retry takes only "for"/);
    has(/^bad-json-path@steps\.3\.pathParams\.account-key: \$\{receiver\.uri\}: the receiver has only a url/);
  });

  test('the example reads without findings', () => {
    assert.deepEqual(codes(scenario(example())), []);
  });
});
