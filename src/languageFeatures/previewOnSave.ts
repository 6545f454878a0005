// billingWorkbench.preview.onSave: re-preview on save. "auto" = on for the Local sandbox, off for others
// (sandbox tenants allow 10,000 requests a day). Never in an untrusted workspace: there, nothing is sent
// from workspace files without the user's explicit action. The preview itself is live preview's (handed in):
// one per content, so a save just after a typing pause's preview sends nothing, and no popups.
import * as vscode from 'vscode';
import type { ConnectionStore } from '../connections/connectionStore';
import { kindFromFileName } from '../schemas';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';

export class PreviewOnSave extends Disposable {
  constructor(store: ConnectionStore, settings: Settings, preview: (doc: vscode.TextDocument) => void) {
    super();
    this._register(
      vscode.workspace.onDidSaveTextDocument(doc => {
        const kind = kindFromFileName(doc.uri.path);
        if (kind !== 'order' && kind !== 'preview') return;
        const mode = settings.values.previewOnSave;
        const on = mode === 'on' || (mode === 'auto' && store.active().kind === 'local');
        if (on && vscode.workspace.isTrusted) preview(doc);
      }),
    );
  }
}
