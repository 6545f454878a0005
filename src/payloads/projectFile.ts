// The one rule for reading a file someone else names (a scenario step's `file`, an agent tool's `path`): it must
// be inside the project (the workspace folders; the folder the CLI or the MCP server runs in), after following
// symbolic links; a regular file (not /dev/zero, a pipe or a folder); and at most MAX_PROJECT_FILE_BYTES. So a
// scenario or an agent cannot make the product read, send or quote files from elsewhere, nor read forever.
import * as fs from 'fs';
import * as path from 'path';

/** The largest payload file read: the most the Local sandbox takes in one request body (10 MB). */
export const MAX_PROJECT_FILE_BYTES = 10 * 1024 * 1024;

export type ProjectFileCode = 'outside' | 'missing' | 'not-a-file' | 'too-large';
export interface ProjectFileProblem {
  code: ProjectFileCode;
  message: string;
}

/** True when `file` is `root` or below it (lexically: `..` and absolute paths counted). */
export function isInside(file: string, root: string, p: typeof path = path): boolean {
  const rel = p.relative(root, file);
  return rel !== '..' && !rel.startsWith(`..${p.sep}`) && !p.isAbsolute(rel);
}

function realPath(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined; // not on disk (yet): the path as written was checked
  }
}

/**
 * The root, named, when `file` (absolute) is outside every root, through `..`, an absolute path or a symbolic
 * link; undefined when it is inside one.
 */
export function outsideRoots(file: string, roots: readonly string[], p: typeof path = path): string | undefined {
  const named = roots.find(root => isInside(file, root, p));
  if (named === undefined) return roots.join(' or ') || 'the workspace (none is open)';
  const real = realPath(file);
  if (!real) return undefined;
  return roots.some(root => isInside(real, realPath(root) ?? root, p)) ? undefined : named;
}

/**
 * Why `file` (absolute) may not be read as a file of the project in `roots`, or undefined when it may.
 * `shown` is how the caller named it (the messages repeat it).
 */
export function projectFileProblem(
  file: string,
  roots: readonly string[],
  shown: string = file,
): ProjectFileProblem | undefined {
  const outside = outsideRoots(file, roots);
  if (outside !== undefined)
    return {
      code: 'outside',
      message:
        `${shown} is outside ${outside}: only files inside the workspace are read (a symbolic link must point ` +
        'inside it too). Copy the file there.',
    };
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file); // follows links; never opens the file (a pipe would block, /dev/zero never ends)
  } catch {
    return { code: 'missing', message: `${shown}: no such file in ${roots.join(' or ')}.` };
  }
  if (!stat.isFile())
    return {
      code: 'not-a-file',
      message: `${shown} is ${stat.isDirectory() ? 'a folder' : 'not a regular file (a device, pipe or socket)'}: give the path of a payload file.`,
    };
  if (stat.size > MAX_PROJECT_FILE_BYTES)
    return {
      code: 'too-large',
      message:
        `${shown} is ${(stat.size / 1048576).toFixed(1)} MB; payload files are read up to ` +
        `${MAX_PROJECT_FILE_BYTES / 1048576} MB (the most one request may carry).`,
    };
  return undefined;
}

/** The bytes of a file of the project (checked by projectFileProblem), or the problem; never more than the limit. */
export function readProjectFile(
  file: string,
  roots: readonly string[],
  shown: string = file,
): { bytes: Buffer; problem?: undefined } | { bytes?: undefined; problem: ProjectFileProblem } {
  const problem = projectFileProblem(file, roots, shown);
  if (problem) return { problem };
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      size += n;
      if (size > MAX_PROJECT_FILE_BYTES) return { problem: tooLarge(shown) }; // it grew since it was checked
    }
    return { bytes: Buffer.concat(chunks, size) };
  } catch {
    return { problem: { code: 'missing', message: `${shown}: cannot be read. Check the file and its permissions.` } };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

const tooLarge = (shown: string): ProjectFileProblem => ({
  code: 'too-large',
  message: `${shown} is over ${MAX_PROJECT_FILE_BYTES / 1048576} MB, the most a payload file may hold.`,
});
