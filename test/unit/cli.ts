// The CLI as a person runs it: its own process, with no credentials in its environment unless a test gives them.
import { after } from 'node:test';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CLI = path.resolve('dist/cli.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  env: Record<string, string> = {},
  opts: {
    cwd?: string;
    onSpawn?: (pid: number, child: ChildProcess) => void;
    /** Each time stdout grows, with all of it so far. */
    onStdout?: (stdout: string, child: ChildProcess) => void;
    /** Each time stderr grows, with all of it so far. */
    onStderr?: (stderr: string, child: ChildProcess) => void;
  } = {},
): Promise<CliRun> {
  return new Promise(resolve => {
    const childEnv = { ...process.env, BILLING_CLIENT_ID: '', BILLING_CLIENT_SECRET: '', ...env };
    const p = spawn(process.execPath, [CLI, ...args], { env: childEnv, cwd: opts.cwd });
    if (p.pid !== undefined) opts.onSpawn?.(p.pid, p);
    let stdout = '',
      stderr = '';
    p.stdout.on('data', d => {
      stdout += d;
      opts.onStdout?.(stdout, p);
    });
    p.stderr.on('data', d => {
      stderr += d;
      opts.onStderr?.(stderr, p);
    });
    p.on('close', status => resolve({ status, stdout, stderr }));
  });
}

/**
 * A run sent `signal` (Ctrl+C's SIGINT, CI's SIGTERM) once its stdout matches `when`: a scenario has ended and the
 * next is on its way. An event, never a wait for time.
 */
export function runCliInterrupted(args: string[], when: RegExp, signal: NodeJS.Signals = 'SIGINT'): Promise<CliRun> {
  let sent = false;
  const onStdout = (stdout: string, child: ChildProcess) => {
    if (!sent && when.test(stdout)) sent = child.kill(signal);
  };
  return runCli(args, {}, { onStdout });
}

/** A folder of the test's own, removed after it, and a writer of JSON (or text) files in it. */
export function scratchFolder(prefix: string): { tmp: string; write: (name: string, value: unknown) => string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const write = (name: string, value: unknown) => {
    const file = path.join(tmp, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return file;
  };
  return { tmp, write };
}
