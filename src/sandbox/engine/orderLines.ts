// What an order answers beside its actions: its line items (one-time sales, each total an amount rounded once)
// and every metric as Money, exact to the cent or refused (money/limits.ts).
import type { PreviewRequestBody } from '../../schemas';
import { refused } from './refused';
import { exact, mul, type Exact } from '../money/exact';
import { MAX_AMOUNT, tooLarge } from '../money/limits';
import { roundMoney } from '../money/rounding';
import { money, type Money } from './metrics';
import type { Alloc } from './subscriptionBuild';

/** Money rounded once; a quantity of 1e308 is a clear 400, never a `null` metric. */
export function finiteMoney(amount: Exact, currency: string, parameter: string, what: string): Money {
  const m = money(amount, currency);
  if (!Number.isFinite(m.net_amount) || Math.abs(m.net_amount) > MAX_AMOUNT) {
    throw refused('invalid_parameter', parameter, `${what} are too large to compute: ${tooLarge}.`);
  }
  return m;
}

type LineItemInput = NonNullable<PreviewRequestBody['line_items']>[number];
export type LineItem = ReturnType<typeof lineItemOf>;

/** An order line item as the order answers it: one-time, its total = unit amount x quantity, rounded once. */
export function lineItemOf(li: LineItemInput, orderDate: string, alloc: Alloc, currency: string) {
  const unit = li.unit_amount ?? 0;
  const quantity = li.quantity ?? 1;
  const total = roundMoney(mul(exact(unit), exact(quantity)), currency);
  const itemNumber = alloc('LI');
  return {
    ...(itemNumber ? { item_number: itemNumber } : {}),
    name: li.name,
    type: li.type,
    category: 'sale',
    unit_amount: unit,
    quantity,
    start_date: li.start_date ?? orderDate,
    subtotal: total,
    total,
  };
}
