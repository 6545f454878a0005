import type { Container } from '../services/container';
import { optionsArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

export interface ResetOptions {
  /** Skip the confirmation (tests, and callers that already asked). */
  confirmed?: boolean;
}

/** Billing: Reset Local Sandbox. Returns the backup's path (undefined: no data file, or cancelled). */
export class ResetLocalSandboxCommand implements Command {
  readonly id = COMMANDS.resetLocalSandbox;
  constructor(private readonly services: Container) {}

  execute(options?: unknown): Promise<string | undefined> {
    return this.services.sandboxReset.reset(optionsArg<ResetOptions>(options).confirmed);
  }
}
