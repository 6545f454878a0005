// How a plan or price reads in a completion item, a hover or a message: name, product, charge model,
// amount per currency (formatMoney) and billing period.
import { formatMoney } from '../client/money';
import type { CatalogPlan, CatalogPrice } from './catalog';

const MODELS: Record<string, string> = {
  per_unit: 'per unit',
  flat_fee: 'flat fee',
  volume: 'volume',
  tiered: 'tiered',
};
const TYPES: Record<string, string> = { recurring: 'recurring', one_time: 'one-time', usage: 'usage' };

export const modelName = (p: CatalogPrice) => (p.chargeModel ? (MODELS[p.chargeModel] ?? p.chargeModel) : 'price');

/** "a month", "every 3 months", "one-time". */
export function periodText(p: CatalogPrice): string {
  if (!p.interval) return TYPES[p.chargeType ?? ''] ?? p.chargeType ?? '';
  const n = p.intervalCount ?? 1;
  return n === 1 ? `a ${p.interval}` : `every ${n} ${p.interval}s`;
}

/** "25.00 USD / 23.00 EUR per seat": the amounts, in the order the service lists the currencies. */
export function amountsText(p: CatalogPrice): string {
  const amounts = Object.entries(p.amounts).map(([currency, amount]) => formatMoney(amount, currency));
  const unit = p.perUnit ? ` per ${p.unitOfMeasure ?? 'unit'}` : '';
  return amounts.length ? `${amounts.join(' / ')}${unit}` : 'no amount listed';
}

/** "Seats: per unit, 25.00 USD / 23.00 EUR per seat, a month". */
export function priceLine(p: CatalogPrice): string {
  const period = periodText(p);
  return `${p.name}: ${modelName(p)}, ${amountsText(p)}${period ? `, ${period}` : ''}`;
}

/** "Team, monthly · Team workspace". */
export function planTitle(plan: CatalogPlan): string {
  return plan.productName ? `${plan.name} · ${plan.productName}` : plan.name;
}

/** The plan and one line per charge, for hovers and documentation (plain text, one fact a line). */
export function planLines(plan: CatalogPlan): string[] {
  const number = plan.number ? ` (number ${plan.number})` : '';
  const lines = [`${planTitle(plan)}${number}${plan.active ? '' : ' — inactive'}`];
  for (const p of plan.prices) lines.push(`${p.id} — ${priceLine(p)}`);
  if (!plan.prices.length) lines.push('No prices listed.');
  return lines;
}
