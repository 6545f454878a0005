// The Local sandbox's reset control path: what a client sends to make a running sandbox afresh (the one
// `sandbox` started, reached by URL: a scenario's `reset` step) and what it answers. Only the Local sandbox has
// the path; it is authenticated like every call.
import type { ClockStatus } from './sandboxClock';
import type { SandboxCatalogAnswer } from './sandboxCatalog';

export const RESET_PATH = '/_sandbox/reset';

/** POST body: `{}` (today: the date the sandbox started on, its --today or the real date), or the date to be on. */
export interface ResetRequest {
  today?: string;
}

/** POST answer: where the clock is now, and what the sandbox holds and let go. */
export interface ResetAnswer extends ClockStatus {
  /** The seeded accounts it holds again, by number. */
  accounts: string[];
  /** The catalog it prices from again: the one it started with. */
  catalog: SandboxCatalogAnswer;
  /** Where its data file was backed up before the reset; absent in memory (no data file) or when it had none yet. */
  backup?: string;
  /** What it let go besides the data: the states the clock could go back to, the idempotency replies kept. */
  cleared: { states: number; idempotencyKeys: number };
}
