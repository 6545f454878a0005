// The data file as a snapshot plus a journal, so a write costs what it changed, not what the store holds.
//   FILE          the snapshot: the JSON `serialise` gives, with `"journal": GENERATION` first (a file written
//                 before the journal has none: it opens as it is, and the first save writes a snapshot).
//   FILE.journal  the records since (journalFile.ts framing), its header naming the generation it continues;
//                 each commit appends ONE record (journalDiff.ts), fsynced before the commit returns.
//   FILE.journal.next  only while a compaction runs: its header says it follows FILE.journal's generation.
// Open: the snapshot, then the journal of its generation, then a .next that follows it; a journal of another
// generation is stale (a crash between a compaction's renames) and ignored. A torn last record was never
// acknowledged (its fsync had not returned): dropped, the file cut there. A bad record with more after it is
// damage: the journal and the snapshot are set aside (dataFile.ts), the start is fresh.
// A whole snapshot (the first save, a reset: replaceWith, an append that could not be undone) is written
// atomically (dataFile.ts) under a new generation, and the journal of that generation is started at the next
// append: a crash between them leaves the old journal, now stale. Compaction (journalCompaction.ts) runs on a
// worker thread when the journal passes max(8 MB, the snapshot's size).
import * as fs from 'fs';
import { randomUUID } from 'crypto';
import { dirname } from 'path';
import {
  corrupt,
  DataFileError,
  moveAside,
  readSnapshot,
  reasonOf,
  syncFolder,
  tempBeside,
  type DataWriter,
  type SaveOps,
} from './dataFile';
import { appendAll, frame, readJournalFile, type JournalHeader, type ReadJournal, JOURNAL_FORMAT } from './journalFile';
import { replay, type JournalRecord } from './journalReplay';
import type { ChangeTracker } from './journalDiff';
import { Compaction } from './journalCompaction';

/** The journal's size past which it is compacted into a new snapshot (when also past the snapshot's). */
export const COMPACT_AT = 8 * 1024 * 1024;

export class Journal {
  readonly path: string;
  readonly nextPath: string;
  tracker: ChangeTracker | undefined;
  /** Set when the next save must write a whole snapshot. */
  private whole = true;
  private generation: string | undefined;
  private fd: number | undefined;
  private size = 0;
  private snapshotBytes = 0;
  private snapshotId = ''; // the snapshot's identity (idOf), as written or opened
  private compaction: Compaction | undefined;
  private compactionFailed = false;
  private idleWaiters: (() => void)[] = [];
  /** Compactions finished (a test and the bench read it). */
  compactions = 0;

  constructor(
    private readonly file: string,
    private readonly writer: DataWriter,
    private readonly compactAt = COMPACT_AT,
    private readonly ops: SaveOps = (writer as { ops?: SaveOps }).ops ?? fs,
  ) {
    this.path = `${file}.journal`;
    this.nextPath = `${file}.journal.next`;
  }

  /** The snapshot with its journal's records put on; undefined when there is none yet. Cuts a torn tail off. */
  open(): Record<string, unknown> | undefined {
    const found = readDataFile(this.file, this);
    if (!found) return undefined;
    const { snapshot, generation, chain } = found;
    const st = fs.statSync(this.file);
    [this.snapshotBytes, this.snapshotId] = [st.size, idOf(st)];
    this.generation = generation;
    const only = chain.length === 1 && chain[0][0] === this.path ? chain[0][1] : undefined;
    if (only) {
      if (only.goodEnd < only.size) fs.truncateSync(this.path, only.goodEnd); // the torn record: never acknowledged
      this.fd = fs.openSync(this.path, 'a');
      this.size = only.goodEnd;
      this.whole = false;
    } else if (generation && !chain.length) {
      this.whole = false; // no journal of its generation yet: it is started at the first append
    } // else a compaction was cut off, or the file was written before the journal: the first save writes a snapshot
    return snapshot;
  }

  /** Writes what changed since the last save (one record), or a whole snapshot when one is due. */
  save(serialise: () => string): void {
    if (this.whole || !this.tracker || this.moved()) return this.writeSnapshot(serialise());
    const { record, written } = this.tracker.record();
    if (!record) return;
    this.append(frame(record));
    written();
    this.maybeCompact();
  }

  /** The next save writes a whole snapshot (replaceWith: everything changed). */
  wholeNext(): void {
    this.whole = true;
  }

  close(): void {
    this.compaction?.cancel();
    this.compaction = undefined;
    this.closeFd();
    this.settled();
  }

  /** Resolves once no compaction runs (at once when none does). */
  idle(): Promise<void> {
    return this.compaction ? new Promise(r => this.idleWaiters.push(r)) : Promise.resolve();
  }
  /** The journal's bytes now (the bench reports them). */
  get bytes(): number {
    return this.size;
  }

  private settled(): void {
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /**
   * The snapshot is no longer the one written (removed, replaced: something else wrote there), or the journal was
   * removed: a record appended would be lost at the next start, so a whole snapshot is written (or refused).
   */
  private moved(): boolean {
    try {
      const st = fs.statSync(this.file);
      if (!st.isFile() || idOf(st) !== this.snapshotId) return true;
      return this.fd !== undefined && fs.fstatSync(this.fd).nlink === 0;
    } catch {
      return true;
    }
  }

  private writeSnapshot(text: string): void {
    this.compaction?.cancel();
    this.compaction = undefined;
    this.settled();
    const generation = randomUUID();
    const stamped = `{"journal":${JSON.stringify(generation)},${text.slice(1)}`;
    this.writer(this.file, stamped); // atomic: the old snapshot and its journal stand until this rename
    this.snapshotId = idOf(fs.statSync(this.file));
    this.closeFd();
    this.generation = generation;
    this.snapshotBytes = Buffer.byteLength(stamped);
    this.whole = false;
    this.tracker?.baseline();
    fs.rmSync(this.nextPath, { force: true }); // of the old generation: stale now
  }

  private append(data: Buffer): void {
    this.fd ??= this.start(this.path, { journal: JOURNAL_FORMAT, generation: this.generation! });
    const fd = this.fd;
    try {
      appendAll(this.ops, fd, data);
      this.size += data.length;
    } catch (e) {
      try {
        fs.ftruncateSync(fd, this.size); // nothing half written stays
      } catch {
        this.whole = true; // it may have: the next save writes a snapshot, which makes the journal stale
      }
      throw e;
    }
  }

  /** Writes a new journal with its header beside, then renames it into place; the open file, for appends. */
  private start(path: string, header: JournalHeader): number {
    const tmp = tempBeside(this.file, 'journal-');
    const head = frame(header);
    const fd = fs.openSync(tmp, 'w');
    try {
      appendAll(this.ops, fd, head);
      fs.renameSync(tmp, path);
    } catch (e) {
      fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
      throw e;
    }
    syncFolder(dirname(path));
    this.size = head.length;
    fs.closeSync(fd);
    return fs.openSync(path, 'a');
  }

  private closeFd(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  /** Past the size: appends go to a new journal generation while a worker merges the old one into a snapshot. */
  private maybeCompact(): void {
    if (this.compaction || this.compactionFailed || this.size <= Math.max(this.compactAt, this.snapshotBytes)) return;
    this.compactNow();
  }

  /** Starts a compaction now, whatever the journal's size (the bench measures one); none while one runs. */
  compactNow(): void {
    if (this.compaction || this.whole || this.fd === undefined) return;
    const generation = randomUUID();
    const after = this.generation!;
    const old = this.fd;
    this.fd = this.start(this.nextPath, { journal: JOURNAL_FORMAT, generation, after });
    if (old !== undefined) fs.closeSync(old);
    this.compaction = new Compaction(this.file, this.path, generation, (error, bytes) => {
      this.compaction = undefined;
      if (error) {
        this.compactionFailed = true; // the two journals stand (the next open reads both); a snapshot at next save
        this.whole = true;
      } else {
        try {
          fs.renameSync(this.nextPath, this.path); // the snapshot of `generation` is in place: its journal follows
          syncFolder(dirname(this.path));
          this.generation = generation;
          [this.snapshotBytes, this.snapshotId] = [bytes, idOf(fs.statSync(this.file))];
          this.compactions++;
        } catch {
          this.whole = true;
        }
      }
      this.settled();
    });
  }
}

/** A file's identity: its inode and when it was made (a number freed by a removal is soon given again). */
const idOf = (st: fs.Stats) => `${st.dev}:${st.ino}:${st.birthtimeMs}`;

/** The snapshot, its generation, and the journals that continue it (read only: tests read a data file with it). */
export function readDataFile(
  file: string,
  paths: { path: string; nextPath: string } = { path: `${file}.journal`, nextPath: `${file}.journal.next` },
): { snapshot: Record<string, unknown>; generation?: string; chain: [string, ReadJournal][] } | undefined {
  const snapshot = readSnapshot(file);
  if (!snapshot) return undefined;
  const generation = typeof snapshot.journal === 'string' ? snapshot.journal : undefined;
  delete snapshot.journal;
  const chain: [string, ReadJournal][] = [];
  if (!generation) return { snapshot, chain };
  const main = readJournalFile(paths.path);
  const next = readJournalFile(paths.nextPath);
  if (main?.header?.generation === generation) chain.push([paths.path, main]);
  const follows = next?.header?.generation === generation || (chain.length && next?.header?.after === generation);
  if (next && follows) chain.push([paths.nextPath, next]);
  for (const [path, j] of chain) if (j.damageAt !== undefined) throw damaged(file, path, j);
  replay(
    snapshot,
    chain.flatMap(([, j]) => j.records as JournalRecord[]),
  );
  return { snapshot, generation, chain };
}

/** A journal with a bad record before good ones: moved aside, and the error says how to get its data back. */
function damaged(file: string, path: string, j: ReadJournal): DataFileError {
  let aside: string;
  try {
    aside = moveAside(path, 'damaged');
  } catch (e) {
    const message = `The Local sandbox data file ${file} is corrupt (its journal ${path} has a damaged record at byte ${j.damageAt}) and could not be moved aside (${reasonOf(e)}), so it was left untouched. Move ${file} and ${path} away to start fresh.`;
    return new DataFileError('unwritable', file, message);
  }
  const e = corrupt(
    file,
    `its journal has a damaged record at byte ${j.damageAt} of ${j.size}; the journal is kept as ${aside}`,
  );
  e.repair =
    `cut the kept journal to its good records (truncate -s ${j.damageAt} ${aside}), then move it back to ${path} ` +
    `and the kept data file back to ${file}`;
  return e;
}
