// Endpoints: groups, then operations labelled `METHOD path` with the purpose as description.
import * as vscode from 'vscode';
import { GROUPS, OPERATIONS, type Operation } from '../catalog';

export type EndpointNode = { kind: 'group'; group: string } | { kind: 'operation'; op: Operation };
const METHOD_ICONS: Record<string, string> = { GET: 'arrow-down', POST: 'add', PUT: 'edit', PATCH: 'diff', DELETE: 'trash' };

export class EndpointsTree implements vscode.TreeDataProvider<EndpointNode> {
  private readonly byGroup = new Map<string, Operation[]>();
  constructor() {
    for (const op of OPERATIONS) (this.byGroup.get(op.group) ?? this.byGroup.set(op.group, []).get(op.group)!).push(op);
  }

  getChildren(n?: EndpointNode): EndpointNode[] {
    if (!n) return GROUPS.map(group => ({ kind: 'group', group }));
    return n.kind === 'group' ? this.byGroup.get(n.group)!.map(op => ({ kind: 'operation', op })) : [];
  }

  getParent(n: EndpointNode): EndpointNode | undefined {
    return n.kind === 'operation' ? { kind: 'group', group: n.op.group } : undefined;
  }

  getTreeItem(n: EndpointNode): vscode.TreeItem {
    if (n.kind === 'group') {
      const item = new vscode.TreeItem(n.group, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `group:${n.group}`;
      item.description = `${this.byGroup.get(n.group)!.length}`;
      item.contextValue = 'group';
      return item;
    }
    const item = new vscode.TreeItem(`${n.op.method} ${n.op.path}`, vscode.TreeItemCollapsibleState.None);
    item.id = `op:${n.op.id}`;
    item.description = n.op.summary;
    item.tooltip = new vscode.MarkdownString().appendCodeblock(`${n.op.method} ${n.op.path}`, 'http').appendText(`${n.op.summary}\n\nGroup: ${n.op.group}`);
    item.iconPath = new vscode.ThemeIcon(METHOD_ICONS[n.op.method] ?? 'symbol-method');
    item.contextValue = 'operation';
    item.command = { title: 'Show Operation', command: 'billingWorkbench.showOperation', arguments: [n.op.id] };
    return item;
  }
}
