import type { Container } from '../services/container';
import { optionsArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Empties the workspace's request history, after asking (`{ confirmed: true }`: without asking). */
export class ClearHistoryCommand implements Command {
  readonly id = COMMANDS.clearHistory;
  constructor(private readonly services: Container) {}

  execute(options?: unknown): Promise<boolean> {
    return this.services.historyActions.clear(optionsArg<{ confirmed: boolean }>(options).confirmed);
  }
}
