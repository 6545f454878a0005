// An amount as the service answers it, and the one rounding to cents that both the sandbox (computing
// metrics) and the preview summary (adding them up) use.
export interface Money {
  gross_amount: number;
  net_amount: number;
  currency: string;
}

/**
 * Rounds to cents, half a cent away from zero, on the decimal the number is written as: 2.135 is 2.14 (though
 * its double lies just below), and -2.135 is -2.14, so a change and its reversal cancel. Shifting the decimal
 * point in the text keeps binary representation out of it; an epsilon cannot (it is lost past 2).
 */
export const round2 = (n: number): number => {
  if (!Number.isFinite(n)) return n;
  const [digits, exponent] = Math.abs(n).toExponential().split('e');
  const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`));
  return (n < 0 ? -cents : cents) / 100;
};

/** A number as the decimal it is written as: digits and the power of ten they are scaled by (0.35 is 35, -2). */
function decimalOf(n: number): { digits: bigint; scale: number } {
  const [mantissa, exponent] = Math.abs(n).toExponential().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction) * (n < 0 ? -1n : 1n);
  return { digits, scale: Number(exponent) - fraction.length };
}

/**
 * The sum of amounts the service answered (each already rounded), added as integers of their smallest unit (cents,
 * or finer if an amount has more decimals) so that no binary-float error creeps in: 0.1 + 0.2 is 0.3.
 */
export function addAmounts(...amounts: number[]): number {
  const parts = amounts.filter(Number.isFinite).map(decimalOf);
  if (!parts.length) return 0;
  const scale = Math.min(0, ...parts.map(p => p.scale));
  const sum = parts.reduce((t, p) => t + p.digits * 10n ** BigInt(p.scale - scale), 0n);
  if (scale === 0) return Number(sum);
  const abs = sum < 0n ? -sum : sum;
  const unit = 10n ** BigInt(-scale);
  return Number(`${sum < 0n ? '-' : ''}${abs / unit}.${String(abs % unit).padStart(-scale, '0')}`);
}

const MINUS = '\u2212';
const formatters = new Map<string, Intl.NumberFormat>();

const decimalsOf = new Map<string, number>();

/** The currency's own number of decimals (2 for USD, 0 for JPY); 2 for a code Intl does not know. */
export function currencyDecimals(currency: string | undefined): number {
  if (!currency) return 2;
  let digits = decimalsOf.get(currency);
  if (digits === undefined) {
    try {
      const f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      digits = f.resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    decimalsOf.set(currency, digits);
  }
  return digits;
}

function formatter(currency: string | undefined): Intl.NumberFormat {
  const key = currency ?? '';
  let f = formatters.get(key);
  if (!f) {
    const digits = currencyDecimals(currency);
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

/**
 * An amount as people read money: grouped, with the currency's decimals, a true minus sign, and with
 * `signed` a plus for gains (a change): `+1,350.00 USD`, `−250.00 USD`, `16,700.00`. Zero has no sign.
 */
export function formatMoney(amount: number, currency?: string, opts: { signed?: boolean } = {}): string {
  const digits = formatter(currency).format(Math.abs(amount));
  const zero = Number(digits.replace(/,/g, '')) === 0;
  const sign = zero ? '' : amount < 0 ? MINUS : opts.signed ? '+' : '';
  return `${sign}${digits}${currency ? ` ${currency}` : ''}`;
}
