// "New Order Payload...": pick a scenario, get an untitled file named to match the contributed
// patterns (so schema completion and our diagnostics apply at once); saving asks nothing else.
import * as vscode from 'vscode';
import { TEMPLATES, templateText, type Template } from '../schemas';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';

export class NewOrderPayloadCommand implements Command {
  readonly id = COMMANDS.newOrderPayload;

  /** `templateId` lets tests and other commands skip the quick pick. */
  async execute(templateId?: unknown): Promise<vscode.TextEditor | undefined> {
    const template = typeof templateId === 'string' ? TEMPLATES.find(t => t.id === templateId) : await pick();
    if (!template) return undefined;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const base = folder ?? vscode.Uri.file('/');
    const target = await freeName(base, template.fileName, folder !== undefined);
    const doc = await vscode.workspace.openTextDocument(target.with({ scheme: 'untitled' }));
    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit(b => b.insert(new vscode.Position(0, 0), templateText(template)));
    return editor;
  }
}

async function pick(): Promise<Template | undefined> {
  const picked = await vscode.window.showQuickPick(
    TEMPLATES.map(t => ({ label: t.label, description: t.fileName, detail: t.detail, template: t })),
    { title: 'New Order Payload', placeHolder: 'Pick the order scenario', matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.template;
}

/** `new-customer.order.json`, or `new-customer-2.order.json` when that file exists: never overwrite. */
async function freeName(folder: vscode.Uri, fileName: string, checkDisk: boolean): Promise<vscode.Uri> {
  const [stem, ...rest] = fileName.split('.');
  const taken = new Set(vscode.workspace.textDocuments.map(d => d.uri.path));
  for (let i = 1; ; i++) {
    const uri = vscode.Uri.joinPath(folder, i === 1 ? fileName : `${stem}-${i}.${rest.join('.')}`);
    if (taken.has(uri.path)) continue;
    if (checkDisk) {
      try { await vscode.workspace.fs.stat(uri); continue; } catch { /* free */ }
    }
    return uri;
  }
}
