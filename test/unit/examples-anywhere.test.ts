// The shipped scenarios are meant to be run on a sandbox first, then on a tenant: they must pass on a
// long-lived service whose "today" is not theirs, and again on the same service (its data kept), not only on
// the fresh embedded sandbox at their simulated date. The sandbox below says it is one (on loopback), so the
// time-travel example moves its clock a year on and back: the others still pass after it, in either round.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { runCli } from './cli';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ today: '2031-06-15' });
});
after(() => sb.close());

test('examples/scenarios pass with --base-url on a service at another date, twice in a row', async () => {
  const env = { BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: sb.clientSecret };
  for (const round of [1, 2]) {
    const r = await runCli(['test', 'examples/scenarios', '--base-url', sb.url, '--yes'], env);
    assert.equal(r.status, 0, `round ${round}:\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /7 scenario\(s\), 76 step\(s\): 76 passed, 0 failed/);
  }
});
