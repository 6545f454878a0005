import * as vscode from 'vscode';
import { operationArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

export class CopyOperationPathCommand implements Command {
  readonly id = COMMANDS.copyOperationPath;

  async execute(operation?: unknown): Promise<string | undefined> {
    const op = operationArg(operation);
    if (op) await vscode.env.clipboard.writeText(op.path);
    return op?.path;
  }
}
