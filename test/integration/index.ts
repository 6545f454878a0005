// Loaded by the extension host (extensionTestsPath). run() settles => the runner gets exit code 0/1.
// BW_SUITE=installed runs only the checks of the installed VSIX; otherwise every *.test.js but that one.
// While working on one part: BW_FILES=editor,panel runs only those files; BW_GREP narrows to matching titles.
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const suite = process.env.BW_SUITE ?? 'dev';
  // A deadline, not a wait: tests wait for events, each with its own deadline (helpers.ts: 30 s, a screenshot or
  // keys 60 s); a test that drives the screen and the keyboard several times takes 20 s and more on a busy machine.
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 120000, reporter: 'spec' });
  if (process.env.BW_GREP) mocha.grep(process.env.BW_GREP);
  const only = process.env.BW_FILES?.split(',').map(f => `${f.trim()}.test.js`);
  for (const f of fs.readdirSync(__dirname).sort()) {
    if (!f.endsWith('.test.js') || (only && !only.includes(f))) continue;
    if ((f === 'installed.test.js') === (suite === 'installed')) mocha.addFile(path.join(__dirname, f));
  }
  const resultsFile = process.env.EXT_TEST_RESULTS_FILE;
  const results: { title: string; state: string; error?: string }[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run(failures => {
      const summary = {
        passed: results.filter(r => r.state === 'passed').length,
        failed: failures,
        pending: results.filter(r => r.state === 'pending').length,
        results,
      };
      if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify(summary, null, 2));
      if (failures > 0) reject(new Error(`${failures} tests failed.`));
      else resolve();
    });
    runner.on('pass', (t: Mocha.Test) => results.push({ title: t.fullTitle(), state: 'passed' }));
    runner.on('fail', (t: Mocha.Test, err: unknown) =>
      results.push({ title: t.fullTitle(), state: 'failed', error: String((err as Error)?.stack ?? err) }),
    );
    runner.on('pending', (t: Mocha.Test) => results.push({ title: t.fullTitle(), state: 'pending' }));
  });
}
