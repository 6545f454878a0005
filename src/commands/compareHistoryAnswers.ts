import type { Container } from '../services/container';
import { historyEntryArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/**
 * Two answers side by side in the diff editor. From the tree: the row and the selected rows (two selected:
 * those two); one row: against the one selected for compare, else a pick. From tests: two entry ids.
 */
export class CompareHistoryAnswersCommand implements Command {
  readonly id = COMMANDS.compareHistoryAnswers;
  constructor(private readonly services: Container) {}

  async execute(node?: unknown, others?: unknown): Promise<void> {
    const read = (x: unknown) => historyEntryArg(x, this.services.requestHistory);
    const selected = Array.isArray(others) ? others.map(read).filter(e => e !== undefined) : [];
    const first = read(node) ?? selected[0];
    if (!first) return;
    const second = Array.isArray(others) ? selected.find(e => e.id !== first.id) : read(others);
    await this.services.historyActions.compare(first, second);
  }
}
