// `--connection NAME`: a connection's URL, first from the connections the editor keeps (it writes their names and
// URLs to its global storage folder: src/wire/connectionsFile.ts), then from VS Code settings
// (`billingWorkbench.connections`: a list of { name, baseUrl, kind?, clientId? }), for machines without the
// editor. The secret never comes from a file: BILLING_CLIENT_SECRET only.
// A cloned repository's .vscode/settings.json must not be able to send a user's secret elsewhere, so user
// settings win; a connection that only the workspace defines is refused unless --trust-workspace, and then
// the URL the secret goes to is printed.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { checkBaseUrl } from '../client';
import { CONNECTIONS_FILE, EXTENSION_ID } from '../wire/connectionsFile';
import { InputError, type Io } from './io';

export const CONNECTIONS_KEY = 'billingWorkbench.connections';

export interface CliConnection {
  name: string;
  baseUrl: string;
  kind?: string;
  clientId?: string;
}

/** The user settings file: BILLING_WORKBENCH_SETTINGS, else VS Code's place on this system. */
export function userSettingsFile(env: NodeJS.ProcessEnv): string {
  if (env.BILLING_WORKBENCH_SETTINGS) return env.BILLING_WORKBENCH_SETTINGS;
  const home = os.homedir();
  if (process.platform === 'win32') return path.join(env.APPDATA ?? home, 'Code', 'User', 'settings.json');
  if (process.platform === 'darwin')
    return path.join(home, 'Library', 'Application Support', 'Code', 'User', 'settings.json');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Code', 'User', 'settings.json');
}

/** The editor's connections file: BILLING_WORKBENCH_CONNECTIONS, else the extension's global storage folder. */
export function editorConnectionsFile(env: NodeJS.ProcessEnv): string {
  if (env.BILLING_WORKBENCH_CONNECTIONS) return env.BILLING_WORKBENCH_CONNECTIONS;
  const userDir = path.dirname(userSettingsFile({ ...env, BILLING_WORKBENCH_SETTINGS: undefined }));
  return path.join(userDir, 'globalStorage', EXTENSION_ID, CONNECTIONS_FILE);
}

/** The connections the editor wrote (none when it never ran here); a broken file is an error naming it. */
export function editorConnections(file: string): CliConnection[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  let list: unknown;
  try {
    list = (JSON.parse(text) as { connections?: unknown }).connections;
  } catch (e) {
    throw new InputError(`${file}: not the editor's connections file (${(e as Error).message})`);
  }
  if (!Array.isArray(list)) return [];
  return list.filter((c): c is CliConnection => !!c && typeof c.name === 'string' && typeof c.baseUrl === 'string');
}

/** The connections a settings file lists (none if the file is missing); a broken file is an error naming it. */
export function connectionsIn(file: string): CliConnection[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const errors: ParseError[] = [];
  const settings = parse(text, errors, { allowTrailingComma: true }) as Record<string, unknown> | undefined;
  if (errors.length) {
    const e = errors[0];
    throw new InputError(
      `${file}: not valid JSON with comments (${printParseErrorCode(e.error)} at offset ${e.offset})`,
    );
  }
  const list = settings?.[CONNECTIONS_KEY];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new InputError(`${file}: "${CONNECTIONS_KEY}" must be a list of connections`);
  return list.filter((c): c is CliConnection => !!c && typeof c.name === 'string' && typeof c.baseUrl === 'string');
}

export interface ConnectionChoice {
  connection: CliConnection;
  /** Where it was found. */
  from: 'editor' | 'user' | 'workspace';
}

export function findConnection(
  name: string,
  opts: { env: NodeJS.ProcessEnv; cwd: string; trustWorkspace: boolean },
  io: Io,
): ConnectionChoice {
  const editorFile = editorConnectionsFile(opts.env);
  const userFile = userSettingsFile(opts.env);
  const workspaceFile = path.join(opts.cwd, '.vscode', 'settings.json');
  const fromEditor = editorConnections(editorFile).find(c => c.name === name);
  const user = connectionsIn(userFile).find(c => c.name === name);
  const workspace = connectionsIn(workspaceFile).find(c => c.name === name);
  if (fromEditor) {
    if (workspace && workspace.baseUrl !== fromEditor.baseUrl) {
      io.err(
        `warning: ${workspaceFile} points connection "${name}" at ${workspace.baseUrl}; ignored, the editor's ${fromEditor.baseUrl} is used (a workspace cannot redirect credentials)`,
      );
    }
    checkBaseUrl(fromEditor.baseUrl, 'cli');
    return { connection: fromEditor, from: 'editor' };
  }
  if (user) {
    if (workspace && workspace.baseUrl !== user.baseUrl) {
      io.err(
        `warning: ${workspaceFile} points connection "${name}" at ${workspace.baseUrl}; ignored, the user settings' ${user.baseUrl} is used (a workspace cannot redirect credentials)`,
      );
    }
    checkBaseUrl(user.baseUrl, 'cli');
    return { connection: user, from: 'user' };
  }
  if (workspace) {
    if (!opts.trustWorkspace) {
      throw new InputError(
        `connection "${name}" is defined only in ${workspaceFile} (URL ${workspace.baseUrl}); a workspace cannot choose where your secret is sent. Add it to your user settings (${userFile}), or pass --trust-workspace if you trust this folder`,
      );
    }
    checkBaseUrl(workspace.baseUrl, 'cli');
    io.err(
      `warning: --trust-workspace: connection "${name}" from ${workspaceFile}; the secret is sent to ${workspace.baseUrl}`,
    );
    return { connection: workspace, from: 'workspace' };
  }
  const known = [...editorConnections(editorFile), ...connectionsIn(userFile), ...connectionsIn(workspaceFile)].map(
    c => `"${c.name}"`,
  );
  const listed = known.length
    ? `known: ${[...new Set(known)].join(', ')}`
    : `none are listed under "${CONNECTIONS_KEY}"`;
  throw new InputError(
    `no connection "${name}" in the editor's ${editorFile}, ${userFile} or ${workspaceFile} (${listed})`,
  );
}
