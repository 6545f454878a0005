// Hover on a plan_id / plan_number / price_id value: the plan with its charges, or the price with its plan,
// from the active connection's cached catalog (a fetch starts in the background when there is none).
import * as vscode from 'vscode';
import { planLines, planTitle, priceLine } from '../products';
import type { ProductCatalogs } from '../services/productCatalog';
import { catalogFieldAt } from './catalogFields';
import { documentation } from './catalogCompletion';

export class CatalogHover implements vscode.HoverProvider {
  constructor(private readonly catalogs: ProductCatalogs) {}

  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    const at = catalogFieldAt(doc, pos);
    if (!at || at.ref.value === undefined) return undefined;
    const { value: catalog, connection, loading } = this.catalogs.peek();
    if (!catalog) {
      return loading ? new vscode.Hover(`Loading the product catalog of ${connection.name}…`, at.range) : undefined;
    }
    const { field, value } = at.ref;
    if (field === 'price_id') {
      const price = catalog.price(value);
      if (!price) return undefined; // the catalog diagnostic says so
      const plan = catalog.planOf(price);
      const lines = [`${price.id} — ${priceLine(price)}`, ...(plan ? [`Plan: ${plan.id} — ${planTitle(plan)}`] : [])];
      return new vscode.Hover(documentation(lines, connection.name), at.range);
    }
    const plan = field === 'plan_number' ? catalog.planByNumber(value) : catalog.plan(value);
    if (!plan) return undefined;
    const lines = planLines(plan);
    lines[0] = `${plan.id} — ${lines[0]}`;
    return new vscode.Hover(documentation(lines, connection.name), at.range);
  }
}
