import type { Container } from '../services/container';
import { openInvoice } from '../services/invoiceRequests';
import { InvoiceNode } from '../views/treeNodes/invoiceNode';
import { nodeArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** A document row of the Accounts tree, opened in the panel by its number (an invoice, or a credit memo). */
export class OpenInvoiceCommand implements Command {
  readonly id = COMMANDS.openInvoice;
  constructor(private readonly services: Container) {}

  execute(node?: unknown) {
    const n = nodeArg(node, InvoiceNode);
    if (!n) return Promise.resolve(undefined);
    const currency = n.invoice.currency ?? n.parent.parent.account.currency;
    return openInvoice(this.services.controller, n.invoice.number, n.invoice.type, currency);
  }
}
