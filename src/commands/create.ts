import * as vscode from 'vscode';
import type { Container } from '../services/container';
import type { SendOptions } from '../services/payloadRequests';
import { documentOf } from '../util/documents';
import { optionsArg, uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Create Order: the given or active payload, checked and confirmed; the tree then shows the new order. */
export class CreateCommand implements Command {
  readonly id = COMMANDS.create;
  constructor(private readonly services: Container) {}

  async execute(uri?: unknown, options?: unknown) {
    const { payloads, accountsModel, accountsView } = this.services;
    const created = await payloads.create(await documentOf(uriArg(uri)), optionsArg<SendOptions>(options));
    if (!created) return undefined;
    const { orderNumber } = created;
    accountsModel.refresh();
    const accountNumber =
      created.accountNumber ?? (await accountsModel.accountOfOrder(orderNumber).catch(() => undefined));
    if (accountNumber) await accountsView.revealOrder(accountNumber, orderNumber);
    void vscode.window.showInformationMessage(`Created order ${orderNumber}.`);
    return created.response;
  }
}
