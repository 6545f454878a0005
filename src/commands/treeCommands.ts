// Accounts & Orders: refresh, load more, and the context menu (Copy Number, Open as JSON, New Order for
// this Account, Preview Again, Open).
import * as vscode from 'vscode';
import type { ClientProvider } from '../connections/clientProvider';
import { TEMPLATES, templateText } from '../schemas';
import type { AccountsTree, TreeNode } from '../views/accountsTree';
import type { JsonDocuments } from '../views/jsonDocuments';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';
import { orderToPreview } from './orderToPreview';

export class RefreshAccountsCommand implements Command {
  readonly id = COMMANDS.refreshAccounts;
  constructor(private readonly tree: AccountsTree) {}
  execute(): void { this.tree.refresh(); }
}

export class LoadMoreAccountsCommand implements Command {
  readonly id = COMMANDS.loadMoreAccounts;
  constructor(private readonly tree: AccountsTree) {}
  execute(): Promise<void> { return this.tree.loadMore(); }
}

export function numberOf(n: TreeNode): string | undefined {
  switch (n.kind) {
    case 'account': return n.account.accountNumber;
    case 'order': return n.order.orderNumber;
    case 'subscription': return n.sub.subscription_number;
    case 'plan': return n.plan.id;
    case 'item': return n.item.subscription_item_number;
    default: return undefined;
  }
}

export class CopyNumberCommand implements Command {
  readonly id = COMMANDS.copyNumber;
  async execute(n: TreeNode): Promise<string | undefined> {
    const v = n && numberOf(n);
    if (v) { await vscode.env.clipboard.writeText(v); vscode.window.setStatusBarMessage(`Copied ${v}`, 2000); }
    return v;
  }
}

export class OpenAsJsonCommand implements Command {
  readonly id = COMMANDS.openAsJson;
  constructor(private readonly clients: ClientProvider, private readonly docs: JsonDocuments) {}
  async execute(n: TreeNode): Promise<vscode.TextEditor | undefined> {
    if (!n) return undefined;
    const { client } = await this.clients.active();
    switch (n.kind) {
      case 'account': return this.docs.open(`accounts/${n.account.accountNumber}`, (await client.getAccount(n.account.accountNumber)).data);
      case 'order': return this.docs.open(`orders/${n.order.orderNumber}`, (await client.getOrder(n.order.orderNumber)).data);
      case 'subscription': return this.docs.open(`subscriptions/${n.sub.subscription_number}-v${n.sub.version}`, n.sub);
      case 'plan': return this.docs.open(`plans/${n.plan.id}`, n.plan);
      case 'item': return this.docs.open(`items/${n.item.subscription_item_number}`, n.item);
      default: return undefined;
    }
  }
}

export class OpenOrderCommand implements Command {
  readonly id = COMMANDS.openOrder;
  constructor(private readonly open: OpenAsJsonCommand) {}
  execute(n: TreeNode): Promise<vscode.TextEditor | undefined> { return this.open.execute(n); }
}

/** Opens an untitled order payload with account_number filled in. */
export async function openPayload(fileName: string, body: unknown): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/');
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, fileName).with({ scheme: 'untitled' }));
  const editor = await vscode.window.showTextDocument(doc);
  await editor.edit(b => b.replace(new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(body, null, 2) + '\n'));
  return editor;
}

export class NewOrderForAccountCommand implements Command {
  readonly id = COMMANDS.newOrderForAccount;
  execute(n: TreeNode): Promise<vscode.TextEditor> | undefined {
    if (n?.kind !== 'account') return undefined;
    const t = TEMPLATES.find(x => x.id === 'subscription-and-fee')!;
    const body = { ...JSON.parse(templateText(t)), account_number: n.account.accountNumber };
    return openPayload(`${n.account.accountNumber.toLowerCase()}-new.order.json`, body);
  }
}

export class PreviewAgainCommand implements Command {
  readonly id = COMMANDS.previewAgain;
  constructor(private readonly clients: ClientProvider) {}
  async execute(n: TreeNode): Promise<unknown> {
    if (n?.kind !== 'order') return undefined;
    const { client } = await this.clients.active();
    const order = (await client.getOrder(n.order.orderNumber)).data;
    const body = orderToPreview(order, n.order.accountNumber);
    if (!body) { void vscode.window.showInformationMessage(`Order ${n.order.orderNumber} changes existing subscriptions only: open it to see its actions.`); return undefined; }
    const editor = await openPayload(`${n.order.orderNumber.toLowerCase()}-again.preview.json`, body);
    return vscode.commands.executeCommand(COMMANDS.preview, editor.document.uri);
  }
}
