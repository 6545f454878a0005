import type { Container } from '../services/container';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** The "Load more…" row of Accounts & Orders. */
export class LoadMoreAccountsCommand implements Command {
  readonly id = COMMANDS.loadMoreAccounts;
  constructor(private readonly services: Container) {}

  execute(): Promise<void> {
    return this.services.accountsModel.loadMore();
  }
}
