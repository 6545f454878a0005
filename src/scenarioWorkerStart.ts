// dist/scenario-worker.js, a worker thread of `test --jobs N` (scenarios/worker.ts), with the CLI's compile cache
// (cli/compileCache.ts) on as the thread starts, before its first run loads the bundles it needs (the sandbox, the
// client, undici): they are read compiled, as the main thread reads them, not parsed and compiled again per thread.
import { enableCompileCache } from './cli/compileCache';
import './scenarios/worker';

enableCompileCache(__dirname);
