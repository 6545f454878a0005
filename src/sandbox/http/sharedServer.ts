// One Local sandbox per data file, shared by every editor window (each window is its own process).
// The first window to need it serves it and writes `server.json` (url, pid) beside the data; the others
// use that server after checking it answers for the same data file. When the serving window closes,
// the next request of another window finds it gone and serves in its place (the data file's lock, freed
// or left by a dead PID, decides who). So only one process ever writes the file.
import * as fs from 'fs';
import * as path from 'path';
import { atomicWrite, DataFileError, journalsBeside, moveAside, reasonOf, type DataWriter } from '../state/dataFile';
import { lockHolder } from '../state/dataLock';
import { INFO_PATH } from './pipeline';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './routes';
import type { Sandbox, SandboxOptions } from './sandboxOptions';
import { startSandbox } from './server';

export interface LocalSandbox {
  url: string;
  clientId: string;
  clientSecret: string;
  /** This process serves it (and writes the data file). */
  owned: boolean;
  /** Whether it still answers for our data file (a window that served it may have closed). */
  alive(): Promise<boolean>;
  /** Stops serving if we serve; otherwise nothing. */
  close(): Promise<void>;
  /** The server itself, when this process serves it (tests seed and inspect it). */
  served?: Sandbox;
}

interface ServerInfo {
  url: string;
  pid: number;
}
const PROBE_TIMEOUT_MS = 1_000;

const serverFile = (dataFile: string) => path.join(path.dirname(dataFile), 'server.json');

/** The listed server: a loopback URL (nothing else is trusted) and the PID that wrote it. */
function readServerInfo(dataFile: string): ServerInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(serverFile(dataFile), 'utf8')) as ServerInfo;
    const loopback = typeof info?.url === 'string' && /^http:\/\/127\.0\.0\.1:\d+$/.test(info.url);
    return loopback && Number.isInteger(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the listed server is the Local sandbox serving `dataFile`: it answers the info path itself (no
 * redirect elsewhere) with that data file and with the PID that holds the data file's lock, the one that listed
 * it. Anything else on that port (a port taken again, a server.json written by something else) is not used.
 */
async function answersFor(listed: ServerInfo, dataFile: string): Promise<boolean> {
  try {
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const r = await fetch(`${listed.url}${INFO_PATH}`, { signal, redirect: 'error' });
    const info = (await r.json()) as { dataFile?: unknown; pid?: unknown };
    const sameFile = typeof info.dataFile === 'string' && path.resolve(info.dataFile) === path.resolve(dataFile);
    return r.ok && sameFile && info.pid === listed.pid && lockHolder(dataFile) === listed.pid;
  } catch {
    return false;
  }
}

const remote = (listed: ServerInfo, dataFile: string): LocalSandbox => ({
  url: listed.url,
  clientId: DEMO_CLIENT_ID,
  clientSecret: DEMO_CLIENT_SECRET,
  owned: false,
  alive: () => answersFor(listed, dataFile),
  close: async () => undefined,
});

/** Lists `sb` in server.json; when that cannot be written, stops it (so its lock goes) and says why. */
async function owned(sb: Sandbox, dataFile: string, writer: DataWriter = atomicWrite): Promise<LocalSandbox> {
  const file = serverFile(dataFile);
  try {
    // Written beside and renamed over: a server.json that is a link is replaced, never written through, and
    // another window never reads half a file.
    writer(file, JSON.stringify({ url: sb.url, pid: process.pid } satisfies ServerInfo));
  } catch (e) {
    await sb.close();
    throw new DataFileError(
      'unwritable',
      file,
      `The Local sandbox could not write ${file}: ${reasonOf(e)}. It was stopped (nothing holds ${dataFile}); ` +
        'free some space and try again.',
    );
  }
  return {
    url: sb.url,
    clientId: sb.clientId,
    clientSecret: sb.clientSecret,
    owned: true,
    served: sb,
    alive: async () => true,
    close: async () => {
      if (readServerInfo(dataFile)?.url === sb.url) fs.rmSync(file, { force: true });
      await sb.close();
    },
  };
}

/** Uses the Local sandbox another window serves for `dataFile`, or serves it here. */
export async function connectOrServe(
  dataFile: string,
  opts: Omit<SandboxOptions, 'dataFile'> = {},
): Promise<LocalSandbox> {
  const info = readServerInfo(dataFile);
  if (info && (await answersFor(info, dataFile))) return remote(info, dataFile);
  try {
    return await owned(await startSandbox({ ...opts, dataFile }), dataFile, opts.writer);
  } catch (e) {
    // Another window took the lock between our look and our start: use its server once it is listed.
    const again = readServerInfo(dataFile);
    if (e instanceof DataFileError && e.problem === 'locked' && again && (await answersFor(again, dataFile))) {
      return remote(again, dataFile);
    }
    throw e;
  }
}

/**
 * Backs the data file up beside itself (a name no file has) and leaves the place empty, so the next start is
 * fresh. Refused while a live process serves it (that process would write it again).
 */
export function resetDataFile(dataFile: string, now = new Date()): string | undefined {
  const pid = lockHolder(dataFile);
  if (pid !== undefined) {
    throw new DataFileError(
      'locked',
      dataFile,
      `The Local sandbox data file ${dataFile} is in use (PID ${pid}); stop that Local sandbox first.`,
      pid,
    );
  }
  if (!fs.existsSync(dataFile)) return undefined;
  const aside = moveAside(dataFile, 'bak', now); // a second reset in the same second gets its own name
  journalsBeside(dataFile, aside); // its journal goes with it (state/journal.ts)
  return aside;
}
