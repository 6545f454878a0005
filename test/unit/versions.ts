// Just enough of npm's version ranges for the manifest tests: `x.y.z`, `>=x.y.z`, `^x.y.z`, and
// space-separated ranges that must all hold (the package declares no semver library of its own).

type Version = [number, number, number];

export function parseVersion(text: string): Version {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a version`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return 0;
}

/** The upper bound (exclusive) a caret range allows: the next major, or the next minor below 1.0. */
function caretLimit([major, minor, patch]: Version): Version {
  if (major > 0) return [major + 1, 0, 0];
  if (minor > 0) return [0, minor + 1, 0];
  return [0, 0, patch + 1];
}

function satisfiesOne(version: Version, comparator: string): boolean {
  if (comparator.startsWith('>=')) return compare(version, parseVersion(comparator.slice(2))) >= 0;
  if (comparator.startsWith('^')) {
    const floor = parseVersion(comparator.slice(1));
    return compare(version, floor) >= 0 && compare(version, caretLimit(floor)) < 0;
  }
  if (/^v?\d/.test(comparator)) return compare(version, parseVersion(comparator)) === 0;
  throw new Error(`unsupported range "${comparator}"`);
}

export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  return range
    .trim()
    .split(/\s+/)
    .every(comparator => satisfiesOne(v, comparator));
}

/** The lowest version a range admits (its floor), as `x.y.z`. */
export function minVersion(range: string): string {
  const floors = range
    .trim()
    .split(/\s+/)
    .map(c => parseVersion(c.replace(/^(>=|\^)/, '')));
  const [major, minor, patch] = floors.sort(compare).at(-1)!;
  return `${major}.${minor}.${patch}`;
}

/** Negative, zero or positive as version `a` is older than, equal to or newer than `b`. */
export const compareVersions = (a: string, b: string): number => compare(parseVersion(a), parseVersion(b));
