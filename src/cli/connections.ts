// `--connection NAME`: a connection's URL from VS Code settings (`billingWorkbench.connections`: a list of
// { name, baseUrl, kind?, clientId? }). The secret never comes from a file: BILLING_CLIENT_SECRET only.
// A cloned repository's .vscode/settings.json must not be able to send a user's secret elsewhere, so user
// settings win; a connection that only the workspace defines is refused unless --trust-workspace, and then
// the URL the secret goes to is printed.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { checkBaseUrl } from '../client';
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
  from: 'user' | 'workspace';
}

export function findConnection(
  name: string,
  opts: { env: NodeJS.ProcessEnv; cwd: string; trustWorkspace: boolean },
  io: Io,
): ConnectionChoice {
  const userFile = userSettingsFile(opts.env);
  const workspaceFile = path.join(opts.cwd, '.vscode', 'settings.json');
  const user = connectionsIn(userFile).find(c => c.name === name);
  const workspace = connectionsIn(workspaceFile).find(c => c.name === name);
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
  const known = [...connectionsIn(userFile), ...connectionsIn(workspaceFile)].map(c => `"${c.name}"`);
  const listed = known.length
    ? `known: ${[...new Set(known)].join(', ')}`
    : `none are listed under "${CONNECTIONS_KEY}"`;
  throw new InputError(`no connection "${name}" in ${userFile} or ${workspaceFile} (${listed})`);
}
