import * as vscode from 'vscode';

/** A view with no rows yet: VS Code then shows the view's `viewsWelcome` content. */
export class EmptyTree implements vscode.TreeDataProvider<never> {
  getTreeItem(element: never): vscode.TreeItem { return element; }
  getChildren(): never[] { return []; }
}
