// Assembles the parts and registers them; no logic of its own lives here.
import * as vscode from 'vscode';
import { CommandManager } from './commands/commandManager';
import { AddConnectionCommand, RemoveConnectionCommand, SignInCommand, SignOutCommand, SwitchConnectionCommand } from './commands/connectionCommands';
import { CopyOperationCurlCommand, CopyOperationPathCommand, DescribeObjectCommand, FindOperationCommand, SendOperationCommand, SendRequestFileCommand, ShowOperationCommand } from './commands/endpointCommands';
import { NewOrderPayloadCommand } from './commands/newOrderPayload';
import { CreateAccountCommand, CreateCommand, PreviewCommand } from './commands/payloadCommands';
import { RequestRunner } from './commands/requestRunner';
import { ResetLocalSandboxCommand } from './commands/resetLocalSandbox';
import { ShowLogCommand } from './commands/showLog';
import { CopyNumberCommand, LoadMoreAccountsCommand, NewOrderForAccountCommand, OpenAsJsonCommand, OpenOrderCommand, PreviewAgainCommand, RefreshAccountsCommand } from './commands/treeCommands';
import { ValidateFileCommand } from './commands/validateFile';
import { ClientProvider } from './connections/clientProvider';
import { ConnectionStore } from './connections/connectionStore';
import { AccountsTree, type TreeNode } from './views/accountsTree';
import { EndpointsTree, type EndpointNode } from './views/endpointsTree';
import { JsonDocuments } from './views/jsonDocuments';
import { LazyTree } from './views/lazyTree';
import { PayloadCodeLens } from './views/payloadCodeLens';
import { PayloadDiagnostics } from './views/payloadDiagnostics';
import { PayloadQuickFixes } from './views/payloadQuickFixes';
import { PreviewOnSave } from './views/previewOnSave';
import { RequestFileDiagnostics } from './views/requestFile';
import { ResponsePanel } from './views/responsePanel';
import { ConnectionStatus } from './views/statusBar';

export const VIEWS = { accounts: 'billingWorkbench.accounts', endpoints: 'billingWorkbench.endpoints' } as const;

/** What activate() returns: handles the integration tests use to check what a person would see. */
export interface BillingWorkbenchApi {
  readonly diagnostics: PayloadDiagnostics;
  readonly views: { accounts: vscode.TreeView<TreeNode>; endpoints: vscode.TreeView<EndpointNode> };
  readonly accounts: AccountsTree;
  readonly endpoints: EndpointsTree;
  readonly panel: ResponsePanel;
  readonly connections: ConnectionStore;
  readonly clients: ClientProvider;
  readonly status: ConnectionStatus;
  readonly log: vscode.LogOutputChannel;
  readonly logUri: vscode.Uri;
}

// Payload files are a language of our own that VS Code's JSON service serves (completion, hover, syntax
// errors, formatting) as a JSON language participant; on its own that service starts only with a json file.
const JSON_SERVICE = 'vscode.json-language-features';

export function activate(context: vscode.ExtensionContext): BillingWorkbenchApi {
  void vscode.extensions.getExtension(JSON_SERVICE)?.activate();
  const log = vscode.window.createOutputChannel('Billing Workbench', { log: true });
  const connections = new ConnectionStore(context.globalState, context.secrets);
  const clients = new ClientProvider(connections, log, context.globalStorageUri, String(context.extension.packageJSON.version));
  const diagnostics = new PayloadDiagnostics(log, vscode.Uri.joinPath(context.extensionUri, 'docs', 'FINDINGS.md'));
  const requestDiagnostics = new RequestFileDiagnostics();
  const accounts = new AccountsTree(clients, connections);
  const endpoints = new LazyTree<EndpointNode, EndpointsTree>(() => new EndpointsTree());
  const jsonDocs = new JsonDocuments();
  const commands = new CommandManager();
  const panel = new ResponsePanel(context.extensionUri, (command, operationId) => {
    if (command === 'showLog') log.show(true);
    else void vscode.commands.executeCommand(`billingWorkbench.${command}`, operationId);
  });
  const runner = new RequestRunner(clients, panel, log);
  const views = {
    accounts: vscode.window.createTreeView(VIEWS.accounts, { treeDataProvider: accounts, showCollapseAll: true }),
    endpoints: vscode.window.createTreeView(VIEWS.endpoints, { treeDataProvider: endpoints, showCollapseAll: true }),
  };
  const reveal = async (accountNumber: string, orderNumber: string) => {
    await views.accounts.reveal(accounts.nodesFor(accountNumber, orderNumber), { select: true, focus: false, expand: true });
  };

  const preview = commands.register(new PreviewCommand(runner, diagnostics));
  const open = commands.register(new OpenAsJsonCommand(clients, jsonDocs));
  const sender = commands.register(new SendOperationCommand(runner));
  for (const c of [
    new ShowLogCommand(log), new NewOrderPayloadCommand(), new ValidateFileCommand(diagnostics),
    new AddConnectionCommand(connections), new SignInCommand(connections, clients), new SignOutCommand(connections),
    new SwitchConnectionCommand(connections), new RemoveConnectionCommand(connections),
    new RefreshAccountsCommand(accounts), new LoadMoreAccountsCommand(accounts), new CopyNumberCommand(),
    new OpenOrderCommand(open), new NewOrderForAccountCommand(), new PreviewAgainCommand(clients),
    new CreateCommand(runner, diagnostics, accounts, reveal), new CreateAccountCommand(runner, diagnostics, accounts),
    new FindOperationCommand(), new ShowOperationCommand(panel, connections), new SendRequestFileCommand(sender),
    new CopyOperationPathCommand(), new CopyOperationCurlCommand(connections), new DescribeObjectCommand(sender),
    new ResetLocalSandboxCommand(clients, log),
  ]) commands.register(c);

  const status = new ConnectionStatus(connections);
  const payloadFiles: vscode.DocumentSelector = [{ pattern: '**/*.{order,preview,account,request}.json' }];
  context.subscriptions.push(
    log, connections, clients, diagnostics, requestDiagnostics, accounts, jsonDocs, commands, panel, status, views.accounts, views.endpoints,
    vscode.workspace.registerTextDocumentContentProvider(JsonDocuments.scheme, jsonDocs),
    vscode.languages.registerCodeActionsProvider(payloadFiles, new PayloadQuickFixes(diagnostics), { providedCodeActionKinds: PayloadQuickFixes.kinds }),
    vscode.languages.registerCodeLensProvider(payloadFiles, new PayloadCodeLens()),
    new PreviewOnSave(connections, uri => preview.execute(uri, { silent: true })),
  );
  log.info(`Billing Workbench ${context.extension.packageJSON.version} activated in VS Code ${vscode.version}; connection: ${connections.active().name}`);
  return {
    diagnostics, views, accounts, panel, connections, clients, status, log, logUri: context.logUri,
    get endpoints() { return endpoints.provider; },
  };
}

export function deactivate(): void {
  // Everything, the Local sandbox included, is disposed through context.subscriptions.
}
