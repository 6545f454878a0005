// dist/cli.js, the `billing-workbench` command: turns the compile cache on, then loads the CLI itself (src/cli.ts,
// dist/cli-main.js, a lazy bundle) through it, so that every file a command reads after this one is cached.
import { enableCompileCache } from './cli/compileCache';
import { main } from './cli';

export { main, writeSchemaFiles } from './cli';

if (require.main === module) {
  enableCompileCache(__dirname);
  main(process.argv.slice(2)).then(code => {
    process.exitCode = code;
  });
}
