// The red-team scenario tests' ground: a cloned repository (it has .git) with scenarios/ and payloads/, holding
// symbolic links out of it and a .env, and a folder of yours beside it whose content must never leave it.
import { after } from 'node:test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readScenario } from '../../src/scenarios';

export const OUTSIDE_MARKER = 'OUTSIDE-FILE-CONTENT-7f3a';
export const ENV_MARKER = 'sk-live-REDTEAM-ENV';

/** Made afresh for the calling test file, removed after it. */
export function hostileRepo() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-redteam-'));
  const repo = path.join(tmp, 'repo');
  const scenarios = path.join(repo, 'scenarios');
  const outside = path.join(tmp, 'yours');
  for (const d of [path.join(repo, '.git'), scenarios, path.join(repo, 'payloads'), outside]) {
    fs.mkdirSync(d, { recursive: true });
  }
  fs.writeFileSync(path.join(outside, 'secret.json'), JSON.stringify({ note: OUTSIDE_MARKER }));
  fs.writeFileSync(path.join(outside, 'passwd'), `root:${OUTSIDE_MARKER}:0:0:root:/root:/bin/bash\n`);
  fs.copyFileSync('examples/acme.account.json', path.join(repo, 'payloads', 'acme.account.json'));
  fs.writeFileSync(path.join(repo, '.env'), `${ENV_MARKER}=1\n`);
  fs.symlinkSync(path.join(outside, 'secret.json'), path.join(scenarios, 'linked.json'));
  fs.symlinkSync(outside, path.join(repo, 'payloads', 'linked-folder'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  return { tmp, repo, scenarios, outside };
}

/** A scenario read as if it were a file in `dir`. */
export const readIn = (dir: string, s: unknown) =>
  readScenario(JSON.stringify(s, null, 2), { file: path.join(dir, 'x.scenario.json') });
