/** Luhn checksum of a card number (spaces and dashes ignored). */
export function passesLuhn(cardNumber: string): boolean {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Card numbers published as test numbers (the Local sandbox's own, payments/testCards.ts, and the networks' and
 * gateways' common ones): no card holder has them, so a file may hold them.
 */
export const PUBLIC_TEST_CARDS: ReadonlySet<string> = new Set([
  '4242424242424242', // Visa: the Local sandbox pays
  '5555555555554444', // Mastercard: pays
  '4000000000000002', // declines: generic decline
  '4000000000009995', // declines: insufficient funds
  '4000000000000069', // declines: expired card
  '4111111111111111', // Visa
  '4012888888881881', // Visa
  '5105105105105100', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '3566002020360505', // JCB
]);

/** Whether a number is a published test card (spaces and dashes ignored). */
export const isPublicTestCard = (cardNumber: string) => PUBLIC_TEST_CARDS.has(cardNumber.replace(/[\s-]/g, ''));
