// Assembles the parts and registers them; no logic of its own lives here.
import * as vscode from 'vscode';
import { AddConnectionCommand } from './commands/addConnection';
import { CommandManager, type Command } from './commands/commandManager';
import { CopyNumberCommand } from './commands/copyNumber';
import { CopyOperationCurlCommand } from './commands/copyOperationCurl';
import { CopyOperationPathCommand } from './commands/copyOperationPath';
import { CreateCommand } from './commands/create';
import { CreateAccountCommand } from './commands/createAccount';
import { DescribeObjectCommand } from './commands/describeObject';
import { FindOperationCommand } from './commands/findOperation';
import { LoadMoreAccountsCommand } from './commands/loadMoreAccounts';
import { NewOrderForAccountCommand } from './commands/newOrderForAccount';
import { NewOrderPayloadCommand } from './commands/newOrderPayload';
import { OpenAsJsonCommand } from './commands/openAsJson';
import { OpenInvoiceCommand } from './commands/openInvoice';
import { OpenOrderCommand } from './commands/openOrder';
import { PreviewCommand } from './commands/preview';
import { PreviewAgainCommand } from './commands/previewAgain';
import { RefreshAccountsCommand } from './commands/refreshAccounts';
import { RefreshCatalogCommand } from './commands/refreshCatalog';
import { CopyCatalogCommand } from './commands/copyCatalog';
import { RemoveConnectionCommand } from './commands/removeConnection';
import { ResetLocalSandboxCommand } from './commands/resetLocalSandbox';
import { AdvanceLocalSandboxClockCommand } from './commands/advanceLocalSandboxClock';
import { SendOperationCommand } from './commands/sendOperation';
import { SendRequestFileCommand } from './commands/sendRequestFile';
import { ShowLogCommand } from './commands/showLog';
import { ShowOperationCommand } from './commands/showOperation';
import { SignInCommand } from './commands/signIn';
import { SignOutCommand } from './commands/signOut';
import { SwitchConnectionCommand } from './commands/switchConnection';
import { ValidateFileCommand } from './commands/validateFile';
import { FilterAccountsCommand } from './commands/filterAccounts';
import { ClearAccountsFilterCommand } from './commands/clearAccountsFilter';
import { ComparePreviewCommand } from './commands/comparePreview';
import { OpenHistoryRequestCommand } from './commands/openHistoryRequest';
import { OpenHistoryAnswerCommand } from './commands/openHistoryAnswer';
import { SendHistoryAgainCommand } from './commands/sendHistoryAgain';
import { SelectHistoryForCompareCommand } from './commands/selectHistoryForCompare';
import { CompareHistoryAnswersCommand } from './commands/compareHistoryAnswers';
import { ClearHistoryCommand } from './commands/clearHistory';
import { SaveHistoryAsScenarioCommand } from './commands/saveHistoryAsScenario';
import type { RequestHistory } from './services/requestHistory';
import type { HistoryTree } from './views/historyView';
import type { HistoryNode } from './views/treeNodes/historyNode';
import { RunScenarioCommand } from './commands/runScenario';
import { calloutCommands } from './commands/calloutCommands';
import type { CalloutsView } from './views/calloutsView';
import { AccountCompletion } from './languageFeatures/accountCompletion';
import type { ClientProvider } from './connections/clientProvider';
import type { ConnectionStore } from './connections/connectionStore';
import { CATALOG_TRIGGERS, CatalogCompletion } from './languageFeatures/catalogCompletion';
import type { CatalogDiagnostics } from './languageFeatures/catalogDiagnostics';
import { CatalogHover } from './languageFeatures/catalogHover';
import { CatalogQuickFixes } from './languageFeatures/catalogQuickFixes';
import { InlineMetrics } from './languageFeatures/inlineMetrics';
import { PayloadCodeLens } from './languageFeatures/payloadCodeLens';
import { SubscriptionCompletion } from './languageFeatures/subscriptionCompletion';
import type { PayloadDiagnostics } from './languageFeatures/payloadDiagnostics';
import { NewRequestCommand } from './commands/newRequest';
import { PayloadQuickFixes } from './languageFeatures/payloadQuickFixes';
import { PreviewOnSave } from './languageFeatures/previewOnSave';
import { registerAgentTools } from './languageFeatures/agentTools';
import { SCENARIO_FILES, ScenarioCodeLens } from './languageFeatures/scenarioCodeLens';
import {
  REQUEST_FIELD_TRIGGERS,
  REQUEST_FILES,
  RequestFieldCompletion,
  RequestFieldHover,
} from './languageFeatures/requestFieldFeatures';
import type { ScenarioDiagnostics } from './languageFeatures/scenarioDiagnostics';
import type { ScenarioTests } from './services/scenarioTests';
import { Container } from './services/container';
import type { LivePreview } from './services/livePreview';
import { answerPanelRequests } from './services/panelRequests';
import { PanelStaleness } from './services/panelStaleness';
import type { AccountSubscriptions } from './services/accountSubscriptions';
import type { ProductCatalogs } from './services/productCatalog';
import type { AccountsTree, TreeNode } from './views/accountsTree';
import { VIEWS } from './views/accountsView';
import type { EndpointNode, EndpointsTree } from './views/endpointsTree';
import { JsonDocuments } from './views/jsonDocuments';
import type { ResponsePanel } from './views/responsePanel';
import { ConnectionStatus } from './views/statusBar';

export { VIEWS } from './views/accountsView';

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
  readonly catalogs: ProductCatalogs;
  readonly catalogDiagnostics: CatalogDiagnostics;
  readonly subscriptions: AccountSubscriptions;
  readonly live: LivePreview;
  readonly requestHistory: RequestHistory;
  readonly history: { tree: HistoryTree; view: vscode.TreeView<HistoryNode> };
  /** Scenarios in the Testing view: the controller, the last run's results, onDidFinishStep. */
  readonly scenarios: ScenarioTests;
  readonly scenarioDiagnostics: ScenarioDiagnostics;
  /** The Callouts view (its tree loads when first shown). */
  readonly callouts: CalloutsView;
}

// Payload files are a language of our own that VS Code's JSON service serves (completion, hover, syntax
// errors, formatting) as a JSON language participant; on its own that service starts only with a json file.
const JSON_SERVICE = 'vscode.json-language-features';
const PAYLOAD_FILES: vscode.DocumentSelector = [{ pattern: '**/*.{order,preview,account,request}.json' }];

function commands(s: Container): Command[] {
  return [
    new ShowLogCommand(s),
    new NewOrderPayloadCommand(),
    new ValidateFileCommand(s),
    new AddConnectionCommand(s),
    new SignInCommand(s),
    new SignOutCommand(s),
    new SwitchConnectionCommand(s),
    new RemoveConnectionCommand(s),
    new RefreshAccountsCommand(s),
    new LoadMoreAccountsCommand(s),
    new CopyNumberCommand(),
    new OpenAsJsonCommand(s),
    new OpenInvoiceCommand(s),
    new OpenOrderCommand(s),
    new NewOrderForAccountCommand(),
    new PreviewAgainCommand(s),
    new PreviewCommand(s),
    new CreateCommand(s),
    new CreateAccountCommand(s),
    new FindOperationCommand(s),
    new NewRequestCommand(s),
    new ShowOperationCommand(s),
    new SendOperationCommand(s),
    new SendRequestFileCommand(s),
    new CopyOperationPathCommand(),
    new CopyOperationCurlCommand(s),
    new DescribeObjectCommand(s),
    new ResetLocalSandboxCommand(s),
    new AdvanceLocalSandboxClockCommand(s),
    new FilterAccountsCommand(s),
    new ClearAccountsFilterCommand(s),
    new RefreshCatalogCommand(s),
    new CopyCatalogCommand(s),
    new ComparePreviewCommand(s),
    new OpenHistoryRequestCommand(s),
    new OpenHistoryAnswerCommand(s),
    new SendHistoryAgainCommand(s),
    new SelectHistoryForCompareCommand(s),
    new CompareHistoryAnswersCommand(s),
    new ClearHistoryCommand(s),
    new SaveHistoryAsScenarioCommand(s),
    new RunScenarioCommand(s.scenarios),
    ...calloutCommands(s),
  ];
}

export function activate(context: vscode.ExtensionContext): BillingWorkbenchApi {
  void vscode.extensions.getExtension(JSON_SERVICE)?.activate();
  const s = new Container(context);
  const manager = new CommandManager();
  for (const c of commands(s)) manager.register(c);
  const endpointsView = vscode.window.createTreeView(VIEWS.endpoints, {
    treeDataProvider: s.endpoints,
    showCollapseAll: true,
  });
  const status = new ConnectionStatus(s.connections);
  const quickFixes = { providedCodeActionKinds: PayloadQuickFixes.kinds };
  const figures = new InlineMetrics(s.history, s.live);
  context.subscriptions.push(
    s,
    manager,
    endpointsView,
    status,
    new PreviewOnSave(s.connections, s.settings, doc => s.live.saved(doc)),
    answerPanelRequests(s),
    new PanelStaleness(s.panel, () => s.history),
    vscode.workspace.registerTextDocumentContentProvider(JsonDocuments.scheme, s.jsonDocs),
    vscode.languages.registerCodeActionsProvider(PAYLOAD_FILES, new PayloadQuickFixes(s.diagnostics), quickFixes),
    AccountCompletion.register(s.accountsModel),
    vscode.languages.registerCompletionItemProvider(
      PAYLOAD_FILES,
      new CatalogCompletion(s.catalogs),
      ...CATALOG_TRIGGERS,
    ),
    vscode.languages.registerHoverProvider(PAYLOAD_FILES, new CatalogHover(s.catalogs)),
    vscode.languages.registerCompletionItemProvider(
      PAYLOAD_FILES,
      new SubscriptionCompletion(s.subscriptions),
      ...CATALOG_TRIGGERS,
    ),
    vscode.languages.registerCodeActionsProvider(PAYLOAD_FILES, new CatalogQuickFixes(s.catalogDiagnostics), {
      providedCodeActionKinds: CatalogQuickFixes.kinds,
    }),
    figures,
    vscode.languages.registerCodeLensProvider(PAYLOAD_FILES, new PayloadCodeLens()),
    vscode.languages.registerInlayHintsProvider(PAYLOAD_FILES, figures),
    vscode.languages.registerCodeLensProvider(SCENARIO_FILES, new ScenarioCodeLens()),
    vscode.languages.registerCompletionItemProvider(
      REQUEST_FILES,
      new RequestFieldCompletion(),
      ...REQUEST_FIELD_TRIGGERS,
    ),
    vscode.languages.registerHoverProvider(REQUEST_FILES, new RequestFieldHover()),
    registerAgentTools({
      diagnostics: s.diagnostics,
      settings: s.settings,
      connections: s.connections,
      payloads: () => s.payloads,
      controller: () => s.controller,
    }),
  );
  const version = String(context.extension.packageJSON.version);
  const connection = s.connections.active().name;
  s.log.info(`Billing Workbench ${version} activated in VS Code ${vscode.version}; connection: ${connection}`);
  return {
    diagnostics: s.diagnostics,
    views: { accounts: s.accountsView.view, endpoints: endpointsView },
    accounts: s.accounts,
    panel: s.panel,
    connections: s.connections,
    clients: s.clients,
    status,
    log: s.log,
    logUri: context.logUri,
    catalogs: s.catalogs,
    catalogDiagnostics: s.catalogDiagnostics,
    subscriptions: s.subscriptions,
    live: s.live,
    requestHistory: s.requestHistory,
    history: { tree: s.historyTree, view: s.historyView },
    scenarios: s.scenarios,
    scenarioDiagnostics: s.scenarioDiagnostics,
    callouts: s.callouts,
    get endpoints() {
      return s.endpoints.provider;
    },
  };
}

export function deactivate(): void {
  // Everything, the Local sandbox included, is disposed through context.subscriptions.
}
