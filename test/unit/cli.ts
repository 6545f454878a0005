// The CLI as a person runs it: its own process, with no credentials in its environment unless a test gives them.
import { spawn } from 'node:child_process';
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
  opts: { cwd?: string; onSpawn?: (pid: number) => void } = {},
): Promise<CliRun> {
  return new Promise(resolve => {
    const childEnv = { ...process.env, BILLING_CLIENT_ID: '', BILLING_CLIENT_SECRET: '', ...env };
    const p = spawn(process.execPath, [CLI, ...args], { env: childEnv, cwd: opts.cwd });
    if (p.pid !== undefined) opts.onSpawn?.(p.pid);
    let stdout = '',
      stderr = '';
    p.stdout.on('data', d => (stdout += d));
    p.stderr.on('data', d => (stderr += d));
    p.on('close', status => resolve({ status, stdout, stderr }));
  });
}
