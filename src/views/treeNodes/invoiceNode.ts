// An account's billing documents in the Accounts & Orders tree (what the Local sandbox's bill runs, or a tenant,
// billed): a group per type under the account (Invoices, Credit Memos, Debit Memos), a row per document (number,
// date, total); a row opens the document in the panel. A clock move's message counts them the same way.
import type * as vscode from 'vscode';
import type { DocumentRow } from '../../client/accountDocuments';
import { COMMANDS, commandFor } from '../../commands/ids';
import { formatMoney } from '../../wire/money';
import { treeItem, type AccountAncestor, type TreeNode } from './treeNode';

/** "Invoices", "Credit Memos"; another type as the service wrote it, in words. */
const groupLabel = (type: string) =>
  `${type
    .split('_')
    .map(w => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')}s`;

/** The account's documents of each type, invoices first; `more`: the newest only were read. */
export function documentGroups(parent: AccountAncestor, rows: DocumentRow[], more: boolean): InvoicesNode[] {
  const byType = new Map<string, DocumentRow[]>([['invoice', []]]);
  for (const r of rows) byType.set(r.type, [...(byType.get(r.type) ?? []), r]);
  return [...byType]
    .filter(([, docs]) => docs.length)
    .map(
      ([type, docs]) =>
        new InvoicesNode(`${parent.id}:${type === 'invoice' ? 'invoices' : type}`, parent, docs, type, more),
    );
}

export class InvoicesNode implements TreeNode {
  readonly kind = 'invoices';
  constructor(
    readonly id: string,
    readonly parent: AccountAncestor,
    readonly invoices: DocumentRow[],
    readonly type = 'invoice',
    /** The account has more documents than were read: these are the newest. */
    readonly more = false,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = treeItem(this, groupLabel(this.type), this.type === 'invoice' ? 'file-text' : 'file-symlink-file');
    const count = `${this.invoices.length}${this.more ? '+' : ''}`;
    item.description = count;
    const what = groupLabel(this.type).toLowerCase();
    item.tooltip = `${count} ${what} of ${this.parent.number}, newest first${this.more ? ' (the newest ones only)' : ''}`;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.invoices.map(i => new InvoiceNode(`${this.id}:${i.id}`, this, i));
  }

  async asJson(): Promise<{ name: string; value: unknown }> {
    const name = this.type === 'invoice' ? 'invoices' : `${this.type}s`;
    return { name: `accounts/${this.parent.number}/${name}`, value: this.invoices.map(i => i.raw) };
  }
}

export class InvoiceNode implements TreeNode {
  readonly kind = 'invoice';
  constructor(
    readonly id: string,
    readonly parent: InvoicesNode,
    readonly invoice: DocumentRow,
  ) {}

  get number(): string {
    return this.invoice.number;
  }

  getTreeItem(): vscode.TreeItem {
    const i = this.invoice;
    const currency = i.currency ?? this.parent.parent.account.currency;
    const total = currency ? formatMoney(i.total, currency) : i.total.toFixed(2);
    const item = treeItem(this, i.number, i.type === 'invoice' ? 'file-text' : 'file-symlink-file', false);
    item.description = `${i.date} · ${total}${i.state ? ` · ${i.state}` : ''}`;
    const what = i.type === 'invoice' ? 'Invoice' : groupLabel(i.type).slice(0, -1);
    item.tooltip = `${what} ${i.number} of ${this.parent.parent.number}, ${i.date}: ${total}`;
    item.command = commandFor(COMMANDS.openInvoice, `Open ${what}`, this);
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }

  async asJson(): Promise<{ name: string; value: unknown }> {
    const name = this.invoice.type === 'invoice' ? 'invoices' : 'billing_documents';
    return { name: `${name}/${this.number}`, value: this.invoice.raw };
  }
}
