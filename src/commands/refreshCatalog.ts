import * as vscode from 'vscode';
import type { Container } from '../services/container';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** Fetches the active connection's product catalog again (and forgets the accounts' subscriptions). */
export class RefreshCatalogCommand implements Command {
  readonly id = COMMANDS.refreshCatalog;
  constructor(private readonly services: Container) {}

  async execute(): Promise<number | undefined> {
    const name = this.services.connections.active().name;
    const title = `Fetching the product catalog of ${name}…`;
    this.services.subscriptions.clear(); // account subscriptions are fetched again on the next completion
    try {
      const catalog = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () =>
        this.services.catalogs.refresh(),
      );
      const prices = catalog.plans.reduce((n, p) => n + p.prices.length, 0);
      void vscode.window.showInformationMessage(
        `Product catalog of ${name}: ${catalog.plans.length} plans, ${prices} prices.`,
      );
      return catalog.plans.length;
    } catch (e) {
      void vscode.window.showErrorMessage(`Product catalog of ${name} not fetched: ${(e as Error).message}`);
      return undefined;
    }
  }
}
