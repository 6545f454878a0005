// dist/scenario-worker.js, a worker thread of `test --jobs N` (scenarios/worker.ts): the CLI's compile cache on
// first (cli/compileCache.ts), so that the bundles the worker's runs load (the sandbox, the client, undici) are
// read compiled, as the main thread reads them, instead of parsed and compiled again on every thread.
import { enableCompileCache } from './cli/compileCache';
import './scenarios/worker';

enableCompileCache(__dirname);
