// An account a bill run cannot bill: the engine refuses to price it (a charge past its period limit, or amounts past
// what it computes exactly). Over several accounts (a clock move, a bill run over every account), such an account
// is left as it was and noted with why, so it never stops another account's bill.
import { MAX_PERIODS, PeriodLimit } from '../billing';
import { MoneyLimit } from '../money/limits';

/** Runs `bill` for one account; an engine limit notes it in `unbilled` (and gives undefined), anything else throws. */
export function priced<T>(account: string, until: string, unbilled: Map<string, string>, bill: () => T): T | undefined {
  try {
    return bill();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    unbilled.set(account, unbillable(e, until));
    return undefined;
  }
}

/** Why an account cannot be billed through `until`, for people. */
function unbillable(e: RangeError, until: string): string {
  if (e instanceof MoneyLimit) return e.message;
  if (e instanceof PeriodLimit) {
    return (
      `bill runs price at most ${MAX_PERIODS} billing periods of a charge from its start, and billing it through ` +
      `${until} passes that: a charge of it starts more than ${MAX_PERIODS} periods before`
    );
  }
  return `the billing engine cannot price it through ${until}: ${e.message}`;
}

/** The header a bill run over several accounts answers when it left some out (neither family's body has a field). */
export const UNBILLED_HEADER = 'Sandbox-Unbilled-Accounts';

/** The header: each account left out and why, as much as a header should carry (the first 20), in ASCII. */
export function unbilledHeader(unbilled: ReadonlyMap<string, string>): Record<string, string> {
  if (!unbilled.size) return {};
  const listed = [...unbilled].slice(0, 20).map(([n, why]) => `${n}: ${why}`);
  const more = unbilled.size > 20 ? [`and ${unbilled.size - 20} more`] : [];
  return { [UNBILLED_HEADER]: [...listed, ...more].join('; ').replace(/[^\x20-\x7e]/g, '?') };
}
