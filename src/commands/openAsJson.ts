import type * as vscode from 'vscode';
import type { Container } from '../services/container';
import { treeNodeArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** A tree row as read-only JSON. */
export class OpenAsJsonCommand implements Command {
  readonly id = COMMANDS.openAsJson;
  constructor(private readonly services: Container) {}

  async execute(node?: unknown): Promise<vscode.TextEditor | undefined> {
    const n = treeNodeArg(node);
    return n && this.services.jsonDocs.openNode(n, this.services.accountsModel);
  }
}
