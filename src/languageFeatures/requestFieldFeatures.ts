// Completion and hover in a request file's body, from the operation's contract (src/payloads/requestFields):
// field names (required first) at every depth with what each takes, enum values, and on hover a field's
// type, whether it is required, every allowed value and its range.
import * as vscode from 'vscode';
import { requestHoverAt, requestOffersAt, type FieldOffer } from '../payloads';

export const REQUEST_FILES: vscode.DocumentSelector = [{ pattern: '**/*.request.json' }];
export const REQUEST_FIELD_TRIGGERS = ['"'];

export class RequestFieldCompletion implements vscode.CompletionItemProvider {
  provideCompletionItems(doc: vscode.TextDocument, pos: vscode.Position): vscode.CompletionItem[] | undefined {
    const offers = requestOffersAt(doc.getText(), doc.offsetAt(pos));
    if (!offers) return undefined;
    const range = offers.replace
      ? new vscode.Range(
          doc.positionAt(offers.replace.offset),
          doc.positionAt(offers.replace.offset + offers.replace.length),
        )
      : undefined;
    const fields = (offers.fields ?? []).map((f, i) => {
      const item = new vscode.CompletionItem(
        { label: f.name, description: f.summary },
        f.required ? vscode.CompletionItemKind.Field : vscode.CompletionItemKind.Property,
      );
      item.insertText = new vscode.SnippetString(`"${f.name}": ${valueSnippet(f)}`);
      item.filterText = `"${f.name}"`;
      item.sortText = String(i).padStart(4, '0');
      item.documentation = new vscode.MarkdownString(f.details.join('\n\n'));
      if (range) item.range = range;
      return item;
    });
    const values = (offers.values ?? []).map((v, i) => {
      const item = new vscode.CompletionItem(v.label, vscode.CompletionItemKind.EnumMember);
      item.insertText = v.json;
      item.filterText = v.json;
      item.sortText = String(i).padStart(4, '0');
      if (range) item.range = range;
      return item;
    });
    return [...fields, ...values];
  }
}

export class RequestFieldHover implements vscode.HoverProvider {
  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    const h = requestHoverAt(doc.getText(), doc.offsetAt(pos));
    if (!h) return undefined;
    const range = new vscode.Range(doc.positionAt(h.offset), doc.positionAt(h.offset + h.length));
    return new vscode.Hover(new vscode.MarkdownString(h.markdown), range);
  }
}

function valueSnippet(f: FieldOffer): string {
  switch (f.valueKind) {
    case 'string':
      return '"$1"';
    case 'object':
      return '{$1}';
    case 'array':
      return '[$1]';
    case 'number':
      return '${1:0}';
    case 'boolean':
      return '${1:false}';
    default:
      return '$1';
  }
}
