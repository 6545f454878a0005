import type * as vscode from 'vscode';
import type { Container } from '../services/container';
import { treeNodeArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Open, an order row's action: the order as JSON. */
export class OpenOrderCommand implements Command {
  readonly id = COMMANDS.openOrder;
  constructor(private readonly services: Container) {}

  async execute(node?: unknown): Promise<vscode.TextEditor | undefined> {
    const n = treeNodeArg(node);
    return n && this.services.jsonDocs.openNode(n, this.services.accountsModel);
  }
}
