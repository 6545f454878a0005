import * as vscode from 'vscode';
import { treeNodeArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Copies a tree row's number (account, order, subscription, plan or item). */
export class CopyNumberCommand implements Command {
  readonly id = COMMANDS.copyNumber;

  async execute(node?: unknown): Promise<string | undefined> {
    const n = treeNodeArg(node);
    const number = n && 'number' in n ? n.number : undefined;
    if (!number) return undefined;
    await vscode.env.clipboard.writeText(number);
    vscode.window.setStatusBarMessage(`Copied ${number}`, 2000);
    return number;
  }
}
