import type { Container } from '../services/container';
import { historyEntryArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/**
 * Save as Scenario: History rows as a *.scenario.json. From a row's menu: the row and the selected rows; from
 * the view's title bar or the palette: the view's selection, else the person picks from the History. From
 * tests: entry ids (one, or a list).
 */
export class SaveHistoryAsScenarioCommand implements Command {
  readonly id = COMMANDS.saveHistoryAsScenario;
  constructor(private readonly services: Container) {}

  execute(node?: unknown, selected?: unknown) {
    const given =
      Array.isArray(selected) && selected.length
        ? selected
        : Array.isArray(node)
          ? node
          : node === undefined
            ? this.services.historyView.selection
            : [node];
    const entries = given.map(x => historyEntryArg(x, this.services.requestHistory)).filter(e => e !== undefined);
    return this.services.historyActions.saveAsScenario(entries);
  }
}
