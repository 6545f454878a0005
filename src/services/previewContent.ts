// What a document would preview now, as core's previewContent: the body Preview and live preview send, built
// from the parse the diagnostics keep per version. Kept per document version: the lenses ask at every refresh.
import type * as vscode from 'vscode';
import { previewContent } from '../client';
import type { PayloadDiagnostics } from '../languageFeatures/payloadDiagnostics';
import { orderFile, orderPreviewBody } from '../payloads';
import type { ContentOf } from './previewHistory';

export function documentContents(diagnostics: PayloadDiagnostics, periods: () => number | undefined): ContentOf {
  const kept = new WeakMap<vscode.TextDocument, { version: number; periods?: number; content?: string }>();
  return (doc, parse) => {
    const n = periods();
    const k = kept.get(doc);
    if (k && k.version === doc.version && k.periods === n) return k.content;
    const parsed = parse ? diagnostics.parsed(doc) : diagnostics.parsedIfDone(doc);
    if (!parsed) return null;
    const { value } = parsed;
    const order = orderFile(doc.uri.path, value);
    const content =
      order && value !== undefined
        ? previewContent(
            orderPreviewBody(order, value as Record<string, unknown>, n),
            order.api === 'v1' ? 'v1' : undefined,
          )
        : undefined;
    kept.set(doc, { version: doc.version, periods: n, content });
    return content;
  };
}
