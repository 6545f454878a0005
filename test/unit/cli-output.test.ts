// How the CLI writes (src/cli/io.ts lineWriter) and checks its cache (src/cli/crc32.ts) without loading Node's stream
// and zlib modules at start: every line arrives, in order, through a pipe read slowly; a reader that leaves early
// gets no more, and the CLI goes on quietly to its own end; a descriptor that cannot take bytes now hands the rest to the stream; the CRC-32 agrees
// with zlib's, and `--pending-deprecation` gets zlib's own with no warning.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { lineWriter } from '../../src/cli/io';
import { crc32Function } from '../../src/cli/crc32';

const CLI = path.resolve('dist/cli.js');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cli-output-'));
const env = { ...process.env, XDG_CACHE_HOME: path.join(work, 'cache') };

/** Runs the CLI to its end with stdout a paused pipe, read only once bytes are waiting (the writes wait for it). */
function runReadingLate(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [],
      err: Buffer[] = [];
    child.stdout.pause(); // the pipe fills: the CLI's writes wait for this reader, and none is lost
    child.stderr.on('data', d => err.push(d));
    child.stdout.once('readable', () => {
      child.stdout.on('data', d => out.push(d));
      child.stdout.resume();
    });
    child.on('error', reject);
    child.on('close', code =>
      resolve({ code, out: Buffer.concat(out).toString('utf8'), err: Buffer.concat(err).toString('utf8') }),
    );
  });
}

describe('the CLI writes with fs.writeSync', () => {
  test('a long listing through a pipe read late arrives whole and in order', async () => {
    const alone = spawnSync(process.execPath, [CLI, 'endpoints', '--format', 'json'], { env, encoding: 'utf8' });
    assert.equal(alone.status, 0, alone.stderr);
    assert.ok(alone.stdout.length > 65536, 'more than a pipe holds, so the writes wait for the reader');
    const late = await runReadingLate(['endpoints', '--format', 'json']);
    assert.equal(late.code, 0, late.err);
    assert.equal(late.out, alone.stdout);
    assert.ok(JSON.parse(late.out));
  });

  test('a reader that is gone (`| head -1` after its line): the CLI writes no more there, quietly, and goes on', async () => {
    const run = async (args: string[]) => {
      const child = spawn(process.execPath, [CLI, ...args], { env, cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy(); // the reader leaves before the CLI writes: its first write meets EPIPE
      let err = '';
      child.stderr.on('data', d => (err += d));
      const code = await new Promise<number | null>(resolve => child.on('close', resolve));
      return { code, err };
    };
    assert.deepEqual(await run(['endpoints']), { code: 0, err: '' }, 'no stack trace, no message');
    // A failing run piped into `head` in CI: its exit code is its own, and its report files are written.
    const scenario = {
      name: 'Fails',
      today: '2027-01-01',
      steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 404 } }],
    };
    fs.writeFileSync(path.join(work, 'fails.scenario.json'), JSON.stringify(scenario));
    const junit = path.join(work, 'reports', 'junit.xml');
    const failed = await run(['test', 'fails.scenario.json', '--report', `junit=${junit}`]);
    assert.equal(failed.code, 1, failed.err);
    assert.match(fs.readFileSync(junit, 'utf8'), /failures="1"/);
  });

  test('a descriptor that cannot take the bytes now (EAGAIN) hands the rest, and every later line, to the stream', () => {
    const onFd: string[] = [],
      onStream: string[] = [];
    let calls = 0;
    const write = (_fd: number, bytes: Buffer, offset: number) => {
      calls++;
      if (calls === 2) {
        onFd.push(bytes.subarray(offset, offset + 3).toString());
        return 3; // a part of the line
      }
      if (calls === 3) throw Object.assign(new Error('EAGAIN: resource temporarily unavailable'), { code: 'EAGAIN' });
      if (calls > 3) throw new Error('the descriptor is not used again once the stream has bytes queued');
      onFd.push(bytes.subarray(offset).toString());
      return bytes.length - offset;
    };
    const stream = { on: () => stream, write: (b: Buffer) => onStream.push(b.toString()) };
    const line = lineWriter(1, () => stream as unknown as NodeJS.WriteStream, 'linux', write);
    line('first');
    line('second');
    line('third');
    assert.equal(onFd.join('') + onStream.join(''), 'first\nsecond\nthird\n');
    assert.deepEqual(onStream, ['ond\n', 'third\n']);
  });

  test('other errors of the descriptor are not swallowed', () => {
    const write = () => {
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const line = lineWriter(2, () => process.stderr, 'linux', write);
    assert.throws(() => line('x'), /ENOSPC/);
  });

  test('on Windows the stream writes (its console is not a plain descriptor)', () => {
    const onStream: string[] = [];
    const stream = { on: () => stream, write: (b: Buffer) => onStream.push(b.toString()) };
    const line = lineWriter(
      1,
      () => stream as unknown as NodeJS.WriteStream,
      'win32',
      () => {
        throw new Error('not used on Windows');
      },
    );
    line('a');
    assert.deepEqual(onStream, ['a\n']);
  });
});

describe("the compile cache's CRC-32", () => {
  test("agrees with zlib's on text and bytes of every size", () => {
    const crc = crc32Function()!;
    const samples: (string | Buffer)[] = ['', 'abc', 'é ✓ 𝄞 ü', 'x'.repeat(100_003)];
    for (let n = 0; n < 2000; n += 97)
      samples.push(Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + n) & 255)));
    for (const s of samples) assert.equal(crc(s), zlibCrc32(s), `length ${s.length}`);
  });

  test('refuses what the native function would abort the process on', () => {
    const crc = crc32Function()!;
    assert.throws(() => crc(42 as unknown as string), TypeError);
  });

  const ways: [string, string[], Record<string, string>][] = [
    ['the flag', ['--pending-deprecation'], {}],
    ['the flag spelt with an underscore, warnings thrown', ['--throw-deprecation', '--pending_deprecation'], {}],
    ['NODE_PENDING_DEPRECATION=1', [], { NODE_PENDING_DEPRECATION: '1' }],
    ['NODE_OPTIONS', [], { NODE_OPTIONS: '--throw-deprecation --pending_deprecation' }],
  ];
  for (const [way, flags, extra] of ways) {
    test(`pending deprecations on (${way}): no warning, and the cache still works (zlib's CRC-32 then)`, () => {
      const cache = path.join(work, `pending-${way.replace(/\W/g, '')}`);
      const run = () =>
        spawnSync(process.execPath, [...flags, CLI, 'validate', 'examples/new-customer.order.json'], {
          env: { ...process.env, XDG_CACHE_HOME: cache, ...extra },
          encoding: 'utf8',
        });
      for (const r of [run(), run()]) {
        assert.equal(r.status, 0, r.stderr);
        assert.match(r.stderr, /1 file\(s\) checked, 0 finding\(s\)/);
        assert.doesNotMatch(r.stderr, /Deprecation|DEP0/);
      }
      const dir = path.join(cache, 'billing-workbench', `compile-${process.version}-${process.arch}`);
      assert.ok(fs.readdirSync(dir).some(f => f.startsWith('schemas-')));
    });
  }
});
