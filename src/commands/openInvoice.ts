import type { Container } from '../services/container';
import { openInvoice } from '../services/invoiceRequests';
import { treeNodeArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** An invoice row of the Accounts tree, opened in the panel (GET /v2/invoices/{invoice_id} by its number). */
export class OpenInvoiceCommand implements Command {
  readonly id = COMMANDS.openInvoice;
  constructor(private readonly services: Container) {}

  execute(node?: unknown) {
    const n = treeNodeArg(node);
    return n?.kind === 'invoice' ? openInvoice(this.services.controller, n.invoice.number) : Promise.resolve(undefined);
  }
}
