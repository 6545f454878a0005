// Billing: Reset Local Sandbox: when the Local sandbox's data file cannot be used (corrupt, or not ours),
// back it up beside itself and start fresh, instead of failing on every request.
import * as vscode from 'vscode';
import type { ClientProvider } from '../connections/clientProvider';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';

export interface ResetOptions {
  /** Skip the confirmation (tests, and callers that already asked). */
  confirmed?: boolean;
}

export class ResetLocalSandboxCommand implements Command {
  readonly id = COMMANDS.resetLocalSandbox;
  constructor(private readonly clients: ClientProvider, private readonly log: vscode.LogOutputChannel) {}

  /** Returns the backup's path (undefined: there was no data file, or the person cancelled). */
  async execute(opts: ResetOptions = {}): Promise<string | undefined> {
    if (!opts.confirmed) {
      const answer = await vscode.window.showWarningMessage('Reset the Local sandbox?', {
        modal: true,
        detail: `Its data file is backed up beside itself and a fresh sandbox starts:\n${this.clients.localDataFile}`,
      }, 'Reset');
      if (answer !== 'Reset') return undefined;
    }
    try {
      const backup = await this.clients.resetLocalSandbox();
      void vscode.window.showInformationMessage(backup
        ? `Local sandbox reset. The old data is in ${backup}.`
        : 'Local sandbox reset: it had no data yet.');
      return backup;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.log.error(message);
      void vscode.window.showErrorMessage(message);
      return undefined;
    }
  }
}
