// A per-user compile cache for the CLI's own bundles (Node 20 has no module.enableCompileCache): V8's code
// cache of each dist file, taken when the process exits so that it holds every function that run compiled, and
// read back by the next run instead of parsing and compiling again (half of what `validate` costs at start).
//
// One file per bundle in the user's cache folder ($XDG_CACHE_HOME or ~/.cache, %LOCALAPPDATA% on Windows), never
// a shared temporary one. Each file says which source it was made from (the text's CRC-32) and carries the CRC-32
// of its own data, so a stale, torn or damaged file is ignored and written again; V8 also refuses data made by
// another Node. Files are written whole under another name and renamed: CLIs running at once each read a complete
// file. Anything the cache cannot do (no home, a read-only disk) costs the speed-up, never the command.
// Named imports: a namespace or default import of a Node module costs a copy of its exports at load (esbuild).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'fs';
import { Module } from 'module';
import { basename, dirname, isAbsolute, join } from 'path';
import { Script } from 'vm';
import { crc32Function } from './crc32';

// The header: magic, the source's CRC-32 and length, the data's CRC-32 (as Node 22's own cache does; zlib's
// crc32 is native, node:crypto alone would cost more to load than the cache saves on a small bundle: crc32.ts).
const MAGIC = Buffer.from('BWCC1\n');
/** Only called once enableCompileCache found a CRC-32 (every Node from 20.15). */
const crc32 = (data: string | Buffer): number => crc32Function()!(data);
const homeOfUser = (): string => (require('os') as typeof import('os')).homedir();
const HEADER = MAGIC.length + 12;

/** The folder of the cache, or undefined where there is no per-user one. */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined; // Node 22's switch for its own cache, honoured here too
  let base = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  if (!base && platform === 'win32') base = env.LOCALAPPDATA;
  if (!base) {
    const home = (platform !== 'win32' && env.HOME) || homeOfUser(); // node:os only without HOME: the start
    if (!home) return undefined;
    base = platform === 'darwin' ? join(home, 'Library', 'Caches') : join(home, '.cache');
  }
  // One folder per Node and CPU: two Nodes on one machine do not keep rewriting each other's files.
  return join(base, 'billing-workbench', `compile-${process.version}-${process.arch}`);
}

/** The cache file of a bundle: by its path, so two installs of the CLI keep one file each. */
const cacheFileOf = (dir: string, file: string) =>
  join(dir, `${basename(file, '.js')}-${crc32(file).toString(16).padStart(8, '0')}.cache`);

/** What a cache file was made from: the source's CRC-32 and length. */
export const sourceKey = (source: string): Buffer => {
  const key = Buffer.alloc(8);
  key.writeUInt32LE(crc32(source), 0);
  key.writeUInt32LE(source.length, 4);
  return key;
};

/** The V8 data of a cache file, if it is whole and was made from this source. */
export function readCache(file: string, source: Buffer): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= HEADER || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  if (!bytes.subarray(MAGIC.length, MAGIC.length + 8).equals(source)) return undefined;
  const data = bytes.subarray(HEADER);
  return crc32(data) === bytes.readUInt32LE(HEADER - 4) ? data : undefined;
}

/**
 * Makes the cache folder and the few folders missing above it, one level at a time and at most eight: Node's
 * recursive mkdir never ends on some paths (under /proc it retries forever), and the cache is never worth a hang.
 */
function folderMade(dir: string): boolean {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    if (missing.length === 8 || dirname(d) === d) return false;
    missing.unshift(d);
  }
  try {
    for (const d of missing) mkdirSync(d, { mode: 0o700 });
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** A cache file not written for this long is removed: an old build's, or an install that is gone. */
export const CACHE_KEPT_MS = 30 * 24 * 3600 * 1000;

/** Removes the folder's cache files (and temp files a crash left) older than CACHE_KEPT_MS; never fails. */
export function pruneCache(dir: string, now = Date.now()): void {
  try {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.cache') && !name.endsWith('.tmp')) continue;
      const file = join(dir, name);
      if (now - statSync(file).mtimeMs > CACHE_KEPT_MS) rmSync(file, { force: true });
    }
  } catch {
    // another CLI removed it first, or the folder is not there: nothing to prune
  }
}

/** Writes a cache file whole: another name in the same folder, then a rename (atomic), so readers never see half. */
export function writeCache(file: string, source: Buffer, data: Buffer): void {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  const check = Buffer.alloc(4);
  check.writeUInt32LE(crc32(data));
  try {
    if (!folderMade(dirname(file))) return;
    writeFileSync(tmp, Buffer.concat([MAGIC, source, check, data]), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // A full or read-only disk, or no such folder: no cache this time, and no half-written file left.
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the folder itself is not there
    }
  }
}

type Compile = (this: Module, content: string, filename: string, ...rest: unknown[]) => unknown;

/**
 * Compiles the bundles of `distDir` (the CLI's folder) through the cache from now on; other files as Node does.
 * Returns false when there is no cache folder or Node's own source maps need its loader.
 */
export function enableCompileCache(distDir: string, dir = compileCacheDir()): boolean {
  if (!dir || process.sourceMapsEnabled || !crc32Function()) return false;
  const proto = Module.prototype as unknown as { _compile: Compile };
  const plain = proto._compile;
  const toWrite: { script: Script; file: string; source: Buffer }[] = [];
  proto._compile = function (content, filename, ...rest) {
    if (dirname(filename) !== distDir || !filename.endsWith('.js')) return plain.call(this, content, filename, ...rest);
    const source = sourceKey(content);
    const file = cacheFileOf(dir, filename);
    const cachedData = readCache(file, source);
    const code = content.startsWith('#!') ? `//${content}` : content;
    const script = new Script(Module.wrap(code), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) toWrite.push({ script, file, source });
    const run = script.runInThisContext() as (...args: unknown[]) => unknown;
    return run.call(this.exports, this.exports, requireOf(this), this, filename, dirname(filename));
  };
  // At exit the scripts hold the functions this run compiled: the next run finds them compiled.
  process.once('exit', () => {
    for (const w of toWrite) writeCache(w.file, w.source, w.script.createCachedData());
    if (toWrite.length) pruneCache(dir); // only when something was written: a warm start reads no folder
  });
  return true;
}

/** The `require` a module gets from Node (the parts bundles use). */
function requireOf(mod: Module): NodeJS.Require {
  const M = Module as unknown as {
    _resolveFilename(r: string, m: Module, main: boolean, o?: object): string;
    _resolveLookupPaths(r: string, m: Module): string[] | null;
  };
  const req = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: { paths?: string[] }) =>
    M._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => M._resolveLookupPaths(request, mod);
  req.resolve = resolve;
  req.main = require.main;
  req.cache = require.cache;
  return req;
}
