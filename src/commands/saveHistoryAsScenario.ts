import type { Container } from '../services/container';
import { historyEntryArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/**
 * Save as Scenario: History rows as a *.scenario.json. From a row's menu: the row and the selected rows; from
 * the view's title bar or the palette: the person picks from the History, the view's selected rows checked
 * (a selection made long ago is never used unseen). From tests: entry ids (one, or a list).
 */
export class SaveHistoryAsScenarioCommand implements Command {
  readonly id = COMMANDS.saveHistoryAsScenario;
  constructor(private readonly services: Container) {}

  execute(node?: unknown, selected?: unknown) {
    const read = (xs: readonly unknown[]) =>
      xs.map(x => historyEntryArg(x, this.services.requestHistory)).filter(e => e !== undefined);
    if (node === undefined)
      return this.services.historyActions.saveAsScenario([], read(this.services.historyView.selection));
    const given = Array.isArray(selected) && selected.length ? selected : Array.isArray(node) ? node : [node];
    return this.services.historyActions.saveAsScenario(read(given));
  }
}
