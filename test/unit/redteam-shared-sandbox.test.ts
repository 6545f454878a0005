// Red team (issue 20): the shared Local sandbox's server.json is read from a folder other processes can write.
// Whatever it names, payloads go only to the Local sandbox that holds the data file's lock, on loopback;
// a decoy that answers the info path with the right data file is not enough, and a planted link is not
// written through.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectOrServe, type LocalSandbox } from '../../src/sandbox';
import { within } from './waits';

const INFO = '/.sandbox/info';
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bw-redteam-shared-'));
const plant = (dataFile: string, info: unknown) =>
  fs.writeFileSync(path.join(path.dirname(dataFile), 'server.json'), JSON.stringify(info));

/** A server on loopback that is no Local sandbox: it records what reaches it and answers with `answer`. */
async function decoy(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}`, port, seen, close };
}
const json = (res: http.ServerResponse, body: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Serves here, and not at the decoy: the listed server was not trusted. */
async function servedHere(dataFile: string, notAt: string): Promise<LocalSandbox> {
  const sb = await connectOrServe(dataFile);
  assert.equal(sb.owned, true, 'served by this process');
  assert.notEqual(sb.url, notAt);
  const listed = JSON.parse(fs.readFileSync(path.join(path.dirname(dataFile), 'server.json'), 'utf8'));
  assert.deepEqual(listed, { url: sb.url, pid: process.pid }, 'server.json now names this server');
  return sb;
}

test('server.json naming anything but http://127.0.0.1:PORT is ignored, even when that place answers right', async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  const d = await decoy((_req, res) => json(res, { pid: process.pid, dataFile: file }));
  try {
    for (const url of [
      `http://localhost:${d.port}`,
      `http://[::1]:${d.port}`,
      `http://127.0.0.1:${d.port}/elsewhere`,
      `http://127.0.0.1:${d.port}@evil.example`,
      `http://127.0.0.1.nip.io:${d.port}`,
      `https://127.0.0.1:${d.port}`,
      'http://10.0.0.1:8080',
      'http://evil.example:80',
    ]) {
      plant(file, { url, pid: process.pid });
      const sb = await servedHere(file, url);
      await sb.close();
    }
    assert.deepEqual(d.seen, [], 'nothing reached the decoy');
  } finally {
    await d.close();
  }
});

test('a loopback decoy answering the info path with our data file (and any PID) is not used', async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  for (const pid of [process.pid, 1, 999_999_999]) {
    const d = await decoy((_req, res) => json(res, { pid, dataFile: file }));
    try {
      plant(file, { url: d.url, pid });
      const sb = await servedHere(file, d.url);
      await sb.close();
      assert.deepEqual(d.seen, [`GET ${INFO}`], `pid ${pid}: only the probe reached the decoy`);
    } finally {
      await d.close();
    }
  }
});

test('a decoy redirecting the info path to the real Local sandbox is not used in its place', async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  const real = await connectOrServe(file); // the window that serves (holds the data file's lock)
  const d = await decoy((_req, res) => res.writeHead(302, { location: `${real.url}${INFO}` }).end());
  try {
    plant(file, { url: d.url, pid: process.pid });
    // The real one's info would pass every check: the decoy must answer itself. Served elsewhere and
    // unlisted, the data file is locked, so another window says so rather than send to the decoy.
    await assert.rejects(connectOrServe(file), /in use by another Local sandbox/);
    assert.deepEqual(d.seen, [`GET ${INFO}`, `GET ${INFO}`], 'the probes only, nothing sent through it');
  } finally {
    await d.close();
    await real.close();
  }
});

test("another window's real Local sandbox (another process: its info, its PID, its lock) is still shared", async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  // The other window: serves until its stdin ends, then closes.
  const script =
    "require('./dist/sandbox.js').connectOrServe(process.argv[1]).then(sb => { console.log(sb.url);" +
    ' process.stdin.on("end", () => sb.close()); process.stdin.resume(); });';
  const other = spawn(process.execPath, ['-e', script, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise(resolve => other.on('exit', resolve));
  try {
    const url = await within(once(other.stdout, 'data').then(String), 10_000, 'the other window to serve');
    const here = await connectOrServe(file);
    assert.equal(here.owned, false, "the other window's server is used");
    assert.equal(here.url, url.trim());
    assert.equal(await here.alive(), true);
  } finally {
    other.stdin.end();
    await within(exited, 10_000, 'the other window to close');
  }
});

test('a server.json planted as a link to another file is replaced, the file it points to left as it was', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'local-sandbox.json');
  const victim = path.join(tempDir(), 'victim.txt');
  fs.writeFileSync(victim, 'keep me\n');
  fs.symlinkSync(victim, path.join(dir, 'server.json'));
  const sb = await connectOrServe(file);
  try {
    assert.equal(fs.readFileSync(victim, 'utf8'), 'keep me\n');
    assert.equal(fs.lstatSync(path.join(dir, 'server.json')).isSymbolicLink(), false);
  } finally {
    await sb.close();
  }
  assert.equal(fs.readFileSync(victim, 'utf8'), 'keep me\n');
});
