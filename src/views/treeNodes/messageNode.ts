// A row that says something instead of data: empty, "Load more", "Sign in", an error with Retry.
import type * as vscode from 'vscode';
import { SignInRequired } from '../../connections/clientProvider';
import { COMMANDS, commandFor } from '../../commands/ids';
import { treeItem, type TreeNode } from './treeNode';

export class MessageNode implements TreeNode {
  readonly kind = 'message';
  constructor(
    readonly id: string,
    readonly label: string,
    readonly icon: string,
    readonly command?: vscode.Command,
    readonly parent?: TreeNode,
    readonly tooltip?: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = treeItem(this, this.label, this.icon, false);
    item.command = this.command;
    item.tooltip = this.tooltip ?? this.label;
    return item;
  }

  getChildren(): TreeNode[] {
    return [];
  }

  /** A failed fetch as a row with an action: Sign In when credentials are missing, else Retry. */
  static forError(e: unknown, id: string, parent?: TreeNode): MessageNode {
    if (e instanceof SignInRequired) {
      const signIn = commandFor(COMMANDS.signIn, 'Sign In');
      return new MessageNode(id, `Sign in to ${e.connection.name}`, 'sign-in', signIn, parent);
    }
    const message = e instanceof Error ? e.message : String(e);
    const retry = commandFor(COMMANDS.refreshAccounts, 'Retry');
    return new MessageNode(id, `${message.split('\n')[0]} — click to retry`, 'error', retry, parent, message);
  }
}
