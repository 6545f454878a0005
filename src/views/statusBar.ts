// The active connection in the status bar; production stands out in warning colours.
import * as vscode from 'vscode';
import type { ConnectionStore } from '../connections/connectionStore';
import { COMMANDS, commandFor } from '../commands/ids';
import { Disposable } from '../util/dispose';

export class ConnectionStatus extends Disposable {
  readonly item = this._register(
    vscode.window.createStatusBarItem('billingWorkbench.connection', vscode.StatusBarAlignment.Left, 50),
  );
  constructor(private readonly store: ConnectionStore) {
    super();
    this.item.name = 'Billing connection';
    this.item.command = commandFor(COMMANDS.switchConnection, 'Switch Connection');
    this._register(store.onDidChange(() => this.update()));
    this.update();
    this.item.show();
  }

  private update(): void {
    const c = this.store.active();
    const production = c.kind === 'production';
    this.item.text = `$(${production ? 'warning' : c.kind === 'local' ? 'vm' : 'server-environment'}) ${c.name}`;
    const where = c.kind === 'local' ? '' : `, ${c.baseUrl}`;
    const warning = production ? '\nProduction: every write asks first.' : '';
    this.item.tooltip = `Billing connection: ${c.name} (${c.kind}${where}). Click to switch.${warning}`;
    this.item.backgroundColor = production ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }
}
