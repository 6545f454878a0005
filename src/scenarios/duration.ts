// Time spans as scenarios write them: `"500ms"`, `"2s"`, `"1.5m"`, `"1h"`, or a number of milliseconds.

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** The span in milliseconds, or an error message saying how to write it. */
export function parseDuration(value: unknown): { ms: number; error?: undefined } | { error: string } {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0
      ? { ms: value }
      : { error: `${value} is not a time span: write a number of milliseconds, 0 or more` };
  }
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/i.exec(value) : null;
  if (!m) {
    return {
      error: `${JSON.stringify(value)} is not a time span: write it like "500ms", "2s", "1m" or a number of ms`,
    };
  }
  return { ms: Number(m[1]) * UNIT_MS[m[2].toLowerCase()] };
}

/** "2 s", "500 ms", "1.5 min": how a span reads in a message. */
export function showDuration(ms: number): string {
  if (ms >= 60_000 && ms % 1_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1_000) return `${ms / 1_000} s`;
  return `${ms} ms`;
}
