// How a plan or price reads in a completion item, a hover or a message: name, product, charge model,
// amount per currency (formatMoney), tiers, discounts and billing period.
import { formatMoney } from '../client/money';
import type { CatalogPlan, CatalogPrice } from './catalog';

const MODELS: Record<string, string> = {
  per_unit: 'per unit',
  flat_fee: 'flat fee',
  volume: 'volume',
  tiered: 'tiered',
  discount_percentage: 'percentage discount',
  discount_fixed_amount: 'fixed discount',
};
const TYPES: Record<string, string> = { recurring: 'recurring', one_time: 'one-time', usage: 'usage' };

export const modelName = (p: CatalogPrice) => (p.chargeModel ? (MODELS[p.chargeModel] ?? p.chargeModel) : 'price');

/** "a month", "every 3 months", "one-time"; usage: "billed a month in arrears". */
export function periodText(p: CatalogPrice): string {
  if (!p.interval) return TYPES[p.chargeType ?? ''] ?? p.chargeType ?? '';
  const n = p.intervalCount ?? 1;
  const period = n === 1 ? `a ${p.interval}` : `every ${n} ${p.interval}s`;
  return p.chargeType === 'usage' ? `usage, billed ${period} in arrears` : period;
}

/** A price as people read money; one finer than the currency's cents as written (0.002 USD per call). */
function priceText(amount: number, currency: string): string {
  const text = formatMoney(amount, currency);
  const shown = Number(text.replace(/[^\d.]/g, ''));
  return shown === Math.abs(amount) ? text : `${amount} ${currency}`;
}

const moneyList = (amounts: Record<string, number>) =>
  Object.entries(amounts).map(([currency, amount]) => priceText(amount, currency));

/**
 * "25.00 USD / 23.00 EUR per seat": the amounts, in the order the service lists the currencies; tiers one after
 * the other ("0.50 USD per GB up to 100, then 0.40 USD per GB"); a discount: "20% off", "50.00 USD off".
 */
export function amountsText(p: CatalogPrice): string {
  const unit = ` per ${p.unitOfMeasure ?? 'unit'}`;
  if (p.discountPercent !== undefined) return `${p.discountPercent}% off`;
  if (p.tiers) {
    const tiers = p.tiers.map(t => {
      const upTo = t.upTo !== undefined ? ` up to ${t.upTo.toLocaleString('en-US')}` : '';
      return `${moneyList(t.amounts).join(' / ')}${t.flat ? '' : unit}${upTo}`;
    });
    const mode = p.tiersMode === 'volume' ? 'all units at the tier reached: ' : '';
    return `${mode}${tiers.join(', then ')}`;
  }
  const amounts = moneyList(p.amounts);
  if (!amounts.length) return 'no amount listed';
  if (p.chargeModel === 'discount_fixed_amount') return `${amounts.join(' / ')} off`;
  return `${amounts.join(' / ')}${p.perUnit ? unit : ''}`;
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
