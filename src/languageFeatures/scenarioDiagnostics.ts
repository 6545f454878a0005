// Live diagnostics for *.scenario.json: the core's readScenario findings (unknown step kinds and operations,
// references to missing or later steps, payload files that are missing or do not validate), on open and on
// change (debounced), cleared on close. Each read is handed on (onDidRead) so the Testing view's tree follows
// the text without reading it again. The scenario core is a lazy bundle: only a scenario file loads it.
import * as fs from 'fs';
import * as vscode from 'vscode';
import { readScenario, type ScenarioFile } from '../scenarios';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';
import { DocumentDebounce } from '../util/documentDebounce';
import { findingDiagnostic } from './findingDiagnostic';

/**
 * A scenario file on disk. The core reads the payload files a scenario names from the file system, so a
 * scenario elsewhere (untitled, a virtual workspace) would report them missing: it is not checked (never cry
 * wolf). Written here rather than taken from the core, so that testing a name loads nothing.
 */
export const isScenarioUri = (uri: vscode.Uri) => uri.scheme === 'file' && /\.scenario\.json$/i.test(uri.path);

/** A scenario read from its text: the open document's (unsaved edits count) or the file's. */
export interface ScenarioRead {
  uri: vscode.Uri;
  text: string;
  file: ScenarioFile;
}

/**
 * Reads the scenario at `uri` with `text`; payload files it names are read from open editors first (what the
 * person sees), then from disk.
 */
export function readScenarioText(uri: vscode.Uri, text: string): ScenarioRead {
  const open = new Map(vscode.workspace.textDocuments.map(d => [d.uri.fsPath, d]));
  const readText = (p: string) => open.get(p)?.getText() ?? readFile(p);
  const projectRoot = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath; // payload files stay in it
  return { uri, text, file: readScenario(text, { file: uri.fsPath, readText, projectRoot }) };
}

export class ScenarioDiagnostics extends Disposable {
  private readonly collection = this._register(
    vscode.languages.createDiagnosticCollection('billingWorkbench.scenarios'),
  );
  private readonly debounce = this._register(
    new DocumentDebounce(
      d => this.check(d),
      () => this.settings.values.debounceMs,
    ),
  );
  private readonly read = this._register(new vscode.EventEmitter<ScenarioRead>());
  /** A scenario document was read (and its diagnostics published). */
  readonly onDidRead = this.read.event;

  constructor(
    private readonly settings: Settings,
    private readonly docsUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(vscode.workspace.onDidOpenTextDocument(d => this.schedule(d, 0)));
    this._register(vscode.workspace.onDidChangeTextDocument(e => this.schedule(e.document)));
    this._register(vscode.workspace.onDidCloseTextDocument(d => this.clear(d.uri)));
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** Reads and publishes now (tests, and the run: it reads the text as it is). */
  check(doc: vscode.TextDocument): ScenarioRead | undefined {
    if (!isScenarioUri(doc.uri)) return undefined;
    let r: ScenarioRead;
    try {
      r = readScenarioText(doc.uri, doc.getText());
    } catch (e) {
      this.log.error(`scenario check failed on ${doc.uri.toString(true)}: ${e instanceof Error ? e.stack : String(e)}`);
      return undefined;
    }
    this.collection.set(
      doc.uri,
      r.file.findings.map(f => findingDiagnostic(doc, f, this.docsUri)),
    );
    this.read.fire(r);
    return r;
  }

  private schedule(doc: vscode.TextDocument, delay?: number): void {
    if (isScenarioUri(doc.uri)) this.debounce.schedule(doc, delay);
  }

  private clear(uri: vscode.Uri): void {
    this.debounce.cancel(uri);
    this.collection.delete(uri);
  }
}

function readFile(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}
