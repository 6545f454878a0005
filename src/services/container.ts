// The window's services, assembled once. What every window needs (settings, connections, diagnostics,
// trees, the panel) is built at activation; the rest is built on first use (`??=`), so a window that never
// sends a request never builds the request controller, and one that never signs in never builds Sign In.
import * as vscode from 'vscode';
import { ClientProvider } from '../connections/clientProvider';
import { ConnectionSetup } from '../connections/connectionSetup';
import { ConnectionStore } from '../connections/connectionStore';
import { Credentials } from '../connections/credentials';
import { PayloadDiagnostics } from '../languageFeatures/payloadDiagnostics';
import { Settings } from '../settings';
import { Disposable } from '../util/dispose';
import { AccountsTree } from '../views/accountsTree';
import { AccountsView } from '../views/accountsView';
import { EndpointsTree, type EndpointNode } from '../views/endpointsTree';
import { JsonDocuments } from '../views/jsonDocuments';
import { LazyTree } from '../views/lazyTree';
import { ResponsePanel } from '../views/responsePanel';
import { AccountsModel } from './accountsModel';
import { ConnectionComparisons } from './connectionComparison';
import { OperationRequests } from './operationRequests';
import { PayloadRequests } from './payloadRequests';
import { PreviewHistory } from './previewHistory';
import { ProductCatalogs } from './productCatalog';
import { AccountSubscriptions } from './accountSubscriptions';
import { RequestController } from './requestController';
import { SandboxReset } from './sandboxReset';
import { CatalogCopy } from './catalogCopy';
import { SandboxClock } from './sandboxClock';
import { RequestHistory } from './requestHistory';
import { HistoryActions } from './historyActions';
import { createHistoryView, HistoryTree } from '../views/historyView';
import type { HistoryNode } from '../views/treeNodes/historyNode';
import { CatalogDiagnostics } from '../languageFeatures/catalogDiagnostics';
import { ScenarioDiagnostics } from '../languageFeatures/scenarioDiagnostics';
import { scenarioStepRecord } from './historyRecords';
import { LivePreview } from './livePreview';
import { documentContents } from './previewContent';
import { ScenarioTests } from './scenarioTests';
import { CalloutsView } from '../views/calloutsView';

export class Container extends Disposable {
  readonly log: vscode.LogOutputChannel;
  readonly settings: Settings;
  readonly connections: ConnectionStore;
  readonly clients: ClientProvider;
  readonly diagnostics: PayloadDiagnostics;
  readonly panel: ResponsePanel;
  readonly accountsModel: AccountsModel;
  readonly accounts: AccountsTree;
  readonly accountsView: AccountsView;
  /** The Endpoints tree reads the catalog, which loads when the view is first shown. */
  readonly endpoints = new LazyTree<EndpointNode, EndpointsTree>(() => new EndpointsTree());
  readonly jsonDocs: JsonDocuments;
  /** Listens for an unusable Local sandbox data file from the start, to offer the reset. */
  readonly sandboxReset: SandboxReset;
  /** The workspace's request history (kept in workspaceState) and its view, shown from activation. */
  readonly requestHistory: RequestHistory;
  readonly historyTree: HistoryTree;
  readonly historyView: vscode.TreeView<HistoryNode>;
  /** Order and preview files previewed in the background as you type (Local sandbox by default). */
  readonly live: LivePreview;
  /** plan_id / price_id the active connection's catalog does not know (warnings). */
  readonly catalogDiagnostics: CatalogDiagnostics;
  /** Scenario files: their findings as you type, and their tests in the Testing view. */
  readonly scenarioDiagnostics: ScenarioDiagnostics;
  readonly scenarios: ScenarioTests;
  /** The Callouts view: registered now, its tree loaded when first shown. */
  readonly callouts: CalloutsView;

  private _credentials: Credentials | undefined;
  private _setup: ConnectionSetup | undefined;
  private _controller: RequestController | undefined;
  private _history: PreviewHistory | undefined;
  private _payloads: PayloadRequests | undefined;
  private _operations: OperationRequests | undefined;
  private _catalogs: ProductCatalogs | undefined;
  private _subscriptions: AccountSubscriptions | undefined;
  private _comparisons: ConnectionComparisons | undefined;
  private _historyActions: HistoryActions | undefined;
  private _catalogCopy: CatalogCopy | undefined;
  private _sandboxClock: SandboxClock | undefined;

  constructor(readonly context: vscode.ExtensionContext) {
    super();
    const version = String(context.extension.packageJSON.version);
    this.log = this._register(vscode.window.createOutputChannel('Billing Workbench', { log: true }));
    this.settings = this._register(new Settings());
    const exportDir = context.globalStorageUri.scheme === 'file' ? context.globalStorageUri.fsPath : undefined;
    this.connections = this._register(new ConnectionStore(context.globalState, context.secrets, exportDir));
    this.clients = this._register(
      new ClientProvider(this.connections, this.settings, this.log, context.globalStorageUri, version),
    );
    const findingsDoc = vscode.Uri.joinPath(context.extensionUri, 'docs', 'FINDINGS.md');
    this.diagnostics = this._register(new PayloadDiagnostics(this.log, findingsDoc, this.settings));
    this.panel = this._register(new ResponsePanel(context.extensionUri));
    this.accountsModel = this._register(new AccountsModel(this.clients, this.connections));
    this.accounts = this._register(new AccountsTree(this.accountsModel));
    this.accountsView = this._register(new AccountsView(this.accounts, this.accountsModel));
    this.jsonDocs = this._register(new JsonDocuments());
    this.sandboxReset = this._register(new SandboxReset(this.clients, this.log, () => this._catalogs?.clear()));
    this.requestHistory = new RequestHistory(context.workspaceState);
    this.historyTree = this._register(new HistoryTree(this.requestHistory));
    this.historyView = this._register(createHistoryView(this.historyTree));
    const { settings, connections, clients, diagnostics, panel, log } = this;
    this.live = this._register(
      new LivePreview({ settings, connections, clients, diagnostics, panel, log, history: () => this.history }),
    );
    this.live.recordInto(() => this.requestHistory);
    this.catalogDiagnostics = this._register(new CatalogDiagnostics(this.catalogs, settings, log));
    this.scenarioDiagnostics = this._register(new ScenarioDiagnostics(settings, findingsDoc, log));
    const signIn = () => this.credentials.signInActive();
    const holdHistory = () => this.requestHistory.hold();
    this.scenarios = this._register(
      new ScenarioTests({ connections, clients, diagnostics: this.scenarioDiagnostics, log, signIn, holdHistory }),
    );
    this.scenarios.discoverSoon(); // the extension activates on workspaceContains:**/*.scenario.json
    this._register(
      this.scenarios.onDidFinishStep(step =>
        this.requestHistory.record(scenarioStepRecord(step, connections.active().kind)),
      ),
    );
    this.callouts = this._register(new CalloutsView({ clients, connections, jsonDocs: this.jsonDocs, log }));
    // A Send or Run (recorded in the history), a clock move (it refreshes the accounts), a new connection.
    this._register(this.requestHistory.onDidChange(() => this.callouts.activity()));
    this._register(this.accountsModel.onDidRefresh(() => this.callouts.activity()));
    this._register(connections.onDidChange(() => this.callouts.activity(true)));
  }

  get credentials(): Credentials {
    return (this._credentials ??= new Credentials(this.connections, this.clients));
  }

  get setup(): ConnectionSetup {
    return (this._setup ??= new ConnectionSetup(this.connections, this.credentials));
  }

  get history(): PreviewHistory {
    const periods = () => this.settings.values.previewPeriods;
    return (this._history ??= this._register(new PreviewHistory(documentContents(this.diagnostics, periods))));
  }

  get controller(): RequestController {
    return (this._controller ??= new RequestController({
      clients: this.clients,
      credentials: () => this.credentials,
      panel: this.panel,
      history: () => this.history,
      requests: () => this.requestHistory,
      log: this.log,
      switchConnection: () => this.setup.pickActive(),
    }));
  }

  get payloads(): PayloadRequests {
    const periods = () => this.settings.values.previewPeriods;
    const deps = { periods, history: () => this.history, connection: () => this.connections.active().name };
    return (this._payloads ??= new PayloadRequests(this.diagnostics, this.controller, deps));
  }

  get operations(): OperationRequests {
    return (this._operations ??= new OperationRequests(
      this.controller,
      this.panel,
      this.connections,
      this.settings,
      this.catalogs,
      () => this.setup.pickActive(),
    ));
  }

  /** The product catalogs of the connections, fetched on first use (a plan_id or price_id in a payload). */
  get catalogs(): ProductCatalogs {
    return (this._catalogs ??= this._register(new ProductCatalogs(this.clients, this.connections, this.log)));
  }

  /** Copy Catalog to Local Sandbox: the active connection's catalog into the Local sandbox. */
  get catalogCopy(): CatalogCopy {
    return (this._catalogCopy ??= new CatalogCopy({
      clients: this.clients,
      connections: this.connections,
      credentials: () => this.credentials,
      catalogs: () => this.catalogs,
      log: this.log,
    }));
  }

  /** The subscriptions of the accounts payloads name, fetched on first completion; forgotten when the accounts
   *  are refreshed (after a create, or by Refresh), as an order changes subscriptions. */
  get subscriptions(): AccountSubscriptions {
    if (!this._subscriptions) {
      const subscriptions = this._register(new AccountSubscriptions(this.clients, this.connections, this.log));
      this._register(this.accountsModel.onDidRefresh(() => subscriptions.clear()));
      this._subscriptions = subscriptions;
    }
    return this._subscriptions;
  }

  /** Compare across connections: one payload previewed on two connections, side by side. */
  get comparisons(): ConnectionComparisons {
    return (this._comparisons ??= new ConnectionComparisons({
      clients: this.clients,
      connections: this.connections,
      payloads: () => this.payloads,
      panel: this.panel,
      log: this.log,
      addConnection: () => this.setup.add(),
      requests: () => this.requestHistory,
    }));
  }

  /** Advance Local Sandbox Clock: moves the Local sandbox's today (time travel). */
  get sandboxClock(): SandboxClock {
    return (this._sandboxClock ??= new SandboxClock(this.clients, this.connections, this.accountsModel, this.log));
  }

  get historyActions(): HistoryActions {
    return (this._historyActions ??= new HistoryActions(
      this.requestHistory,
      this.historyTree,
      this.jsonDocs,
      () => this.controller,
    ));
  }
}
