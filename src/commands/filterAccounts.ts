import * as vscode from 'vscode';
import type { Container } from '../services/container';
import { stringArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Filter Accounts: the tree lists the accounts whose name or number starts with the text (the service filters). */
export class FilterAccountsCommand implements Command {
  readonly id = COMMANDS.filterAccounts;
  constructor(private readonly services: Container) {}

  async execute(text?: unknown): Promise<void> {
    const model = this.services.accountsModel;
    const filter =
      stringArg(text) ??
      (await vscode.window.showInputBox({
        title: 'Filter Accounts',
        prompt: 'The start of an account name or number (not case-sensitive); empty shows all accounts',
        placeHolder: 'Acme, A0000123',
        value: model.filter ?? '',
      }));
    if (filter !== undefined) model.setFilter(filter);
  }
}
