// Endpoints: the catalog's groups, then their operations.
import type * as vscode from 'vscode';
import { GROUPS, OPERATIONS, type Operation } from '../catalog';
import { GroupNode, OperationNode, type EndpointNode } from './treeNodes/endpointNodes';

export type { EndpointNode } from './treeNodes/endpointNodes';

export class EndpointsTree implements vscode.TreeDataProvider<EndpointNode> {
  private readonly groups = new Map<string, GroupNode>();

  constructor() {
    const byGroup = new Map<string, Operation[]>();
    for (const op of OPERATIONS) {
      if (!byGroup.has(op.group)) byGroup.set(op.group, []);
      byGroup.get(op.group)!.push(op);
    }
    for (const group of GROUPS) this.groups.set(group, new GroupNode(group, byGroup.get(group) ?? []));
  }

  getChildren(n?: EndpointNode): EndpointNode[] {
    if (!n) return [...this.groups.values()];
    return n.kind === 'group' ? n.operations.map(op => new OperationNode(op)) : [];
  }

  getParent(n: EndpointNode): EndpointNode | undefined {
    return n.kind === 'operation' ? this.groups.get(n.op.group) : undefined;
  }

  getTreeItem(n: EndpointNode): vscode.TreeItem {
    return n.getTreeItem();
  }
}
