// The journal's bytes: `FILE.journal` beside the data file (the snapshot). Each record is framed
//   [u32 LE length][u32 LE ~length][u32 LE crc32 of the payload][payload: UTF-8 JSON]
// so a torn append (a write cut short: the crash came before its fsync returned, so it was never acknowledged)
// is told from damage: a torn record runs to the end of the file (or the tail is zeros a crash left allocated),
// while a bad record with good ones after it was written whole and then changed. The first record is the header:
// the generation it continues (the snapshot names the generation of the journal that continues it; a journal of
// another generation is stale, left by a crash between a compaction's two renames, and ignored). No vscode, no
// store logic: the compaction worker (journalWorker.ts) reads these too.
import * as fs from 'fs';

export const JOURNAL_FORMAT = 'billing-workbench/local-sandbox-journal';
const HEAD = 12;

export interface JournalHeader {
  journal: typeof JOURNAL_FORMAT;
  /** The snapshot generation this journal continues. */
  generation: string;
  /** For a journal started while a compaction writes the next snapshot: the generation it follows. */
  after?: string;
}

const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();
/** CRC-32 (the zip/PNG one); node:zlib has it only from Node 22. */
export function crc32(buf: Uint8Array, start = 0, end = buf.length): number {
  let c = -1;
  for (let i = start; i < end; i++) c = TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** One record's bytes. */
export function frame(value: unknown): Buffer {
  const payload = Buffer.from(JSON.stringify(value), 'utf8');
  const out = Buffer.allocUnsafe(HEAD + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(~payload.length >>> 0, 4);
  out.writeUInt32LE(crc32(payload), 8);
  payload.copy(out, HEAD);
  return out;
}

export interface ReadJournal {
  header: JournalHeader | undefined;
  /** The records after the header, parsed. */
  records: unknown[];
  /** Where the good records end: a torn tail after it is dropped (truncated by the opener). */
  goodEnd: number;
  size: number;
  /** A bad record with more after it: where it starts. */
  damageAt?: number;
}

const allZero = (b: Buffer, from: number) => {
  for (let i = from; i < b.length; i++) if (b[i] !== 0) return false;
  return true;
};

/** Reads a journal's records; a torn last one is left out (goodEnd says where to cut), a bad middle one reported. */
export function parseJournal(buf: Buffer): ReadJournal {
  const values: unknown[] = [];
  let at = 0;
  let damageAt: number | undefined;
  while (at < buf.length) {
    const rest = buf.length - at;
    if (rest < HEAD) break; // a header cut short: torn
    const len = buf.readUInt32LE(at);
    const end = at + HEAD + len;
    const framed = ~len >>> 0 === buf.readUInt32LE(at + 4);
    if (framed && end > buf.length) break; // the payload cut short: torn
    const good = framed && crc32(buf, at + HEAD, end) === buf.readUInt32LE(at + 8);
    let value: unknown;
    if (good) {
      try {
        value = JSON.parse(buf.toString('utf8', at + HEAD, end));
      } catch {
        value = undefined;
      }
    }
    if (value === undefined) {
      if (!(framed && end === buf.length) && !allZero(buf, at)) damageAt = at; // a bad one with more after it
      break;
    }
    values.push(value);
    at = end;
  }
  const first = values[0] as Partial<JournalHeader> | undefined;
  const header =
    first?.journal === JOURNAL_FORMAT && typeof first.generation === 'string' ? (first as JournalHeader) : undefined;
  return { header, records: header ? values.slice(1) : [], goodEnd: at, size: buf.length, damageAt };
}

/** The file calls an append makes (SaveOps of dataFile.ts: a test's full disk reaches the journal too). */
export interface AppendOps {
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
}

/** Writes all of `data` at the end of the open file, then fsyncs; a write that takes nothing fails. */
export function appendAll(ops: AppendOps, fd: number, data: Buffer): void {
  for (let at = 0; at < data.length;) {
    const n = ops.writeSync(fd, data, at, data.length - at);
    if (!(n > 0)) throw new Error(`the disk took no more after ${at} of ${data.length} bytes`);
    at += n;
  }
  ops.fsyncSync(fd);
}

/** Reads the whole journal at `path`; undefined when there is none. */
export function readJournalFile(path: string): ReadJournal | undefined {
  try {
    return parseJournal(fs.readFileSync(path));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}
