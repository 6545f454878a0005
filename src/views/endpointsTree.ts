// Endpoints: the v2 API's node first, holding its groups as its reference tags them ("Invoices (v2)", shown
// as "Invoices" under it), then v1's groups; then their operations.
import type * as vscode from 'vscode';
import { GROUPS, OPERATIONS, type Operation } from '../catalog';
import { FamilyNode, GroupNode, OperationNode, type EndpointNode } from './treeNodes/endpointNodes';

export type { EndpointNode } from './treeNodes/endpointNodes';

const V2_GROUP = / \(v2\)$/;

export class EndpointsTree implements vscode.TreeDataProvider<EndpointNode> {
  private readonly groups = new Map<string, GroupNode>();
  private readonly v2: FamilyNode;

  constructor() {
    const byGroup = new Map<string, Operation[]>();
    for (const op of OPERATIONS) {
      if (!byGroup.has(op.group)) byGroup.set(op.group, []);
      byGroup.get(op.group)!.push(op);
    }
    for (const group of GROUPS)
      this.groups.set(group, new GroupNode(group, byGroup.get(group) ?? [], group.replace(V2_GROUP, '')));
    // 30 groups: by name, to be scanned (v1's keep the spec's order, as before)
    const v2 = [...this.groups.values()].filter(g => V2_GROUP.test(g.group));
    this.v2 = new FamilyNode(v2.sort((x, y) => x.label.localeCompare(y.label)));
  }

  getChildren(n?: EndpointNode): EndpointNode[] {
    if (!n) return [...(this.v2.groups.length ? [this.v2] : []), ...this.v1Groups()];
    if (n.kind === 'family') return [...n.groups];
    return n.kind === 'group' ? n.operations.map(op => new OperationNode(op)) : [];
  }

  getParent(n: EndpointNode): EndpointNode | undefined {
    if (n.kind === 'operation') return this.groups.get(n.op.group);
    return n.kind === 'group' && V2_GROUP.test(n.group) ? this.v2 : undefined;
  }

  getTreeItem(n: EndpointNode): vscode.TreeItem {
    return n.getTreeItem();
  }

  /** The group node of a catalog group (`Invoices (v2)`), wherever the tree holds it. */
  group(name: string): GroupNode | undefined {
    return this.groups.get(name);
  }

  private v1Groups(): GroupNode[] {
    return [...this.groups.values()].filter(g => !V2_GROUP.test(g.group));
  }
}
