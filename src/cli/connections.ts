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
import { parse, type ParseError } from 'jsonc-parser';
import { jsonErrorWords } from '../schemas/syntax';
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

/** The file's text, or undefined when there is none to read (the editor never ran here, no settings). */
function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The entries of a list that name a connection and its URL. */
const connectionEntries = (list: unknown[]): CliConnection[] =>
  list.filter(
    (c): c is CliConnection =>
      !!c && typeof (c as CliConnection).name === 'string' && typeof (c as CliConnection).baseUrl === 'string',
  );

/** The connections the editor wrote (none when it never ran here); a broken file is an error naming it. */
export function editorConnections(file: string): CliConnection[] {
  const text = readIfThere(file);
  if (text === undefined) return [];
  let list: unknown;
  try {
    list = (JSON.parse(text) as { connections?: unknown }).connections;
  } catch (e) {
    throw new InputError(`${file}: not the editor's connections file (${(e as Error).message})`);
  }
  return Array.isArray(list) ? connectionEntries(list) : [];
}

/** The connections a settings file lists (none if the file is missing); a broken file is an error naming it. */
export function connectionsIn(file: string): CliConnection[] {
  const text = readIfThere(file);
  if (text === undefined) return [];
  const errors: ParseError[] = [];
  const settings = parse(text, errors, { allowTrailingComma: true }) as Record<string, unknown> | undefined;
  if (errors.length) {
    const e = errors[0];
    throw new InputError(`${file}: not valid JSON with comments (${jsonErrorWords(e.error)} at offset ${e.offset})`);
  }
  const list = settings?.[CONNECTIONS_KEY];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new InputError(`${file}: "${CONNECTIONS_KEY}" must be a list of connections`);
  return connectionEntries(list);
}

export interface ConnectionChoice {
  connection: CliConnection;
  /** Where it was found. */
  from: 'editor' | 'user' | 'workspace';
}

/** Where a refused base URL of a connection is changed: its own entry, not --base-url. */
const where = (name: string, file: string) => `the baseUrl of connection "${name}" in ${file}`;

export function findConnection(
  name: string,
  opts: { env: NodeJS.ProcessEnv; cwd: string; trustWorkspace: boolean },
  io: Io,
): ConnectionChoice {
  const editorFile = editorConnectionsFile(opts.env);
  const userFile = userSettingsFile(opts.env);
  const workspaceFile = path.join(opts.cwd, '.vscode', 'settings.json');
  const lists = {
    editor: editorConnections(editorFile),
    user: connectionsIn(userFile),
    workspace: connectionsIn(workspaceFile),
  };
  const workspace = lists.workspace.find(c => c.name === name);
  // The places the person keeps their own connections, in order; a workspace's copy never redirects them.
  for (const [from, whose] of [
    ['editor', "the editor's"],
    ['user', "the user settings'"],
  ] as const) {
    const found = lists[from].find(c => c.name === name);
    if (!found) continue;
    if (workspace && workspace.baseUrl !== found.baseUrl) {
      io.err(
        `warning: ${workspaceFile} points connection "${name}" at ${workspace.baseUrl}; ignored, ${whose} ${found.baseUrl} is used (a workspace cannot redirect credentials)`,
      );
    }
    checkBaseUrl(found.baseUrl, 'cli', where(name, from === 'editor' ? 'the editor' : userFile));
    return { connection: found, from };
  }
  if (workspace) {
    if (!opts.trustWorkspace) {
      throw new InputError(
        `connection "${name}" is defined only in ${workspaceFile} (URL ${workspace.baseUrl}); a workspace cannot choose where your secret is sent. Add it to your user settings (${userFile}), or pass --trust-workspace if you trust this folder`,
      );
    }
    checkBaseUrl(workspace.baseUrl, 'cli', where(name, workspaceFile));
    io.err(
      `warning: --trust-workspace: connection "${name}" from ${workspaceFile}; the secret is sent to ${workspace.baseUrl}`,
    );
    return { connection: workspace, from: 'workspace' };
  }
  const known = [...lists.editor, ...lists.user, ...lists.workspace].map(c => `"${c.name}"`);
  const listed = known.length
    ? `known: ${[...new Set(known)].join(', ')}`
    : `none are listed under "${CONNECTIONS_KEY}"`;
  throw new InputError(
    `no connection "${name}" in the editor's ${editorFile}, ${userFile} or ${workspaceFile} (${listed})`,
  );
}
