// Reset Local Sandbox: back the Local sandbox's data file up beside itself and start fresh, with the seeded
// accounts and catalog (a catalog copied in by Copy Catalog is in that file too). Offered when a start finds the
// file unusable (corrupt, or not ours), instead of failing on every request.
import * as vscode from 'vscode';
import type { ClientProvider } from '../connections/clientProvider';

export class SandboxReset implements vscode.Disposable {
  private readonly offer: vscode.Disposable;

  constructor(
    private readonly clients: ClientProvider,
    private readonly log: vscode.LogOutputChannel,
    /** After a reset: what cached the old sandbox's answers forgets them (the product catalog). */
    private readonly afterReset: () => void = () => undefined,
  ) {
    this.offer = clients.onDidFindUnusableData(e => {
      void vscode.window.showErrorMessage(e.message, 'Reset Local Sandbox').then(a => a && this.reset());
    });
  }

  /** Returns the backup's path (undefined: there was no data file, or the person cancelled). */
  async reset(confirmed = false): Promise<string | undefined> {
    if (!confirmed && !(await this.confirm())) return undefined;
    try {
      const backup = await this.clients.resetLocalSandbox();
      this.afterReset();
      void vscode.window.showInformationMessage(
        backup
          ? `Local sandbox reset to the seeded accounts and catalog. The old data is in ${backup}.`
          : 'Local sandbox reset: it had no data yet.',
      );
      return backup;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.log.error(message);
      void vscode.window.showErrorMessage(message);
      return undefined;
    }
  }

  private async confirm(): Promise<boolean> {
    const answer = await vscode.window.showWarningMessage(
      'Reset the Local sandbox?',
      {
        modal: true,
        detail:
          'Its data file is backed up beside itself and a fresh sandbox starts with the seeded accounts and ' +
          `catalog:\n${this.clients.localDataFile}`,
      },
      'Reset',
    );
    return answer === 'Reset';
  }

  dispose(): void {
    this.offer.dispose();
  }
}
