// billingWorkbench.preview.onSave: re-preview on save. "auto" = on for the Local sandbox, off for others
// (sandbox tenants allow 10,000 requests a day). Never in an untrusted workspace: there, nothing is sent
// from workspace files without the user's explicit action.
import * as vscode from 'vscode';
import type { ConnectionStore } from '../connections/connectionStore';
import { kindFromFileName } from '../schemas';
import type { PayloadRequests } from '../services/payloadRequests';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';

export class PreviewOnSave extends Disposable {
  constructor(store: ConnectionStore, settings: Settings, requests: () => PayloadRequests) {
    super();
    this._register(
      vscode.workspace.onDidSaveTextDocument(doc => {
        const kind = kindFromFileName(doc.uri.path);
        if (kind !== 'order' && kind !== 'preview') return;
        const mode = settings.values.previewOnSave;
        const on = mode === 'on' || (mode === 'auto' && store.active().kind === 'local');
        if (on && vscode.workspace.isTrusted) void requests().preview(doc, { silent: true });
      }),
    );
  }
}
