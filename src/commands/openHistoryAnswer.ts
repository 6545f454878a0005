import type * as vscode from 'vscode';
import type { Container } from '../services/container';
import { historyEntryArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** A History row's answer, or its decoded error, as read-only JSON (a click on the row). */
export class OpenHistoryAnswerCommand implements Command {
  readonly id = COMMANDS.openHistoryAnswer;
  constructor(private readonly services: Container) {}

  async execute(node?: unknown): Promise<vscode.TextEditor | undefined> {
    const entry = historyEntryArg(node, this.services.requestHistory);
    return entry && this.services.historyActions.openAnswer(entry);
  }
}
