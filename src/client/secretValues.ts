// Values that are secret whatever field holds them: card numbers (plain, grouped by spaces, dashes or dots) and
// IBANs. Each is masked but for its last four characters, so a person can still tell two apart.
import { passesLuhn } from '../schemas/card'; // a file of its own: no validator comes with it

const MASK = '***';

export function maskCard(m: string): string {
  const digits = m.replace(/\D/g, '');
  return digits.length < 13 || digits.length > 19 ? m : `${MASK}${digits.slice(-4)}`;
}

/** 4111.1111.1111.1111: only when it passes the Luhn check, as dotted digits are often something else. */
export function maskDottedCard(m: string): string {
  const digits = m.replace(/\D/g, '');
  return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits) ? maskCard(m) : m;
}

/** The countries of the IBAN registry (ISO 13616): two capitals and two digits elsewhere are no IBAN. */
const IBAN_COUNTRIES = new Set(
  (
    'AD AE AL AT AZ BA BE BG BH BI BR BY CH CR CY CZ DE DJ DK DO EE EG ES FI FK FO FR GB GE GI GL GR GT HR HU IE ' +
    'IL IQ IS IT JO KW KZ LB LC LI LT LU LV LY MC MD ME MK MN MR MT MU NI NL NO OM PK PL PS PT QA RO RS RU SA SC ' +
    'SD SE SI SK SM SO ST SV TL TN TR UA VA VG XK YE'
  ).split(' '),
);

/** ISO 7064 MOD 97-10, as every IBAN's check digits make it: the first four characters moved to the end. */
function ibanChecks(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const c of moved) {
    const v = c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55;
    rest = (v > 9 ? rest * 100 + v : rest * 10 + v) % 97;
  }
  return rest === 1;
}

/** An IBAN, compact or in groups of four (DE89 3704 0044 0532 0130 00); anything else is kept as it is. */
export function maskIban(m: string): string {
  const iban = m.replace(/ /g, '');
  if (iban.length < 15 || iban.length > 34 || !IBAN_COUNTRIES.has(iban.slice(0, 2)) || !ibanChecks(iban)) return m;
  return `${MASK}${iban.slice(-4)}`;
}

/** Where an IBAN may be: a country, two check digits, then 11 to 30 capitals or digits, by fours or not. */
export const IBAN_SHAPE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])/g;
