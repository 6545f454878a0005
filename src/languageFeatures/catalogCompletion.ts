// Completion of plan_id, plan_number and price_id from the active connection's product catalog: each plan
// with its name, product and charges (model, amounts per currency, billing period); price_id offers the
// charges of the plan in the same entry. A keystroke never waits: without a catalog yet, the list says
// "Loading…" (incomplete, so the next keystroke asks again) while the fetch runs in the background. A large
// catalog is offered in part, what matches the typed text (src/products catalogChoices), incomplete likewise.
import * as vscode from 'vscode';
import { catalogChoices, type CatalogChoice } from '../products';
import type { CatalogState, ProductCatalogs } from '../services/productCatalog';
import { catalogFieldAt } from './catalogFields';

export const CATALOG_TRIGGERS = ['"'];

export class CatalogCompletion implements vscode.CompletionItemProvider {
  constructor(private readonly catalogs: ProductCatalogs) {}

  provideCompletionItems(doc: vscode.TextDocument, pos: vscode.Position): vscode.CompletionList | undefined {
    const at = catalogFieldAt(doc, pos);
    if (!at) return undefined;
    const state = this.catalogs.peek();
    const typed = doc.getText(at.range);
    if (!state.value) return new vscode.CompletionList([statusItem(state, at.range, typed)], true);
    // What is typed before the cursor: a large catalog is offered in part, matching it (catalogChoices).
    const before = doc.getText(new vscode.Range(at.range.start, pos));
    const { choices, incomplete } = catalogChoices(at.ref, state.value, before);
    const items = choices.map((choice, i) => {
      const item = choiceItem(choice, state.connection.name);
      item.range = at.range;
      item.sortText = String(i).padStart(5, '0');
      return item;
    });
    return new vscode.CompletionList(items, incomplete);
  }
}

/** "Loading the catalog of …" or why there is none; accepting it leaves the text as it is. */
function statusItem(state: CatalogState, range: vscode.Range, typed: string): vscode.CompletionItem {
  const label = state.loading
    ? `Loading the product catalog of ${state.connection.name}…`
    : `No product catalog of ${state.connection.name}: ${state.error ?? 'not fetched'}`;
  const item = new vscode.CompletionItem(label, vscode.CompletionItemKind.Event);
  item.range = range;
  item.insertText = typed;
  item.filterText = typed;
  item.detail = state.loading ? 'Suggestions appear with the next keystroke.' : 'Billing: Refresh Catalog tries again.';
  return item;
}

function choiceItem(choice: CatalogChoice, connection: string): vscode.CompletionItem {
  const item = new vscode.CompletionItem(
    { label: choice.value, description: choice.description },
    vscode.CompletionItemKind.Value,
  );
  item.insertText = item.filterText = JSON.stringify(choice.value);
  item.detail = choice.detail;
  item.documentation = documentation(choice.lines, connection);
  return item;
}

/**
 * Lines of text from the catalog: the service's data, so every markdown character is escaped (it reads as
 * text, never as a link or HTML). Not `appendText`, whose non-breaking spaces would keep long lines from
 * wrapping in the narrow details pane.
 */
export function documentation(lines: readonly string[], connection: string): vscode.MarkdownString {
  const text = [...lines, `From the product catalog of ${connection}.`].map(escapeMarkdown);
  return new vscode.MarkdownString(text.join('\n\n'));
}

const escapeMarkdown = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|<>~&:]/g, '\\$&');
