// A `sandbox` started by the CLI as a person starts it (a child process on port 0), handed to `check` once it
// listens, then ended by its PID: the URL it printed and what it wrote to stderr so far.
import { spawn } from 'node:child_process';
import { CLI } from './cli';
import { within } from './waits';

export async function withCliSandbox(
  args: string[],
  check: (url: string, stderr: () => string) => Promise<void>,
): Promise<void> {
  const p = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise(resolve => p.on('exit', resolve));
  let stderr = '';
  p.stderr.on('data', d => (stderr += d));
  try {
    const url = await within(
      new Promise<string>((resolve, reject) => {
        let out = '';
        p.stdout.on('data', d => {
          out += d;
          const m = /listening on (\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        p.on('exit', code => reject(new Error(`exited ${code}: ${stderr}`)));
      }),
      20_000,
      'the CLI sandbox to listen',
    );
    await check(url, () => stderr);
  } finally {
    p.kill('SIGTERM');
    await exited;
  }
}
