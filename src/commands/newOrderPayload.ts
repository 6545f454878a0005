// "New Order Payload...": pick a scenario, get an untitled file named to match the contributed
// patterns (so schema completion and our diagnostics apply at once); saving asks nothing else.
import * as vscode from 'vscode';
import { TEMPLATES, templateText, type Template } from '../schemas';
import { fileExists, newFileFolder, openUntitled } from '../util/documents';
import { stringArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

export class NewOrderPayloadCommand implements Command {
  readonly id = COMMANDS.newOrderPayload;

  /** `templateId` lets tests skip the quick pick. */
  async execute(templateId?: unknown): Promise<vscode.TextEditor | undefined> {
    const id = stringArg(templateId);
    const template = id !== undefined ? TEMPLATES.find(t => t.id === id) : await pick();
    if (!template) return undefined;
    const inWorkspace = vscode.workspace.workspaceFolders?.[0] !== undefined;
    const target = await freeName(newFileFolder(), template.fileName, inWorkspace);
    return openUntitled(target, templateText(template));
  }
}

async function pick(): Promise<Template | undefined> {
  const picked = await vscode.window.showQuickPick(
    TEMPLATES.map(t => ({ label: t.label, description: t.fileName, detail: t.detail, template: t })),
    {
      title: 'New Order Payload',
      placeHolder: 'Pick the order scenario',
      matchOnDescription: true,
      matchOnDetail: true,
    },
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
    if (!checkDisk || !(await fileExists(uri))) return uri;
  }
}
