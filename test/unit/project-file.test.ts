// Issue 29 item 13: the one rule for a file someone else names (a scenario step's `file`, an agent tool's `path`):
// inside the project after symbolic links, a regular file, at most 10 MB. The MCP server's use of it is in
// mcp.test.ts, the editor's (agentToolRunner.openFile) in test/integration/agentTools.test.ts.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_PROJECT_FILE_BYTES, projectFileProblem, readProjectFile } from '../../src/payloads/projectFile';
import { readScenario } from '../../src/scenarios';

let root: string;
let elsewhere: string;
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-project-'));
  elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-elsewhere-'));
  fs.writeFileSync(path.join(root, 'ok.order.json'), '{"subscriptions":[]}');
  fs.writeFileSync(path.join(elsewhere, 'secret.json'), '{"token":"ghp_secret"}');
  fs.symlinkSync(path.join(elsewhere, 'secret.json'), path.join(root, 'link.json'));
  fs.symlinkSync('/dev/zero', path.join(root, 'zero.json'));
  fs.symlinkSync(path.join(root, 'ok.order.json'), path.join(root, 'inner-link.json'));
  fs.mkdirSync(path.join(root, 'folder.json'));
  fs.writeFileSync(path.join(root, 'big.json'), Buffer.alloc(MAX_PROJECT_FILE_BYTES + 1, 0x20));
});
after(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(elsewhere, { recursive: true, force: true });
});

const problem = (name: string) => projectFileProblem(path.resolve(root, name), [root], name)?.code;

test('a regular file inside the project (or a link to one) is read; outside, a link out, a device, a folder, too large are not', () => {
  assert.equal(problem('ok.order.json'), undefined);
  assert.equal(problem('inner-link.json'), undefined);
  assert.equal(readProjectFile(path.join(root, 'ok.order.json'), [root]).bytes?.toString(), '{"subscriptions":[]}');
  assert.equal(problem(path.join(elsewhere, 'secret.json')), 'outside');
  assert.equal(problem(`../${path.basename(elsewhere)}/secret.json`), 'outside');
  assert.equal(problem('link.json'), 'outside');
  assert.equal(problem('zero.json'), 'outside');
  assert.equal(projectFileProblem('/dev/zero', ['/'], '/dev/zero')?.code, 'not-a-file', 'a device, even inside');
  assert.equal(problem('folder.json'), 'not-a-file');
  assert.equal(problem('big.json'), 'too-large');
  assert.equal(problem('nope.json'), 'missing');
  const read = readProjectFile(path.join(root, 'big.json'), [root], 'big.json');
  assert.equal(read.bytes, undefined);
  assert.match(read.problem!.message, /^big\.json is 10\.0 MB; payload files are read up to 10 MB/);
});

test("a scenario step's file follows the same rule: a folder or an oversized file is a finding, not read", () => {
  const step = (file: string) => ({ kind: 'preview', file });
  const text = JSON.stringify({ name: 'x', steps: [step('folder.json'), step('big.json'), step('zero.json')] });
  const s = readScenario(text, { file: path.join(root, 'x.scenario.json'), projectRoot: root });
  assert.deepEqual(
    s.findings.map(f => [f.code, f.message.split(':')[0]]),
    [
      ['payload-invalid', 'folder.json is a folder'],
      ['payload-invalid', 'big.json is 10.0 MB; payload files are read up to 10 MB (the most one request may carry).'],
      ['payload-outside', `zero.json is outside ${root}`],
    ],
  );
});
