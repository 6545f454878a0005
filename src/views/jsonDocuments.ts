// Read-only JSON documents (Open as JSON): content served from memory under our own scheme.
import * as vscode from 'vscode';
import type { AccountsModel } from '../services/accountsModel';
import type { TreeNode } from './treeNodes/treeNode';

export class JsonDocuments implements vscode.TextDocumentContentProvider {
  static readonly scheme = 'billing-workbench';
  private readonly docs = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  async open(name: string, value: unknown): Promise<vscode.TextEditor> {
    const doc = await vscode.workspace.openTextDocument(this.put(name, value));
    await vscode.languages.setTextDocumentLanguage(doc, 'json');
    return vscode.window.showTextDocument(doc, { preview: true });
  }

  /** Keeps `value` as the read-only JSON document `name` and returns its URI (not opened). */
  put(name: string, value: unknown): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: JsonDocuments.scheme, path: `/${name}.json` });
    this.docs.set(uri.toString(), JSON.stringify(value, null, 2));
    this.changed.fire(uri);
    return uri;
  }

  /** Two values side by side in VS Code's diff editor, titled `title` ("A ↔ B"). */
  async diff(left: { name: string; value: unknown }, right: { name: string; value: unknown }, title: string) {
    const [a, b] = [this.put(left.name, left.value), this.put(right.name, right.value)];
    await vscode.commands.executeCommand('vscode.diff', a, b, title, { preview: false });
  }

  /** A tree row as JSON (accounts and orders fetched as the service answers them); a message row has none. */
  async openNode(node: TreeNode, model: AccountsModel): Promise<vscode.TextEditor | undefined> {
    if (!node.asJson) return undefined; // a message row
    const { name, value } = await node.asJson(model);
    return this.open(name, value);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.docs.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}
