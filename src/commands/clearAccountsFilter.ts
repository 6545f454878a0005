import type { Container } from '../services/container';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Clear Filter: every account of the connection again. */
export class ClearAccountsFilterCommand implements Command {
  readonly id = COMMANDS.clearAccountsFilter;
  constructor(private readonly services: Container) {}

  execute(): void {
    this.services.accountsModel.setFilter(undefined);
  }
}
