import type { Container } from '../services/container';
import { historyEntryArg, optionsArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/**
 * Sends a History row's request again on the active connection (writes ask as usual); `{ confirmed: true }`
 * skips only the question about masked parts.
 */
export class SendHistoryAgainCommand implements Command {
  readonly id = COMMANDS.sendHistoryAgain;
  constructor(private readonly services: Container) {}

  async execute(node?: unknown, options?: unknown): Promise<unknown> {
    const entry = historyEntryArg(node, this.services.requestHistory);
    const { confirmed } = optionsArg<{ confirmed: boolean }>(options);
    return entry && this.services.historyActions.sendAgain(entry, confirmed);
  }
}
