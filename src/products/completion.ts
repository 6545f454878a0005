// What completion offers for a plan_id, plan_number or price_id value, as data (the editor makes items of
// it). A large catalog (10,000 plans) is never offered whole: the choices matching what is typed, best
// first, up to CHOICES_SHOWN, and `incomplete` when more match, so the editor asks again at the next
// keystroke and every plan is still reachable by typing.
import { formatMoney } from '../client/money';
import type { CatalogPlan, CatalogPrice, ProductCatalog } from './catalog';
import { periodText, planLines, planTitle, priceLine } from './describe';
import type { CatalogRef } from './fields';

/** Enough to scroll through; more only slows the first answer and the editor's own filtering. */
export const CHOICES_SHOWN = 200;

export interface CatalogChoice {
  /** The id or number inserted (JSON-quoted by the editor). */
  value: string;
  /** Beside the label: the plan's name and charges, or the price in a line. */
  description: string;
  detail: string;
  /** The documentation, one fact a line. */
  lines: string[];
}

export interface CatalogChoices {
  choices: CatalogChoice[];
  /** More match than are shown: the editor must ask again as the person types. */
  incomplete: boolean;
}

/**
 * The choices for `ref` whose value matches `typed` (the value's text before the cursor, quotes and all):
 * those starting with it first, then those containing it, then those holding its characters in order
 * (what the editor's own fuzzy filter may keep), each group in catalog order.
 */
export function catalogChoices(
  ref: Pick<CatalogRef, 'field' | 'plan'>,
  catalog: ProductCatalog,
  typed: string,
  limit = CHOICES_SHOWN,
): CatalogChoices {
  const candidates = candidatesFor(ref, catalog);
  const wanted = typed.replace(/^"|"$/g, '').toLowerCase();
  const ranked = wanted ? rank(candidates, wanted) : candidates;
  return {
    choices: ranked.slice(0, limit).map(c => c.choice()),
    incomplete: ranked.length > limit,
  };
}

interface Candidate {
  value: string;
  choice: () => CatalogChoice;
}

function candidatesFor(ref: Pick<CatalogRef, 'field' | 'plan'>, catalog: ProductCatalog): Candidate[] {
  if (ref.field === 'price_id') {
    const plan =
      ref.plan && (ref.plan.field === 'plan_id' ? catalog.plan(ref.plan.value) : catalog.planByNumber(ref.plan.value));
    return (plan ? plan.prices : catalog.allPrices).map(p => ({
      value: p.id,
      choice: () => priceChoice(p, catalog.planOf(p)),
    }));
  }
  const byNumber = ref.field === 'plan_number';
  const plans = byNumber ? catalog.plans.filter(p => p.number) : catalog.plans;
  return plans.map(p => {
    const value = byNumber ? p.number! : p.id;
    return { value, choice: () => planChoice(p, value) };
  });
}

function rank(candidates: Candidate[], wanted: string): Candidate[] {
  const starts: Candidate[] = [],
    contains: Candidate[] = [],
    inOrder: Candidate[] = [];
  for (const c of candidates) {
    const v = c.value.toLowerCase();
    const at = v.indexOf(wanted);
    if (at === 0) starts.push(c);
    else if (at > 0) contains.push(c);
    else if (holdsInOrder(v, wanted)) inOrder.push(c);
  }
  return [...starts, ...contains, ...inOrder];
}

function holdsInOrder(value: string, wanted: string): boolean {
  let i = 0;
  for (const ch of wanted) {
    i = value.indexOf(ch, i) + 1;
    if (i === 0) return false;
  }
  return true;
}

function planChoice(plan: CatalogPlan, value: string): CatalogChoice {
  const charges = plan.prices.map(chargeSummary).join(' + ');
  return {
    value,
    description: `${plan.name}${charges ? ` — ${charges}` : ''}`,
    detail: planTitle(plan),
    lines: planLines(plan),
  };
}

/** A charge in a line, in its first currency (the documentation lists them all): "25.00 USD per seat a month". */
function chargeSummary(p: CatalogPrice): string {
  const [currency, amount] = Object.entries(p.amounts)[0] ?? [];
  const money = currency ? formatMoney(amount!, currency) : p.name;
  return `${money}${p.perUnit ? ` per ${p.unitOfMeasure ?? 'unit'}` : ''} ${periodText(p)}`.trim();
}

function priceChoice(price: CatalogPrice, plan: CatalogPlan | undefined): CatalogChoice {
  return {
    value: price.id,
    description: priceLine(price),
    detail: plan ? `${priceLine(price)} (${planTitle(plan)})` : priceLine(price),
    lines: [priceLine(price), ...(plan ? [`Plan: ${plan.id} — ${planTitle(plan)}`] : [])],
  };
}
