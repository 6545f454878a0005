// Assembles the parts and registers them; no logic of its own lives here.
import * as vscode from 'vscode';
import { CommandManager } from './commands/commandManager';
import { NewOrderPayloadCommand } from './commands/newOrderPayload';
import { ShowLogCommand } from './commands/showLog';
import { ValidateFileCommand } from './commands/validateFile';
import { EmptyTree } from './views/emptyTree';
import { PayloadDiagnostics } from './views/payloadDiagnostics';
import { PayloadQuickFixes } from './views/payloadQuickFixes';

export const VIEWS = { accounts: 'billingWorkbench.accounts', endpoints: 'billingWorkbench.endpoints' } as const;

/** What activate() returns: handles the integration tests use to check what a person would see. */
export interface BillingWorkbenchApi {
  readonly diagnostics: PayloadDiagnostics;
  readonly views: Record<keyof typeof VIEWS, vscode.TreeView<unknown>>;
  readonly log: vscode.LogOutputChannel;
}

export function activate(context: vscode.ExtensionContext): BillingWorkbenchApi {
  const log = vscode.window.createOutputChannel('Billing Workbench', { log: true });
  const diagnostics = new PayloadDiagnostics(log, vscode.Uri.joinPath(context.extensionUri, 'docs', 'FINDINGS.md'));
  const commands = new CommandManager();
  commands.register(new ShowLogCommand(log));
  commands.register(new NewOrderPayloadCommand());
  commands.register(new ValidateFileCommand(diagnostics));

  const payloadFiles: vscode.DocumentSelector = [{ pattern: '**/*.{order,preview,account}.json' }];
  const views = {
    accounts: vscode.window.createTreeView<unknown>(VIEWS.accounts, { treeDataProvider: new EmptyTree() }),
    endpoints: vscode.window.createTreeView<unknown>(VIEWS.endpoints, { treeDataProvider: new EmptyTree() }),
  };
  context.subscriptions.push(
    log, diagnostics, commands, views.accounts, views.endpoints,
    vscode.languages.registerCodeActionsProvider(payloadFiles, new PayloadQuickFixes(diagnostics), { providedCodeActionKinds: PayloadQuickFixes.kinds }),
  );
  log.info(`Billing Workbench ${context.extension.packageJSON.version} activated in VS Code ${vscode.version}`);
  return { diagnostics, views, log };
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
