// The journal's safety net (journal-safety-net.test.ts) runs a test file again with BW_SAFETY_NET=DIR: its
// sandbox then keeps a data file in DIR, and what the store held at the end is written to DIR/live.json, which
// a store opened afresh on that data file must equal.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Sandbox } from '../../src/sandbox';

const dir = process.env.BW_SAFETY_NET;

/** The start options that keep a data file when the safety net runs this file; none otherwise. */
export const safetyNetData = (): { dataFile?: string } => (dir ? { dataFile: path.join(dir, 'sandbox.json') } : {});

/** Writes what the store holds (before it closes), when the safety net runs this file. */
export function safetyNetLive(sb: Sandbox): void {
  if (dir) fs.writeFileSync(path.join(dir, 'live.json'), sb.store.serialise());
}
