// One Local sandbox for a whole test file: started before its tests, closed after them with the file's
// temporary folder removed. The CLI test files share this set-up.
import { after, before } from 'node:test';
import * as fs from 'node:fs';
import { startSandbox, type Sandbox } from '../../src/sandbox';

/** The file's sandbox, once its tests run; `tmp` is removed after them. */
export function suiteSandbox(tmp: string): () => Sandbox {
  let sb: Sandbox | undefined;
  before(async () => {
    sb = await startSandbox();
  });
  after(async () => {
    await sb?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  return () => sb!;
}
