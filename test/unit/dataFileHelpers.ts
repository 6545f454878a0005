// The Local sandbox's data file in tests since issue 33: a snapshot plus a journal (src/sandbox/state/journal.ts).
// A full disk is injected where every write goes through (atomicWriter's ops: the snapshot's and the journal's),
// and what the file holds is read as a start reads it.
import * as fs from 'node:fs';
import { atomicWriter, type DataWriter } from '../../src/sandbox/state/dataFile';
import { readDataFile } from '../../src/sandbox/state/journal';

/** A writer whose every write fails with ENOSPC while `full()` says so (a snapshot's and a journal record's). */
export const fullDiskWriter = (full: () => boolean): DataWriter =>
  atomicWriter({
    writeSync: (fd, buffer, offset, length) => {
      if (full()) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return fs.writeSync(fd, buffer, offset, length);
    },
    fsyncSync: fd => fs.fsyncSync(fd),
    renameSync: (from, to) => fs.renameSync(from, to),
  });

/** Every byte the data file keeps (snapshot and journals), as text to search. */
export const dataFileText = (file: string): string =>
  [file, `${file}.journal`, `${file}.journal.next`]
    .filter(f => fs.existsSync(f))
    .map(f => fs.readFileSync(f, 'utf8'))
    .join('\n');

/** Rewrites the data file as one JSON snapshot (the format before the journal), for a test to edit it. */
export function flattenDataFile(file: string): void {
  const text = JSON.stringify(readDataFile(file)!.snapshot);
  fs.rmSync(`${file}.journal`, { force: true });
  fs.writeFileSync(file, text);
}
