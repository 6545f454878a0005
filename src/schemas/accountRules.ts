// Card checks the schema cannot make: all warnings, since only the payment gateway decides.
import { isPublicTestCard, passesLuhn } from './card';
import type { PathSegment } from './findings';
import { isObj, type Obj } from './objects';
import type { RawFinding } from './rawFinding';

export function checkAccount(a: Obj, path: PathSegment[], out: RawFinding[], now: Date): void {
  const pm = a.payment_method;
  if (!isObj(pm) || !isObj(pm.card)) return;
  const card = pm.card,
    at = [...path, 'payment_method', 'card'];
  if (typeof card.card_number === 'string') {
    // A published test number is what the warning asks for (a tryout found it warned on 4242424242424242).
    if (!isPublicTestCard(card.card_number))
      out.push({
        code: 'card-data-in-file',
        severity: 'warning',
        path: [...at, 'card_number'],
        target: 'value',
        message: 'Card data does not belong in a file: use a test card number, and never commit a real one.',
      });
    if (!passesLuhn(card.card_number)) {
      out.push({
        code: 'card-luhn',
        severity: 'warning',
        path: [...at, 'card_number'],
        target: 'value',
        message:
          'This card number fails the Luhn check, so it is probably mistyped: no card network issues such a number.',
      });
    }
  }
  const m = card.expiry_month,
    written = card.expiry_year;
  // The service takes a two- or four-digit year (30 is 2030); other lengths are likely typos.
  const y = typeof written === 'number' && written >= 0 && written < 100 ? 2000 + written : written;
  if (typeof y === 'number' && Number.isInteger(y) && (y < 1000 || y > 9999)) {
    out.push({
      code: 'out-of-range',
      severity: 'warning',
      path: [...at, 'expiry_year'],
      target: 'value',
      message: `Write the expiry year with two or four digits (30 or 2030), not ${String(written)}.`,
    });
  } else if (typeof m === 'number' && typeof y === 'number' && m >= 1 && m <= 12) {
    const nowY = now.getUTCFullYear(),
      nowM = now.getUTCMonth() + 1;
    if (y < nowY || (y === nowY && m < nowM)) {
      out.push({
        code: 'card-expired',
        severity: 'warning',
        path: [...at, 'expiry_year'],
        target: 'value',
        message: `The card expired in ${String(m).padStart(2, '0')}/${y}.`,
      });
    }
  }
}
