// Test card numbers that answer in documented ways, as payment sandboxes have them (README, "Test cards"): any
// other number pays. A card past its expiry declines as expired whatever its number. Only the outcome and the last
// 4 digits are kept, never the number.
import type { Decline } from '../state/payments';

export interface TestCard {
  number: string;
  declines?: Decline;
  says: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', says: 'pays' },
  { number: '5555555555554444', says: 'pays (Mastercard)' },
  { number: '4000000000000002', declines: 'generic_decline', says: 'declines: generic decline' },
  { number: '4000000000009995', declines: 'insufficient_funds', says: 'declines: insufficient funds' },
  { number: '4000000000000069', declines: 'expired_card', says: 'declines: expired card' },
];

/** What the gateway answers for each outcome: its response code and message (a payment keeps both). */
export const GATEWAY_ANSWERS: Record<Decline | 'approve', { code: string; message: string }> = {
  approve: { code: 'approve', message: 'This transaction has been approved by the Local sandbox test gateway.' },
  generic_decline: { code: 'generic_decline', message: 'Transaction declined: the card was declined (generic).' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Transaction declined: insufficient funds.' },
  expired_card: { code: 'expired_card', message: 'Transaction declined: the card has expired.' },
};

/** How a card number answers a charge (undefined: it pays). */
export const declineOf = (cardNumber: string): Decline | undefined =>
  TEST_CARDS.find(c => c.number === digits(cardNumber))?.declines;

/** Only the digits (a number written with spaces or dashes is the same card). */
export const digits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/** Whether a number passes the Luhn check every card number passes. */
export function luhn(cardNumber: string): boolean {
  const d = digits(cardNumber);
  if (!/^\d{12,19}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let x = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
    sum += x;
  }
  return sum % 10 === 0;
}

/** Whether a card expiring at the end of month/year has expired on `today` (YYYY-MM-DD). */
export const expiredOn = (month: number, year: number, today: string) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}` < today.slice(0, 7);
