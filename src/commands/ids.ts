// Command ids as a typed union: a typo fails the type check. The manifest test checks both directions.
export const COMMANDS = {
  newOrderPayload: 'billingWorkbench.newOrderPayload',
  validateFile: 'billingWorkbench.validateFile',
  showLog: 'billingWorkbench.showLog',
  addConnection: 'billingWorkbench.addConnection',
  signIn: 'billingWorkbench.signIn',
  signOut: 'billingWorkbench.signOut',
  switchConnection: 'billingWorkbench.switchConnection',
  removeConnection: 'billingWorkbench.removeConnection',
  refreshAccounts: 'billingWorkbench.refreshAccounts',
  loadMoreAccounts: 'billingWorkbench._loadMoreAccounts',
  copyNumber: 'billingWorkbench.copyNumber',
  openAsJson: 'billingWorkbench.openAsJson',
  newOrderForAccount: 'billingWorkbench.newOrderForAccount',
  previewAgain: 'billingWorkbench.previewAgain',
  openOrder: 'billingWorkbench.openOrder',
  preview: 'billingWorkbench.preview',
  create: 'billingWorkbench.create',
  createAccount: 'billingWorkbench.createAccount',
  findOperation: 'billingWorkbench.findOperation',
  newRequest: 'billingWorkbench.newRequest',
  showOperation: 'billingWorkbench.showOperation',
  openInvoice: 'billingWorkbench.openInvoice',
  sendOperation: 'billingWorkbench.sendOperation',
  sendRequestFile: 'billingWorkbench.sendRequestFile',
  copyOperationPath: 'billingWorkbench.copyOperationPath',
  copyOperationCurl: 'billingWorkbench.copyOperationCurl',
  describeObject: 'billingWorkbench.describeObject',
  resetLocalSandbox: 'billingWorkbench.resetLocalSandbox',
  advanceLocalSandboxClock: 'billingWorkbench.advanceLocalSandboxClock',
  filterAccounts: 'billingWorkbench.filterAccounts',
  clearAccountsFilter: 'billingWorkbench.clearAccountsFilter',
  refreshCatalog: 'billingWorkbench.refreshCatalog',
  copyCatalog: 'billingWorkbench.copyCatalog',
  comparePreview: 'billingWorkbench.comparePreview',
  openHistoryRequest: 'billingWorkbench.openHistoryRequest',
  openHistoryAnswer: 'billingWorkbench.openHistoryAnswer',
  sendHistoryAgain: 'billingWorkbench.sendHistoryAgain',
  selectHistoryForCompare: 'billingWorkbench.selectHistoryForCompare',
  compareHistoryAnswers: 'billingWorkbench.compareHistoryAnswers',
  clearHistory: 'billingWorkbench.clearHistory',
  saveHistoryAsScenario: 'billingWorkbench.saveHistoryAsScenario',
  runScenario: 'billingWorkbench.runScenario',
  refreshCallouts: 'billingWorkbench.refreshCallouts',
  filterCallouts: 'billingWorkbench.filterCallouts',
  clearCalloutsFilter: 'billingWorkbench.clearCalloutsFilter',
  resendCallout: 'billingWorkbench.resendCallout',
  openCalloutAttempt: 'billingWorkbench.openCalloutAttempt',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/** The shape of `vscode.Command` (this file stays free of `vscode`), with a typed id. */
export interface TypedCommand {
  command: CommandId;
  title: string;
  arguments?: unknown[];
}

/** A `vscode.Command` (for tree items, CodeLenses, the status bar) from a typed id. */
export function commandFor(id: CommandId, title: string, ...args: unknown[]): TypedCommand {
  return args.length ? { command: id, title, arguments: args } : { command: id, title };
}
