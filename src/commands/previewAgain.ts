import * as vscode from 'vscode';
import { orderToPreview } from '../payloads';
import type { Container } from '../services/container';
import { openUntitled } from '../util/documents';
import { OrderNode } from '../views/treeNodes/orderNode';
import { nodeArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Preview Again: what an order created, as a new preview payload, previewed at once. */
export class PreviewAgainCommand implements Command {
  readonly id = COMMANDS.previewAgain;
  constructor(private readonly services: Container) {}

  async execute(node?: unknown): Promise<unknown> {
    const n = nodeArg(node, OrderNode);
    if (!n) return undefined;
    const order = await this.services.accountsModel.order(n.number);
    const body = orderToPreview(order, n.parent.number, this.services.settings.values.previewPeriods);
    if (!body) {
      const message = `Order ${n.number} changes existing subscriptions only: open it to see its actions.`;
      void vscode.window.showInformationMessage(message);
      return undefined;
    }
    const name = `${n.number.toLowerCase()}-again.preview.json`;
    const editor = await openUntitled(name, JSON.stringify(body, null, 2) + '\n');
    return this.services.payloads.preview(editor.document);
  }
}
