// One fresh process: load an extension's main file with a stub `vscode`, activate it, and print
// {"ms": load + activate, "files": the project's code files it loaded, "bytes": their sizes}.
//   node bench/activate.cjs EXTENSION_MAIN [PROJECT_DIR]
const fs = require('fs');
const path = require('path');
const { installVscodeStub, extensionContext } = require('./vscodeStub.cjs');

const main = path.resolve(process.argv[2]);
const project = path.resolve(process.argv[3] ?? path.join(__dirname, '..'));
installVscodeStub();
const before = new Set(Object.keys(require.cache));
const t = process.hrtime.bigint();
const ext = require(main);
ext.activate(extensionContext(project));
const ms = Number(process.hrtime.bigint() - t) / 1e6;
const files = Object.keys(require.cache).filter(
  f => !before.has(f) && f.endsWith('.js') && !f.includes(`${path.sep}node_modules${path.sep}`),
);
const bytes = files.reduce((sum, f) => sum + fs.statSync(f).size, 0);
process.stdout.write(JSON.stringify({ ms, files: files.map(f => path.relative(project, f)), bytes }) + '\n');
process.exit(0); // nothing the activation started may keep the process alive
