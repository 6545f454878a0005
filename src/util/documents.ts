// Document helpers the commands and services share.
import * as vscode from 'vscode';

/** The document at `uri` when one is given, else the active editor's. */
export async function documentOf(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
  return uri ? vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
}

/** The file's name, without its folder. */
export function fileName(doc: vscode.TextDocument): string {
  return doc.uri.path.split('/').pop()!;
}

/** Where a new untitled file goes: the first workspace folder, or the root. */
export function newFileFolder(): vscode.Uri {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/');
}

/**
 * Opens an untitled document at `target` (a name: in the new-file folder) with `content`, in an editor (in
 * `column` when given, else the active group).
 */
export async function openUntitled(
  target: vscode.Uri | string,
  content: string,
  column?: vscode.ViewColumn,
): Promise<vscode.TextEditor> {
  const uri = typeof target === 'string' ? vscode.Uri.joinPath(newFileFolder(), target) : target;
  const doc = await vscode.workspace.openTextDocument(uri.with({ scheme: 'untitled' }));
  const editor = await vscode.window.showTextDocument(doc, column === undefined ? undefined : { viewColumn: column });
  await editor.edit(b => b.replace(new vscode.Range(0, 0, doc.lineCount, 0), content));
  return editor;
}

/** Opens the Problems view (an action offered with findings). */
export function showProblems(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.actions.view.problems');
}

/** Whether a file is there (VS Code's file system: any scheme). */
export async function fileExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
