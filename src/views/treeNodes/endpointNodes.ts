// The Endpoints tree's nodes: the v2 (quickstart) API holding its groups, a group of operations, and an
// operation (`METHOD path`, its purpose beside). What the Local sandbox serves is marked, so people know what
// they can try offline.
import * as vscode from 'vscode';
import { localAnswer, rowPath, type Operation } from '../../catalog';
import { COMMANDS, commandFor } from '../../commands/ids';
import { methodIcon } from '../../util/methodIcon';

/** The mark of an operation the Local sandbox answers (the others answer 501 there). */
export const LOCAL_MARK = 'Local sandbox';
const LOCAL_TIP = 'Served by the Local sandbox: try it offline, with no account.';
const SIMULATED_MARK = 'Local sandbox (simulated)';
const SIMULATED_TIP =
  'Simulated by the Local sandbox from the contract: an answer of the real shape, offline; nothing is kept.';

export type EndpointNode = FamilyNode | GroupNode | OperationNode;

/**
 * `12 · 3 on Local sandbox`: how many operations, and how many of them the Local sandbox keeps state for (the rows
 * say which others it answers simulated from the contract).
 */
function counted(operations: readonly Operation[]): string {
  const kept = operations.filter(op => localAnswer(op) === 'served').length;
  const count = operations.length;
  const which = kept === count ? 'all' : `${kept}`;
  return kept ? `${count} · ${which} on Local sandbox` : `${count}`;
}

/** The groups (`Invoices (v2)`) of the v2 quickstart API, apart from v1's many. */
export class FamilyNode {
  readonly kind = 'family';
  static readonly LABEL = 'v2 · Quickstart API';
  constructor(readonly groups: readonly GroupNode[]) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(FamilyNode.LABEL, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = 'family:v2';
    item.description = counted(this.groups.flatMap(g => g.operations));
    item.tooltip = `The v2 (quickstart) API in ${this.groups.length} groups, as its reference tags them; the other groups are v1.`;
    item.iconPath = new vscode.ThemeIcon('versions');
    item.contextValue = this.kind;
    return item;
  }
}

export class GroupNode {
  readonly kind = 'group';
  constructor(
    readonly group: string,
    readonly operations: readonly Operation[],
    /** What the tree shows: a v2 group under its family drops the `(v2)` the family says. */
    readonly label = group,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `group:${this.group}`;
    item.description = counted(this.operations);
    if (this.label !== this.group) item.tooltip = this.group;
    item.contextValue = this.kind;
    return item;
  }
}

export class OperationNode {
  readonly kind = 'operation';
  constructor(readonly op: Operation) {}

  getTreeItem(): vscode.TreeItem {
    const op = this.op;
    const item = new vscode.TreeItem(`${op.method} ${rowPath(op.path)}`, vscode.TreeItemCollapsibleState.None);
    item.id = `op:${op.id}`;
    const local = localAnswer(op);
    const mark = local === 'served' ? LOCAL_MARK : local === 'simulated' ? SIMULATED_MARK : undefined;
    item.description = mark ? `${mark} · ${op.summary}` : op.summary;
    item.tooltip = new vscode.MarkdownString()
      .appendCodeblock(`${op.method} ${op.path}`, 'http')
      .appendText(`${op.summary}\n\nGroup: ${op.group}`)
      .appendText(local ? `\n\n${local === 'served' ? LOCAL_TIP : SIMULATED_TIP}` : '');
    item.iconPath = new vscode.ThemeIcon(methodIcon(op.method));
    item.contextValue = this.kind;
    item.command = commandFor(COMMANDS.showOperation, 'Show Operation', op.id);
    return item;
  }
}
