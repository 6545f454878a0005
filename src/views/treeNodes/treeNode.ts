// The Accounts & Orders tree's nodes: one class per kind, each building its own TreeItem (label, id,
// contextValue) and children. Ids start with the connection's id and stay stable across refreshes.
import * as vscode from 'vscode';
import type { AccountsModel } from '../../services/accountsModel';
import type { AccountNode } from './accountNode';
import type { InvoiceNode, InvoicesNode } from './invoiceNode';
import type { ItemNode } from './itemNode';
import type { MessageNode } from './messageNode';
import type { OrderNode } from './orderNode';
import type { PlanNode } from './planNode';
import type { SubscriptionNode } from './subscriptionNode';

export type TreeNode =
  AccountNode | OrderNode | SubscriptionNode | PlanNode | ItemNode | MessageNode | InvoicesNode | InvoiceNode;

/** What every node offers the tree and the commands on its context menu. */
export interface Node {
  readonly id: string;
  readonly parent?: TreeNode;
  /** The number Copy Number copies (account, order, subscription, plan or item number). */
  readonly number?: string;
  getTreeItem(): vscode.TreeItem;
  getChildren(model: AccountsModel): TreeNode[] | Promise<TreeNode[]>;
  /** Open as JSON: a name for the document and its content (fetched when the tree row holds less). */
  asJson?(model: AccountsModel): Promise<{ name: string; value: unknown }>;
}

/** A TreeItem with the node's id and contextValue set (menus match the contextValue). */
export function treeItem(
  node: { id: string; kind: string },
  label: string,
  icon: string,
  expandable = true,
): vscode.TreeItem {
  const state = expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
  const item = new vscode.TreeItem(label, state);
  item.id = node.id;
  item.contextValue = node.kind;
  item.iconPath = new vscode.ThemeIcon(icon);
  return item;
}
