// What v1 payment bodies ask, in the payments' own terms (payments/): a payment method from POST /v1/payment-methods
// or an account's creditCard / paymentMethod block (CreditCard, ACH, SEPA; the card's number checked and never kept),
// invoices to apply a payment to, and the payments' refusals said in v1's shape. Fields the sandbox does not read are
// never an error; the ones it reads must have their types (the contract's check runs first).
import type { MethodInput } from '../payments/methods';
import type { Application } from '../payments/payments';
import { PaymentRefused } from '../payments/methods';
import type { Store } from '../state/store';
import { CATEGORY, invalid, notServed, v1Error, type V1Resource } from './errors';
import { BRAND_V1 } from './paymentView';

type Body = Record<string, unknown>;

/** The payment rules name v2's fields: a v1 answer names the v1 body's instead (v2 name -> v1 name). */
export type V1Names = Readonly<Record<string, string>>;
export const V1_METHOD_FIELDS: V1Names = { 'card.card_number': 'cardNumber' };
/** The same card given as an account's creditCard block (POST/PUT /v1/accounts). */
export const V1_ACCOUNT_CARD_FIELDS: V1Names = { 'card.card_number': 'creditCard.cardNumber' };

/** The v1 payment method types the sandbox keeps. */
export const KEPT_TYPES_V1 = ['CreditCard', 'ACH', 'SEPA'];

/**
 * Runs a rule of the payments (or the memos); what it refuses is v1's 400 (or 404) of `resource`, its message led
 * by the field it names when `naming`.
 */
export function payingV1<T>(resource: V1Resource, act: () => T, naming = false, fields: V1Names = V1_METHOD_FIELDS): T {
  try {
    return act();
  } catch (e) {
    if (!(e instanceof PaymentRefused)) throw e;
    const message = Object.entries(fields).reduce((m, [v2, v1]) => m.split(v2).join(v1), e.message);
    if (e.code === 'not_found') throw v1Error('unknown', CATEGORY.notFound, message);
    const category =
      e.code === 'invalid_state'
        ? CATEGORY.rule
        : e.code === 'missing_parameter'
          ? CATEGORY.missingField
          : CATEGORY.invalidValue;
    const field = naming && e.parameter ? `${fields[e.parameter] ?? e.parameter}: ` : '';
    throw v1Error(resource, category, `${field}${message}`);
  }
}

const BRAND_V2 = Object.fromEntries(Object.entries(BRAND_V1).map(([v2, v1]) => [v1.toLowerCase(), v2]));
const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const defined = (o: Body) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A v1 payment method body (POST /v1/payment-methods, or an account's creditCard with type CreditCard). */
export function methodInputV1(b: Body): MethodInput {
  const type = b.type;
  if (type === 'CreditCard') {
    const holder = (b.cardHolderInfo ?? {}) as Body;
    return {
      type: 'card',
      card: defined({
        card_number: text(b.cardNumber),
        brand: BRAND_V2[String(b.cardType ?? '').toLowerCase()],
        expiry_month: Number(b.expirationMonth),
        expiry_year: Number(b.expirationYear),
      }),
      ...(Object.keys(holder).length ? { billing_details: holderDetails(holder, 'cardHolderName') } : {}),
    };
  }
  if (type === 'ACH') {
    return {
      type: 'ach_debit',
      ach_debit: defined({
        bank_aba_code: text(b.bankABACode),
        bank_account_name: text(b.bankAccountName),
        bank_account_number: text(b.bankAccountNumber),
        bank_account_type: ACH_TYPES[String(b.bankAccountType)] ?? text(b.bankAccountType),
        bank_name: text(b.bankName),
      }),
    };
  }
  if (type === 'SEPA') {
    const holder = (b.accountHolderInfo ?? {}) as Body;
    return {
      type: 'sepa_debit',
      sepa_debit: defined({ IBAN: text(b.IBAN), account_holder_name: text(holder.accountHolderName) }),
      ...(Object.keys(holder).length ? { billing_details: holderDetails(holder, 'accountHolderName') } : {}),
    };
  }
  throw notServed('paymentMethod', `A ${String(type)} payment method (the Local sandbox keeps CreditCard, ACH, SEPA)`);
}

const ACH_TYPES: Record<string, string> = {
  BusinessChecking: 'business_checking',
  BusinessSaving: 'business_saving',
  Checking: 'checking',
  Saving: 'saving',
};

/** v1's card or account holder as v2's billing_details. */
export function holderDetails(h: Body, nameField: string): Body {
  const address = defined({
    line1: text(h.addressLine1),
    line2: text(h.addressLine2),
    city: text(h.city),
    state: text(h.state),
    country: text(h.country),
    postal_code: text(h.zipCode),
  });
  return defined({
    name: text(h[nameField]),
    email: text(h.email),
    phone: text(h.phone),
    ...(Object.keys(address).length ? { address } : {}),
  });
}

/** invoices[] of a v1 payment body (invoiceId or invoiceNumber, amount) as the payments' applications. */
export function invoicesV1(store: Store, list: unknown, resource: V1Resource): Application[] | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) throw invalid(resource, 'invoices', 'a list of {invoiceId, amount}.');
  return list.map((x, i) => {
    const a = (x ?? {}) as Body;
    const key = text(a.invoiceId ?? a.invoiceNumber);
    const d = key === undefined ? undefined : store.documents.get(key);
    if (!d || d.type !== 'invoice') throw invalid(resource, `invoices[${i}].invoiceId`, `no invoice ${key}.`);
    if (typeof a.amount !== 'number') throw invalid(resource, `invoices[${i}].amount`, 'an amount, such as 100.5.');
    return { id: d.id, type: 'invoice', amount: a.amount };
  });
}
