// An account's invoices in the Accounts & Orders tree (what the Local sandbox's bill runs, or a tenant, billed):
// a group under the account, a row per invoice (number, date, total); a row opens the invoice in the panel.
import type * as vscode from 'vscode';
import { COMMANDS, commandFor } from '../../commands/ids';
import type { InvoiceRow } from '../../services/accountsModel';
import { formatMoney } from '../../wire/money';
import type { AccountNode } from './accountNode';
import { treeItem, type Node, type TreeNode } from './treeNode';

export class InvoicesNode implements Node {
  readonly kind = 'invoices';
  constructor(
    readonly id: string,
    readonly parent: AccountNode,
    readonly invoices: InvoiceRow[],
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = treeItem(this, 'Invoices', 'file-text');
    item.description = `${this.invoices.length}`;
    item.tooltip = `${this.invoices.length} invoice(s) of ${this.parent.number}, newest first`;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.invoices.map(i => new InvoiceNode(`${this.id}:${i.id}`, this, i));
  }

  async asJson(): Promise<{ name: string; value: unknown }> {
    return { name: `accounts/${this.parent.number}/invoices`, value: this.invoices.map(i => i.raw) };
  }
}

export class InvoiceNode implements Node {
  readonly kind = 'invoice';
  constructor(
    readonly id: string,
    readonly parent: InvoicesNode,
    readonly invoice: InvoiceRow,
  ) {}

  get number(): string {
    return this.invoice.number;
  }

  getTreeItem(): vscode.TreeItem {
    const i = this.invoice;
    const total = i.currency ? formatMoney(i.total, i.currency) : i.total.toFixed(2);
    const item = treeItem(this, i.number, 'file-text', false);
    item.description = `${i.date} · ${total}${i.state ? ` · ${i.state}` : ''}`;
    item.tooltip = `Invoice ${i.number} of ${this.parent.parent.number}, ${i.date}: ${total}`;
    item.command = commandFor(COMMANDS.openInvoice, 'Open Invoice', this);
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }

  async asJson(): Promise<{ name: string; value: unknown }> {
    return { name: `invoices/${this.number}`, value: this.invoice.raw };
  }
}
