import type { Container } from '../services/container';
import { optionsArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

export interface AdvanceClockOptions {
  /** A date (YYYY-MM-DD) or a step such as "3 months" (tests; the palette asks). */
  input?: string;
}

/** Billing: Advance Local Sandbox Clock. Returns the control path's answer (undefined: cancelled or refused). */
export class AdvanceLocalSandboxClockCommand implements Command {
  readonly id = COMMANDS.advanceLocalSandboxClock;
  constructor(private readonly services: Container) {}

  execute(options?: unknown) {
    return this.services.sandboxClock.advance(optionsArg<AdvanceClockOptions>(options).input);
  }
}
