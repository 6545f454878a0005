// Copy Catalog to Local Sandbox: the active connection's plans and prices (every page of GET /v2/plans) replace
// the Local sandbox's catalog, so previews there use that tenant's ids and numbers. Progress with Cancel; the
// message says how many were copied, which prices the sandbox cannot price, and that Reset Local Sandbox restores
// the seed. The work itself is the core's `copyCatalog`.
import * as vscode from 'vscode';
import { ApiError } from '../client';
import { SignInRequired, type ClientProvider } from '../connections/clientProvider';
import { LOCAL_CONNECTION, type ConnectionStore } from '../connections/connectionStore';
import type { Credentials } from '../connections/credentials';
import { copiedMessage, copyCatalog, type CopiedCatalog } from '../products';
import type { ProductCatalogs } from './productCatalog';

export interface CatalogCopyDeps {
  clients: ClientProvider;
  connections: ConnectionStore;
  credentials: () => Credentials;
  /** Forgotten after a copy: the Local sandbox's completion lists the copied plans at its next use. */
  catalogs: () => ProductCatalogs;
  log: vscode.LogOutputChannel;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export class CatalogCopy {
  constructor(private readonly deps: CatalogCopyDeps) {}

  /** Copies the active connection's catalog; undefined when nothing was copied (said why, or cancelled). */
  async copy(): Promise<CopiedCatalog | undefined> {
    const source = this.deps.connections.active();
    if (source.kind === 'local') {
      void vscode.window.showWarningMessage(
        'Copy Catalog to Local Sandbox copies the active connection’s catalog into the Local sandbox: switch to ' +
          'the connection whose plans you want (Billing: Switch Connection...), then run it again.',
      );
      return undefined;
    }
    const title = `Copying the catalog of ${source.name} to the Local sandbox`;
    const options = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
    try {
      const copied = await vscode.window.withProgress(options, async (progress, token) => {
        const ac = new AbortController();
        token.onCancellationRequested(() => ac.abort());
        const from = await this.deps.clients.clientFor(source);
        const local = await this.deps.clients.clientFor(LOCAL_CONNECTION);
        const onPage = (pages: number, plans: number) =>
          progress.report({ message: `${plural(plans, 'plan')} read (${plural(pages, 'page')})` });
        return copyCatalog(from, local, { signal: ac.signal, onPage });
      });
      this.deps.catalogs().clear();
      const message = copiedMessage(source.name, copied);
      this.deps.log.info(message);
      void vscode.window.showInformationMessage(message);
      return copied;
    } catch (e) {
      return this.failed(source.name, e);
    }
  }

  private failed(source: string, e: unknown): undefined {
    if (e instanceof ApiError && e.kind === 'cancelled') {
      void vscode.window.setStatusBarMessage('Copy Catalog cancelled: the Local sandbox keeps its catalog.', 5000);
      return undefined;
    }
    if (e instanceof SignInRequired) {
      void vscode.window.showWarningMessage(e.message, 'Sign In').then(action => {
        if (action) void this.deps.credentials().signInActive();
      });
      return undefined;
    }
    const message = `The catalog of ${source} was not copied: ${e instanceof Error ? e.message : String(e)} The Local sandbox keeps its catalog.`;
    this.deps.log.error(message);
    void vscode.window.showErrorMessage(message);
    return undefined;
  }
}
