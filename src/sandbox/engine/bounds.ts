// What the Local sandbox takes in an order or preview body of either family, past what the service's schemas say,
// checked before anything is computed so that nothing kept can break a later bill run:
//   - dates within DATE_WINDOW_YEARS of the sandbox's today: a charge then starts at most 50 years before a bill
//     run dated today, well within the MAX_PERIODS (1200 monthly) periods the billing engine prices from a
//     charge's start (an order dated 1900 once stopped every clock move and bill run, for every account);
//   - amounts and quantities at most MAX_AMOUNT in size, so that every total is exact to the cent (limits.ts).
// Each family names its own fields; the first one out of bounds is answered, with its path and the bound.
import { addMonths, isRealDate } from '../../schemas/dates';
import { MAX_PERIODS } from '../billing';
import { amountMessage, MAX_AMOUNT } from '../money/limits';

/** How far from today a date may lie, either way. */
export const DATE_WINDOW_YEARS = 50;

export interface DateWindow {
  earliest: string;
  latest: string;
}

export function dateWindow(today: string): DateWindow {
  const months = 12 * DATE_WINDOW_YEARS;
  return { earliest: addMonths(today, -months), latest: addMonths(today, months) };
}

/** Which fields of a family's body hold dates, which amounts or quantities, and which hold neither it bills by. */
export interface FamilyFields {
  isDate(key: string): boolean;
  amounts: ReadonlySet<string>;
  /** The new account (its contacts, a tax certificate's dates): nothing in it is billed. */
  notBilled: ReadonlySet<string>;
}

export const V2_FIELDS: FamilyFields = {
  isDate: k => /(^|_)date$/.test(k) || ['contract_effective', 'service_activation', 'customer_acceptance'].includes(k),
  amounts: new Set([
    'unit_amount',
    'amount',
    'quantity',
    'up_to',
    'included_units',
    'list_unit_price',
    'discount_unit_amount',
    'discount_amount',
    'refund_amount',
  ]),
  notBilled: new Set(['account_data']),
};

export const V1_FIELDS: FamilyFields = {
  isDate: k => /(^d|D)ate$/.test(k),
  amounts: new Set([
    'listPrice',
    'amountPerUnit',
    'quantity',
    'price',
    'discountAmount',
    'includedUnits',
    'overagePrice',
    'startingUnit',
    'endingUnit',
  ]),
  notBilled: new Set(['newAccount', 'previewAccountInfo']),
};

export interface OutOfBounds {
  /** Where, as the family writes a path: `subscriptions[0].start_on.contract_effective`. */
  path: string;
  message: string;
}

/** Custom fields are the tenant's own: whatever they hold is not computed with. */
const isCustom = (key: string) => key === 'custom_fields' || key === 'customFields' || key.endsWith('__c');

/** The first date or amount of `body` outside what the sandbox takes, or undefined. */
export function outOfBounds(body: unknown, fields: FamilyFields, today: string): OutOfBounds | undefined {
  const window = dateWindow(today);
  const walk = (v: unknown, path: string, key: string): OutOfBounds | undefined => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], `${path}[${i}]`, key);
        if (found) return found;
      }
      return undefined;
    }
    if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (isCustom(k) || fields.notBilled.has(k)) continue;
        const found = walk(x, path ? `${path}.${k}` : k, k);
        if (found) return found;
      }
      return undefined;
    }
    if (typeof v === 'string' && fields.isDate(key) && isRealDate(v) && (v < window.earliest || v > window.latest)) {
      return { path, message: dateMessage(v, window, today) };
    }
    if (typeof v === 'number' && fields.amounts.has(key) && !(Math.abs(v) <= MAX_AMOUNT)) {
      return { path, message: amountMessage(v) };
    }
    return undefined;
  };
  return walk(body, '', '');
}

function dateMessage(date: string, w: DateWindow, today: string): string {
  return (
    `${date} is outside the dates the Local sandbox takes: ${w.earliest} to ${w.latest}, within ` +
    `${DATE_WINDOW_YEARS} years of its today (${today}), so that bill runs stay within the ${MAX_PERIODS} billing ` +
    'periods of a charge it prices. Give a date in that range, or start the sandbox on a date near it (--today).'
  );
}
