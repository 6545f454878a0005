// Completion of plan_id, plan_number and price_id from the active connection's product catalog: each plan
// with its name, product and charges (model, amounts per currency, billing period); price_id offers the
// charges of the plan in the same entry. A keystroke never waits: without a catalog yet, the list says
// "Loading…" (incomplete, so the next keystroke asks again) while the fetch runs in the background.
import * as vscode from 'vscode';
import { formatMoney } from '../client/money';
import {
  periodText,
  planLines,
  planTitle,
  priceLine,
  type CatalogPlan,
  type CatalogPrice,
  type CatalogRef,
  type ProductCatalog,
} from '../products';
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
    const items = itemsFor(at.ref, state.value, state.connection.name);
    items.forEach((item, i) => {
      item.range = at.range;
      item.sortText = String(i).padStart(5, '0');
    });
    return new vscode.CompletionList(items, false);
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

function itemsFor(ref: CatalogRef, catalog: ProductCatalog, connection: string): vscode.CompletionItem[] {
  if (ref.field === 'price_id') {
    const plan =
      ref.plan && (ref.plan.field === 'plan_id' ? catalog.plan(ref.plan.value) : catalog.planByNumber(ref.plan.value));
    return (plan ? plan.prices : catalog.allPrices).map(p => priceItem(p, catalog.planOf(p), connection));
  }
  const plans = ref.field === 'plan_number' ? catalog.plans.filter(p => p.number) : catalog.plans;
  return plans.map(p => planItem(p, ref.field === 'plan_number' ? p.number! : p.id, connection));
}

function planItem(plan: CatalogPlan, value: string, connection: string): vscode.CompletionItem {
  const charges = plan.prices.map(chargeSummary).join(' + ');
  const item = new vscode.CompletionItem(
    { label: value, description: `${plan.name}${charges ? ` — ${charges}` : ''}` },
    vscode.CompletionItemKind.Value,
  );
  item.insertText = item.filterText = JSON.stringify(value);
  item.detail = planTitle(plan);
  item.documentation = documentation(planLines(plan), connection);
  return item;
}

/** A charge in a line, in its first currency (the documentation lists them all): "25.00 USD per seat a month". */
function chargeSummary(p: CatalogPrice): string {
  const [currency, amount] = Object.entries(p.amounts)[0] ?? [];
  const money = currency ? formatMoney(amount!, currency) : p.name;
  return `${money}${p.perUnit ? ` per ${p.unitOfMeasure ?? 'unit'}` : ''} ${periodText(p)}`.trim();
}

function priceItem(price: CatalogPrice, plan: CatalogPlan | undefined, connection: string): vscode.CompletionItem {
  const item = new vscode.CompletionItem(
    { label: price.id, description: priceLine(price) },
    vscode.CompletionItemKind.Value,
  );
  item.insertText = item.filterText = JSON.stringify(price.id);
  item.detail = plan ? `${priceLine(price)} (${planTitle(plan)})` : priceLine(price);
  item.documentation = documentation(
    [priceLine(price), ...(plan ? [`Plan: ${plan.id} — ${planTitle(plan)}`] : [])],
    connection,
  );
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
