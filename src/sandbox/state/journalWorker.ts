// The compaction worker (bundled as journal-worker.js beside the sandbox: esbuild.js): snapshot + closed journal
// -> the merged snapshot of the next generation, in a temp file, fsynced. Generic: it knows the record format, not
// the store. See journalCompaction.ts.
import * as fs from 'fs';
import { parentPort, workerData } from 'worker_threads';
import type { CompactAnswer, CompactJob } from './journalCompaction';
import { readJournalFile } from './journalFile';
import { replay, type JournalRecord } from './journalReplay';

const CHUNK = 1024 * 1024;
const SYNC_EVERY = 4 * 1024 * 1024;

function compact(job: CompactJob): CompactAnswer {
  const snapshot = JSON.parse(fs.readFileSync(job.snapshot, 'utf8')) as Record<string, unknown>;
  const journal = readJournalFile(job.journal);
  if (!journal || journal.header?.generation !== snapshot.journal)
    return { error: 'the journal does not continue the snapshot' };
  if (journal.damageAt !== undefined || journal.goodEnd < journal.size)
    return { error: 'the journal has a bad record' };
  delete snapshot.journal;
  replay(snapshot, journal.records as JournalRecord[]);
  const data = Buffer.from(JSON.stringify({ journal: job.generation, ...snapshot }), 'utf8');
  const fd = fs.openSync(job.out, 'wx');
  try {
    // Synced as it goes: a burst of 500 MB of dirty pages made the main thread's next journal fsync wait for
    // all of them (ext4 commits them together); a few MB at a time, its fsync waits for a few MB at most.
    for (let at = 0, synced = 0; at < data.length;) {
      at += fs.writeSync(fd, data, at, Math.min(CHUNK, data.length - at));
      if (at - synced >= SYNC_EVERY) [synced] = [at, fs.fdatasyncSync(fd)];
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return { bytes: data.length };
}

try {
  parentPort!.postMessage(compact(workerData as CompactJob));
} catch (e) {
  parentPort!.postMessage({ error: (e as Error).message } satisfies CompactAnswer);
}
