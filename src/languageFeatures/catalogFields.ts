// What the catalog features share: which documents they serve, the catalog field at a position, and the
// editor range of its value.
import * as vscode from 'vscode';
import { catalogRefAt, type CatalogRef } from '../products';
import { payloadKind } from './payloadDiagnostics';

/** Order and preview payloads name plans and prices; account files do not. */
export const namesCatalog = (doc: vscode.TextDocument) => {
  const kind = payloadKind(doc);
  return kind === 'order' || kind === 'preview';
};

/** The catalog field whose value is at `pos`, with the range its value takes (or the cursor, when none yet). */
export function catalogFieldAt(
  doc: vscode.TextDocument,
  pos: vscode.Position,
): { ref: CatalogRef; range: vscode.Range } | undefined {
  if (!namesCatalog(doc)) return undefined;
  const ref = catalogRefAt(doc.getText(), doc.offsetAt(pos));
  if (!ref) return undefined;
  const range =
    ref.offset === undefined
      ? new vscode.Range(pos, pos)
      : new vscode.Range(doc.positionAt(ref.offset), doc.positionAt(ref.offset + ref.length!));
  return { ref, range };
}
