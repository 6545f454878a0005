import * as vscode from 'vscode';
import { OPERATIONS, searchOperations, type Operation } from '../catalog';
import type { Container } from '../services/container';
import { stringArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

const MATCHES = 20;

/** Find Operation: a quick pick over every operation, the pick shown in the panel. */
export class FindOperationCommand implements Command {
  readonly id = COMMANDS.findOperation;
  constructor(private readonly services: Container) {}

  /** With a query (programmatic use): the ranked matches, no UI. */
  async execute(query?: unknown): Promise<Operation[] | Operation | undefined> {
    const q = stringArg(query);
    if (q !== undefined) return searchOperations(q, MATCHES).map(h => h.op);
    const items = OPERATIONS.map(op => ({
      label: `${op.method} ${op.path}`,
      description: op.summary,
      detail: op.group,
      op,
    }));
    const pick = await vscode.window.showQuickPick(items, {
      title: 'Find Operation',
      placeHolder: 'Type a path, a purpose or a group ("write off debit memo")',
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (pick) this.services.operations.show(pick.op);
    return pick?.op;
  }
}
