// Issue 11, "The client and the CLI" (files) and issue 10 item 5 (exit codes): the built CLI, run as a user
// would, on files with a BOM, bad bytes, folders, missing paths, and against a service answering success:false.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { TEMPLATES, templateText } from '../../src/schemas';
import { CLI, runCli } from './cli';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cli-hard-'));
const write = (name: string, data: string | Buffer) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, data);
  return f;
};
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = runCli;

const RAW_ERRNO = /EISDIR|ENOENT|ENOTDIR|EACCES|illegal operation/;
const good = templateText(TEMPLATES[0]);

describe('CLI files', () => {
  test('a UTF-8 BOM is accepted: the file validates clean and previews', async () => {
    const f = write('bom.order.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(good)]));
    const v = await run(['validate', f]);
    assert.equal(v.status, 0, v.stdout + v.stderr);
    const p = await run(['preview', f, '--format', 'json']);
    assert.equal(p.status, 0, p.stderr);
    assert.ok(Array.isArray(JSON.parse(p.stdout).subscriptions));
  });

  test('invalid UTF-8 is reported with where it is and what to do (exit 2), for validate and preview', async () => {
    const bad = Buffer.from([0xff, 0xfe]);
    const bytes = Buffer.concat([Buffer.from('{\n  "account_number": "A'), bad, Buffer.from('1"\n}\n')]);
    const f = write('latin.order.json', bytes);
    for (const args of [
      ['validate', f],
      ['preview', f],
    ]) {
      const r = await run(args);
      assert.equal(r.status, 2, r.stderr);
      assert.ok(r.stderr.includes(`${f}: not valid UTF-8 (byte 25, line 2). Save the file as UTF-8`), r.stderr);
    }
  });

  test('a folder and a missing file name the path and say what to do, with no raw EISDIR/ENOENT', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'folder-')) + '.order.json';
    fs.mkdirSync(folder);
    const missing = path.join(dir, 'missing.order.json');
    for (const args of [
      ['validate', folder],
      ['preview', folder],
      ['create', folder],
    ]) {
      const r = await run(args);
      assert.equal(r.status, 2, r.stderr);
      assert.ok(r.stderr.includes(`${folder} is a folder, not a file. Give the path of a file`), r.stderr);
      assert.doesNotMatch(r.stderr, RAW_ERRNO);
    }
    for (const args of [
      ['validate', missing],
      ['preview', missing],
    ]) {
      const r = await run(args);
      assert.equal(r.status, 2, r.stderr);
      assert.ok(r.stderr.includes(`${missing}: no such file. Check the path`), r.stderr);
      assert.doesNotMatch(r.stderr, RAW_ERRNO);
    }
  });

  test('a bad --data path names the path and says what to do, with no raw EISDIR/ENOENT', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'data-'));
    const inMissingFolder = path.join(dir, 'no-such-folder', 'sandbox.json');
    for (const data of [folder, inMissingFolder]) {
      const r = await run(['sandbox', '--port', '0', '--data', data]);
      assert.notEqual(r.status, 0);
      assert.ok(r.stderr.includes(data), `names ${data}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, RAW_ERRNO);
      assert.doesNotMatch(r.stdout, /listening on/);
    }
  });

  test('validate --format json prints JSON with an entry for every file given, readable or not', async () => {
    const nested = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const item = `{"name":"x","type":"fee","custom_fields":${nested}}`;
    const deep = write('deep.order.json', `{"account_number":"A1","line_items":[${item}]}`);
    const files = [
      write('ok.order.json', good),
      path.join(dir, 'gone.order.json'),
      fs.mkdtempSync(path.join(dir, 'dir-')),
      deep,
      write('bytes.order.json', Buffer.from([0x7b, 0xc3, 0x28, 0x7d])),
      write('nokind.json', '{}'),
    ];
    const r = await run(['validate', '--format', 'json', ...files]);
    assert.equal(r.status, 2, r.stderr);
    const out = JSON.parse(r.stdout) as { files: { file: string; findings: unknown[]; error?: string }[] };
    assert.deepEqual(
      out.files.map(f => f.file),
      files,
    );
    assert.deepEqual(
      out.files.map(f => f.error === undefined),
      [true, false, false, true, false, false],
    );
    assert.match(out.files[1].error!, /no such file/);
    assert.match(out.files[2].error!, /cannot tell the payload kind|is a folder/);
    assert.match(out.files[4].error!, /not valid UTF-8/);
    assert.match(out.files[5].error!, /pass --kind/);
    assert.ok(out.files[3].findings.length > 0, 'the deep file was checked');
  });
});

describe('CLI exit codes for service answers', () => {
  let server: http.Server;
  after(() => server?.close());

  test('a v1-style 200 with success:false exits 1 with the decoded reasons', async () => {
    server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth/token') {
        res.end(JSON.stringify({ access_token: 'cli-token-5e1', expires_in: 3600 }));
        return;
      }
      res.end(JSON.stringify({ success: false, reasons: [{ code: 53100320, message: 'Bad term.' }] }));
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const payload = { metrics: ['delta_metrics'], account_number: 'A1', line_items: [{ name: 'x', type: 'fee' }] };
    const f = write('p.preview.json', JSON.stringify(payload));
    const env = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'cli-secret-xyz' };
    const r = await run(['preview', f, '--base-url', url], env);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /failed \(200, 53100320 Invalid format or value\): Bad term\./);
    assert.equal(r.stdout, '');
  });
});

test('a reader that closes the pipe early (`cli endpoints | head`) ends the CLI quietly, exit 0', async () => {
  const p = spawn(process.execPath, [CLI, 'endpoints'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  p.stderr.on('data', d => (stderr += d));
  p.stdout.once('data', () => p.stdout.destroy());
  const code = await new Promise<number | null>(resolve => p.on('close', resolve));
  assert.equal(stderr, '');
  assert.equal(code, 0);
});
