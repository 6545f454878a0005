import type { Container } from '../services/container';
import { historyEntryArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Marks a History row; Compare Answers on another row compares the two (like the Explorer's). */
export class SelectHistoryForCompareCommand implements Command {
  readonly id = COMMANDS.selectHistoryForCompare;
  constructor(private readonly services: Container) {}

  execute(node?: unknown): void {
    const entry = historyEntryArg(node, this.services.requestHistory);
    if (entry) this.services.historyActions.selectForCompare(entry);
  }
}
