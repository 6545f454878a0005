// A tree whose provider is built the first time the tree is shown: the Endpoints view's provider reads
// the catalog, which is loaded on first use rather than at activation.
import type * as vscode from 'vscode';

export class LazyTree<T, P extends vscode.TreeDataProvider<T>> implements vscode.TreeDataProvider<T> {
  private built: P | undefined;

  constructor(private readonly build: () => P) {}

  get provider(): P {
    return (this.built ??= this.build());
  }

  getChildren(node?: T): vscode.ProviderResult<T[]> {
    return this.provider.getChildren(node);
  }

  getTreeItem(node: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.provider.getTreeItem(node);
  }

  getParent(node: T): vscode.ProviderResult<T> {
    return this.provider.getParent?.(node);
  }
}
