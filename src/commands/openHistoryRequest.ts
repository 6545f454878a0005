import type * as vscode from 'vscode';
import type { Container } from '../services/container';
import { historyEntryArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** A History row's request (method, path, query, headers, body; redacted) as read-only JSON. */
export class OpenHistoryRequestCommand implements Command {
  readonly id = COMMANDS.openHistoryRequest;
  constructor(private readonly services: Container) {}

  async execute(node?: unknown): Promise<vscode.TextEditor | undefined> {
    const entry = historyEntryArg(node, this.services.requestHistory);
    return entry && this.services.historyActions.openRequest(entry);
  }
}
