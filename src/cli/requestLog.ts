// The client's request lines on stderr, without saying a failure twice. A failed request's line is held
// back: printed when that request is retried (a try a person would otherwise not see), dropped when the error
// that ends the command says the same (`error: ...`). With `reported` (the scenario report says how every step
// ended, and an expected 4xx passes), a failure that is not retried is never printed.
import type { ApiError } from '../client';
import type { Io } from './io';

export interface RequestLog {
  log: (line: string, level: 'info' | 'warn' | 'error') => void;
  onRetry: (delayMs: number, error: ApiError) => void;
  /** Prints the line held back, unless it only repeats `finalError`. */
  flush: (finalError?: string) => void;
}

export function requestLog(io: Io, opts: { reported?: boolean } = {}): RequestLog {
  let held: string | undefined;
  const flush = (finalError?: string) => {
    if (held !== undefined && !opts.reported && !(finalError && held.endsWith(finalError))) io.err(held);
    held = undefined;
  };
  return {
    log: (line, level) => {
      if (level === 'info') return;
      flush();
      held = line;
    },
    onRetry: delayMs => {
      if (held !== undefined) io.err(held);
      held = undefined;
      io.err(`  retrying in ${(delayMs / 1000).toFixed(1)} s`);
    },
    flush,
  };
}
