// Catalog findings: a plan or price the connection's catalog does not know. Warnings, never errors: the
// catalog may be out of date, and the service is the judge. Each names the connection and offers the
// closest ids. A price is checked against its plan's prices only when that list is whole.
import type { JSONPath } from 'jsonc-parser';
import type { CatalogPlan, ProductCatalog } from './catalog';
import { closestIds } from './closest';
import { catalogRefs, type CatalogRef } from './fields';

export type CatalogCode = 'unknown-plan' | 'unknown-price' | 'price-not-in-plan';

export interface CatalogFinding {
  code: CatalogCode;
  severity: 'warning';
  message: string;
  path: JSONPath;
  /** The value's range, quotes included. */
  offset: number;
  length: number;
  /** Ids to put instead, nearest first (may be empty). */
  suggestions: string[];
}

const quoted = (ids: readonly string[]) => ids.map(id => `"${id}"`).join(', ');
const didYouMean = (ids: readonly string[]) => (ids.length ? ` Did you mean ${quoted(ids)}?` : '');

export function checkCatalog(text: string, catalog: ProductCatalog, connection: string): CatalogFinding[] {
  const out: CatalogFinding[] = [];
  for (const ref of catalogRefs(text)) {
    if (!ref.value) continue; // not a string (the schema check says so), or not written yet
    const finding =
      ref.field === 'price_id' ? checkPrice(ref, catalog, connection) : checkPlan(ref, catalog, connection);
    if (finding) {
      out.push({ severity: 'warning', path: ref.path, offset: ref.offset!, length: ref.length!, ...finding });
    }
  }
  return out;
}

type Verdict = Pick<CatalogFinding, 'code' | 'message' | 'suggestions'>;

function checkPlan(ref: CatalogRef, catalog: ProductCatalog, connection: string): Verdict | undefined {
  const value = ref.value!;
  const byNumber = ref.field === 'plan_number';
  if (byNumber ? catalog.planByNumber(value) : catalog.plan(value)) return undefined;
  const known = catalog.plans.flatMap(p => (byNumber ? (p.number ? [p.number] : []) : [p.id]));
  const suggestions = closestIds(value, known);
  const what = byNumber ? 'Plan number' : 'Plan';
  const message = `${what} "${value}" is not in the product catalog of ${connection}.${didYouMean(suggestions)}`;
  return { code: 'unknown-plan', message, suggestions };
}

function planOfRef(ref: CatalogRef, catalog: ProductCatalog): CatalogPlan | undefined {
  if (!ref.plan) return undefined;
  return ref.plan.field === 'plan_id' ? catalog.plan(ref.plan.value) : catalog.planByNumber(ref.plan.value);
}

function checkPrice(ref: CatalogRef, catalog: ProductCatalog, connection: string): Verdict | undefined {
  const value = ref.value!;
  const plan = planOfRef(ref, catalog);
  const price = catalog.price(value);
  if (plan) {
    if (plan.prices.some(p => p.id === value) || !plan.pricesComplete) return undefined;
    const ids = plan.prices.map(p => p.id);
    const suggestions = closestIds(value, ids, 3, false);
    const owner = price ? catalog.planOf(price) : undefined;
    if (owner) {
      const message =
        `Price "${value}" belongs to plan "${owner.id}", not to "${plan.id}" (catalog of ${connection}).` +
        didYouMean(suggestions);
      return { code: 'price-not-in-plan', message, suggestions };
    }
    const message = `Price "${value}" is not a price of plan "${plan.id}" in the catalog of ${connection}.${didYouMean(suggestions)}`;
    return { code: 'unknown-price', message, suggestions };
  }
  if (price || !catalog.complete) return undefined;
  const suggestions = closestIds(
    value,
    catalog.allPrices.map(p => p.id),
  );
  const message = `Price "${value}" is not in the product catalog of ${connection}.${didYouMean(suggestions)}`;
  return { code: 'unknown-price', message, suggestions };
}
