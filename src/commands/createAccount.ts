import * as vscode from 'vscode';
import type { Container } from '../services/container';
import type { SendOptions } from '../services/payloadRequests';
import { documentOf } from '../util/documents';
import { optionsArg, uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Create Account from the given or active *.account.json file. */
export class CreateAccountCommand implements Command {
  readonly id = COMMANDS.createAccount;
  constructor(private readonly services: Container) {}

  async execute(uri?: unknown, options?: unknown) {
    const doc = await documentOf(uriArg(uri));
    const r = await this.services.payloads.createAccount(doc, optionsArg<SendOptions>(options));
    if (!r) return undefined;
    this.services.accountsModel.refresh();
    void vscode.window.showInformationMessage(`Created account ${r.data.account_number}.`);
    return r;
  }
}
