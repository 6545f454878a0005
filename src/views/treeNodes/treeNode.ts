// The Accounts & Orders tree's nodes: one class per kind, each building its own TreeItem (label, id,
// contextValue) and children. Ids start with the connection's id and stay stable across refreshes.
import * as vscode from 'vscode';
// A node knows its ancestors only by what it reads of them (the *Ancestor shapes below), never by their classes:
// a parent's file imports its children's, and no child's imports its parent's.
import type { Subscription } from '../../client';
import type { AccountRow, AccountsModel } from '../../services/accountsModel';

/** What every node offers the tree and the commands on its context menu. */
export interface TreeNode {
  readonly id: string;
  /** The contextValue menus match: account, order, subscription, plan, item, invoices, invoice, message. */
  readonly kind: string;
  readonly parent?: TreeNode;
  /** The number Copy Number copies (account, order, subscription, plan or item number). */
  readonly number?: string;
  getTreeItem(): vscode.TreeItem;
  getChildren(model: AccountsModel): TreeNode[] | Promise<TreeNode[]>;
  /** Open as JSON: a name for the document and its content (fetched when the tree row holds less). */
  asJson?(model: AccountsModel): Promise<{ name: string; value: unknown }>;
}

/** What the rows below an account read of it: its number and currency. */
export interface AccountAncestor extends TreeNode {
  readonly number: string;
  readonly account: AccountRow;
}
export interface OrderAncestor extends TreeNode {
  readonly parent: AccountAncestor;
}
export interface SubscriptionAncestor extends TreeNode {
  readonly parent: OrderAncestor;
  readonly sub: Subscription;
}
export interface PlanAncestor extends TreeNode {
  readonly parent: SubscriptionAncestor;
}

/** A subscription plan as an order answer holds it. */
export type Plan = Subscription['actions'][number]['subscription_plans']['data'][number];

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
