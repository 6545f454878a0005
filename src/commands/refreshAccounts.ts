import type { Container } from '../services/container';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

export class RefreshAccountsCommand implements Command {
  readonly id = COMMANDS.refreshAccounts;
  constructor(private readonly services: Container) {}

  execute(): void {
    this.services.accountsModel.refresh();
  }
}
