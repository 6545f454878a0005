import type * as vscode from 'vscode';
import { TEMPLATES, templateText } from '../schemas';
import { openUntitled } from '../util/documents';
import { AccountNode } from '../views/treeNodes/accountNode';
import { nodeArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** An untitled order payload for an account row, account_number filled in. */
export class NewOrderForAccountCommand implements Command {
  readonly id = COMMANDS.newOrderForAccount;

  async execute(node?: unknown): Promise<vscode.TextEditor | undefined> {
    const n = nodeArg(node, AccountNode);
    if (!n) return undefined;
    const template = TEMPLATES.find(x => x.id === 'subscription-and-fee')!;
    const body = { ...JSON.parse(templateText(template)), account_number: n.number };
    return openUntitled(`${n.number.toLowerCase()}-new.order.json`, JSON.stringify(body, null, 2) + '\n');
  }
}
