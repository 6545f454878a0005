// The connections the editor keeps (in its global state), as a file the CLI reads for `test --connection NAME`:
// names, kinds and URLs only; never a client id or secret (those stay in SecretStorage, and the CLI takes
// BILLING_CLIENT_ID / BILLING_CLIENT_SECRET). The editor writes it into its own global storage folder, a
// user-level place no workspace can write.
export const CONNECTIONS_FILE = 'connections.json';
/** The extension's id: its global storage folder is named after it. */
export const EXTENSION_ID = 'billing-workbench.billing-workbench';

export interface ExportedConnection {
  name: string;
  kind: string;
  baseUrl: string;
}

export function connectionsFileText(list: readonly ExportedConnection[]): string {
  const connections = list.map(({ name, kind, baseUrl }) => ({ name, kind, baseUrl }));
  return JSON.stringify({ note: 'Written by Billing Workbench for its CLI: no secrets.', connections }, null, 2) + '\n';
}
