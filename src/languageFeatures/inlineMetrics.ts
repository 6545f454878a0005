// The figures of the document's last preview, in the payload itself: the totals on the top CodeLens line, and
// each subscription's and line item's delta MRR and TCB in a CodeLens over its opening brace. CodeLens rather
// than inlay hints: VS Code cuts inlay hints at 43 characters per line (editor.inlayHints.maximumLength),
// shorter than one entry's figures in one currency. When the content has changed since the preview (the body it
// would send, not the editor's version: an undo back to it is no change), the figures say so ("was …",
// "edited since preview") until the next preview replaces them; the caller says which (PreviewHistory.isStale).
import * as vscode from 'vscode';
import { metricsAt, metricsLabel, totalsLabel } from '../payloads';
import type { PreviewRecord } from '../services/previewHistory';

/**
 * "MRR +1,350.00 USD · TCB +16,700.00 USD · first invoice 350.00 USD on 2027-01-01", at the end of the top line
 * after Preview, Create and Validate (the first invoice when the answer lists billing documents).
 */
export function totalsLens(record: PreviewRecord, range: vscode.Range, stale: boolean): vscode.CodeLens {
  const label = totalsLabel(record.summary.totals, record.documents);
  return readOnly(range, stale ? `${label} (edited since preview)` : label, tooltip(record, stale));
}

/** "subscriptions[0]: MRR +350.00 USD · TCB +4,200.00 USD" over each entry the preview has figures for. */
export function entryLenses(
  doc: vscode.TextDocument,
  record: PreviewRecord,
  bodyPath: readonly string[],
  stale: boolean,
): vscode.CodeLens[] {
  const tip = tooltip(record, stale);
  return metricsAt(doc.getText(), record.summary, bodyPath).map(m => {
    const line = doc.positionAt(m.offset).line;
    const title = `${m.list}[${m.index}]: ${stale ? 'was ' : ''}${metricsLabel(m.sums)}`;
    return readOnly(new vscode.Range(line, 0, line, 0), title, tip);
  });
}

/** A CodeLens that only reads: with no command id, VS Code draws it as text rather than a link. */
function readOnly(range: vscode.Range, title: string, tooltip: string): vscode.CodeLens {
  return new vscode.CodeLens(range, { title, tooltip, command: '' });
}

function tooltip(record: PreviewRecord, stale: boolean): string {
  const billed = record.documents?.length
    ? ` and its first invoice (of ${record.documents.length} billing documents)`
    : '';
  const what = `Delta MRR and TCB (net)${billed} from the preview on ${record.connection} at ${new Date(record.at).toLocaleTimeString()}.`;
  return stale ? `${what} The text has changed since: preview again to update.` : what;
}
