// Payment methods, as rules over the store's records: a card (its number checked, only its last 4 and how the
// test card answers kept), an ACH debit or a bank transfer (SEPA debit: its IBAN kept masked); the account's
// default; changed (billing details, custom fields, a card's expiry) and removed as entries, never in place.
import type { AccountRec, Store } from '../state/store';
import { newId } from '../state/ids';
import type { PaymentMethodRec, PaymentMethodType } from '../state/payments';
import { declineOf, digits, expiredOn, luhn } from './testCards';

/** A refusal in the payments' own terms: what to fix (`parameter`) and how; each HTTP family says it. */
export class PaymentRefused extends Error {
  constructor(
    readonly parameter: string | undefined,
    message: string,
    readonly code: 'invalid_parameter' | 'missing_parameter' | 'invalid_state' | 'not_found' = 'invalid_parameter',
  ) {
    super(message);
  }
}

export const METHOD_TYPES: readonly PaymentMethodType[] = ['card', 'ach_debit', 'sepa_debit'];

type Block = Record<string, unknown>;
export interface MethodInput {
  type: string;
  card?: Block;
  ach_debit?: Block;
  sepa_debit?: Block;
  billing_details?: Block;
  custom_fields?: Block;
}

/** "*******1234": what is answered of a number that is never shown whole. */
const masked = (n: unknown) => {
  const d = String(n ?? '');
  return '*'.repeat(Math.max(0, d.length - 4)) + d.slice(-4);
};

/** A new payment method of `account` from a create body's fields (checked by the family's schema first). */
export function newMethod(account: AccountRec, input: MethodInput, at: string): PaymentMethodRec {
  const type = input.type as PaymentMethodType;
  if (!METHOD_TYPES.includes(type)) {
    const kinds = METHOD_TYPES.join(', ');
    throw new PaymentRefused('type', `The Local sandbox keeps ${kinds} payment methods; ${input.type} is not one.`);
  }
  const block = input[type];
  if (!block) throw new PaymentRefused(type, `A ${type} payment method needs its ${type} object.`, 'missing_parameter');
  const rec: PaymentMethodRec = {
    id: newId(),
    account_id: account.id,
    account_number: account.account_number,
    type,
    details: detailsOf(type, block),
    ...(input.billing_details ? { billing_details: input.billing_details } : {}),
    ...(input.custom_fields ? { custom_fields: input.custom_fields } : {}),
    created_time: at,
  };
  const declines = type === 'card' ? declineOf(String(block.card_number)) : undefined;
  return declines ? { ...rec, declines } : rec;
}

function detailsOf(type: PaymentMethodType, b: Block): Block {
  if (type === 'card') {
    const number = String(b.card_number ?? '');
    if (!luhn(number)) {
      const hint = 'use a test card such as 4242424242424242 (README: Local sandbox, test cards)';
      throw new PaymentRefused('card.card_number', `card.card_number is not a card number: ${hint}.`);
    }
    const { brand, expiry_month, expiry_year } = b;
    return { brand, expiry_month, expiry_year, last_4: digits(number).slice(-4) };
  }
  if (type === 'ach_debit') {
    const { security_code: _s, bank_account_number, ...rest } = b;
    return { ...rest, bank_account_number: masked(bank_account_number) };
  }
  const { IBAN, ...rest } = b;
  return { ...rest, IBAN: masked(String(IBAN ?? '').replace(/\s/g, '')) };
}

export interface MethodStatus {
  removed: boolean;
  /** The fields changed since it was made, merged in order. */
  changed: Block;
  updated_time: string;
}

/** A method as its entries left it. */
export function methodStatus(store: Store, m: PaymentMethodRec): MethodStatus {
  const s: MethodStatus = { removed: false, changed: {}, updated_time: m.created_time };
  for (const e of store.payments.entriesOf(m.id)) {
    s.updated_time = e.at;
    if (e.kind === 'remove') s.removed = true;
    else if (e.kind === 'update') Object.assign(s.changed, e.fields);
  }
  return s;
}

/** A method that is kept and not removed; else a 404 in the payments' terms. */
export function liveMethod(store: Store, id: string): PaymentMethodRec {
  const m = store.payments.method(id);
  if (!m || methodStatus(store, m).removed)
    throw new PaymentRefused(undefined, `Payment method ${id} not found.`, 'not_found');
  return m;
}

/** The outcome of charging `m` on `today`: a decline of the test card or of its expiry, else undefined (it pays). */
export function chargeOutcome(store: Store, m: PaymentMethodRec, today: string) {
  if (m.declines) return m.declines;
  if (m.type !== 'card') return undefined;
  const card = { ...m.details, ...(methodStatus(store, m).changed.card as Block | undefined) };
  return expiredOn(Number(card.expiry_month), Number(card.expiry_year), today) ? 'expired_card' : undefined;
}

/** Changes a method: the fields PATCH may change, as an entry. */
export function updateMethod(store: Store, m: PaymentMethodRec, fields: Block, at: string): void {
  const kept: Block = {};
  for (const k of ['billing_details', 'custom_fields', 'card'] as const)
    if (fields[k] !== undefined) kept[k] = fields[k];
  if (kept.card && m.type !== 'card')
    throw new PaymentRefused('card', `Payment method ${m.id} is ${m.type}, not a card.`);
  if (kept.card) {
    const { expiry_month, expiry_year } = kept.card as Block;
    kept.card = {
      ...(expiry_month !== undefined ? { expiry_month } : {}),
      ...(expiry_year !== undefined ? { expiry_year } : {}),
    };
  }
  store.payments.addEntry({ kind: 'update', id: m.id, at, fields: kept });
}

export const makeDefault = (store: Store, m: PaymentMethodRec, at: string) =>
  store.payments.addEntry({ kind: 'default', id: m.id, account_id: m.account_id, at });

export const removeMethod = (store: Store, m: PaymentMethodRec, at: string) =>
  store.payments.addEntry({ kind: 'remove', id: m.id, at });
