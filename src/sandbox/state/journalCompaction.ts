// Compaction off the event loop: a worker thread (journal-worker.js beside this bundle: journalWorker.ts) reads the
// snapshot and the journal being closed (no one appends to it any more: appends go to the next generation's),
// puts the records on generically (journalReplay.ts: no store logic), and writes the merged snapshot to a temp
// file, fsynced. Back on the main thread, between requests, the temp file is renamed over the snapshot (atomic),
// then the caller renames the next journal into place. A crash anywhere leaves a snapshot and the journals that
// continue it (journal.ts reads them in order).
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { syncFolder, tempBeside } from './dataFile';

const SCRIPT = path.join(__dirname, 'journal-worker.js');

/** What the worker is given, and what it answers. */
export interface CompactJob {
  snapshot: string;
  journal: string;
  generation: string;
  out: string;
}
export type CompactAnswer = { bytes: number } | { error: string };

export class Compaction {
  private readonly worker: Worker;
  private readonly out: string;
  private cancelled = false;

  constructor(
    file: string,
    journal: string,
    generation: string,
    done: (error: Error | undefined, bytes: number) => void,
  ) {
    this.out = tempBeside(file, 'compact-');
    const job: CompactJob = { snapshot: file, journal, generation, out: this.out };
    this.worker = new Worker(SCRIPT, { workerData: job });
    this.worker.unref(); // a stop does not wait for it: its temp file is removed at the next start
    let answered = false;
    const finish = (error: Error | undefined, bytes = 0) => {
      if (answered || this.cancelled) return;
      answered = true;
      if (!error) {
        try {
          const old = keepLinked(file); // so the rename does not free the old snapshot's blocks on this thread
          fs.renameSync(this.out, file);
          syncFolder(path.dirname(file));
          if (old) freeSlowly(old);
        } catch (e) {
          error = e as Error;
        }
      }
      if (error) fs.rmSync(this.out, { force: true });
      done(error, bytes);
    };
    this.worker.on('message', (m: CompactAnswer) =>
      finish('error' in m ? new Error(m.error) : undefined, 'bytes' in m ? m.bytes : 0),
    );
    this.worker.on('error', e => finish(e));
    this.worker.on('exit', code => finish(new Error(`the compaction worker stopped (${code})`)));
  }

  /** A whole snapshot was written meanwhile, or the store closes: its work is thrown away. */
  cancel(): void {
    this.cancelled = true;
    void this.worker.terminate().finally(() => fs.rmSync(this.out, { force: true }));
  }
}

/**
 * Removes the old snapshot a slice at a time: freeing 500 MB at once holds the file system's journal for 200 ms,
 * and every commit's fsync waits behind it (bench/journal.bench.ts measured it). 16 MB per step, off the event
 * loop (libuv's threads), a few ms apart.
 */
function freeSlowly(file: string): void {
  const STEP = 16 * 1024 * 1024;
  fs.open(file, 'r+', (e, fd) => {
    if (e) return fs.rm(file, { force: true }, () => undefined);
    const cut = (size: number): void => {
      if (size <= 0) return fs.close(fd, () => fs.rm(file, { force: true }, () => undefined));
      const to = Math.max(0, size - STEP);
      fs.ftruncate(fd, to, () => void setTimeout(() => cut(to), 5).unref());
    };
    // Only when this is its last name: a backup (a hard link: dataFile.ts moveAside) is never cut.
    fs.fstat(fd, (err, st) => cut(err || st.nlink !== 1 ? 0 : st.size));
  });
}

/** A second name for `file` (a temp one a later start removes); undefined where there are no hard links. */
function keepLinked(file: string): string | undefined {
  const old = tempBeside(file, 'old-');
  try {
    fs.linkSync(file, old);
    return old;
  } catch {
    return undefined;
  }
}
