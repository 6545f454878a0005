// `npm run test:electron`: the same mocha suite in desktop VS Code downloaded by @vscode/test-electron.
// Needs internet access to download VS Code: it cannot run on our offline machines and CI does not call it.
import { runTests } from '@vscode/test-electron';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
try {
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: path.join(root, 'out/integration/index'),
    launchArgs: [path.join(root, 'test/fixtures/workspace'), '--disable-extensions', '--disable-workspace-trust'],
  });
} catch (e) {
  console.error(`test:electron failed: ${e?.message ?? e}`);
  process.exit(1);
}
