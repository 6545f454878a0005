// Rounding money once, where the vendor rounds (an invoice item, a metric), by the tenant's rounding mode and to
// the currency's decimals. The vendor rounds every currency Half Up by default ("3.49 is rounded to 3 and 3.50 is
// rounded to 4"; Down and Up are per-currency choices):
//   https://docs.zuora.com/zuora-billing/set-up-zuora-billing/billing-settings-configuration/system-settings/
//     customization-of-currencies (Rounding Mode)
//   https://docs.zuora.com/en/basics/about-zuora/rounding-and-precision/data-type-rounding-rules (amounts and
//     the metrics MRR, TCV round by the currency's rules; prices never round)
// The modes are Java's (BigDecimal), symmetric about zero: half-up takes half away from zero, -0.125 is -0.13.
import { currencyDecimals } from '../../wire/money';
import { activeConventions, type Rounding } from './conventions';
import { add, exact, fromMinor, ZERO, type Exact } from './exact';

/** `a` in minor units (10^-decimals: cents for 2), rounded by `mode` (the sandbox's, by default). */
export function toMinor(a: Exact, decimals = 2, mode: Rounding = activeConventions().rounding): bigint {
  const negative = a.n < 0n;
  const scaled = (negative ? -a.n : a.n) * 10n ** BigInt(decimals);
  const q = scaled / a.d;
  const r = scaled % a.d;
  const sign = negative ? -1n : 1n;
  if (r === 0n) return sign * q;
  const twice = r * 2n;
  const up =
    mode === 'up' ||
    (mode === 'half-up' && twice >= a.d) ||
    (mode === 'half-down' && twice > a.d) ||
    (mode === 'half-even' && (twice > a.d || (twice === a.d && q % 2n === 1n)));
  return sign * (up ? q + 1n : q);
}

/** An exact amount rounded once to the currency's decimals by the sandbox's rounding mode. */
export const roundMoney = (a: Exact, currency?: string): number => {
  const decimals = currencyDecimals(currency);
  return fromMinor(toMinor(a, decimals), decimals);
};

/** The exact sum of amounts already answered (each read as the decimal it is written as), never float adds. */
export const sumOf = (amounts: readonly number[]): Exact => amounts.reduce((s, x) => add(s, exact(x)), ZERO);
