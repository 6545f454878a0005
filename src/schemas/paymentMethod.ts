// Payment methods of a new account: one object per method type, each closed, with the fields the
// service requires for that type.
import * as z from 'zod';
import { customFields, flag, int, num, once, oneOf, text } from './common';

export const CARD_BRANDS = ['visa', 'mastercard', 'american_express', 'discover', 'jcb', 'diners'] as const;
export const PAYMENT_METHOD_TYPES = [
  'card',
  'cc_ref',
  'apple_pay',
  'adyen_apple_pay',
  'adyen_google_pay',
  'paypal',
  'paypal_express',
  'paypal_express_native',
  'paypal_adaptive',
  'ach_debit',
  'sepa_debit',
  'betalings_debit',
  'autogiro_debit',
  'bacs_debit',
  'au_becs_debit',
  'nz_becs_debit',
  'pad_debit',
  'wire_transfer',
  'check',
  'cash',
  'other',
] as const;
export const BANK_ACCOUNT_TYPES = ['business_saving', 'business_checking', 'checking', 'saving'] as const;

/**
 * The payer's and each method type's details: built when a payload first has a payment method (zod keeps the
 * getters of a shape deferred, as for recursive schemas), not when the validator loads (a third of its start).
 */
const details = once(() => {
  const brand = oneOf(CARD_BRANDS, 'Card network, lower case.');
  // Month 1-12 is stricter than the published schema (a number): no card expires in month 13.
  const expiryMonth = int('Expiry month, 1-12.').min(1).max(12);
  const expiryYear = int('Expiry year, four digits.');

  /** A mandate as the client may send it; its state and acceptance are set by the service. */
  const Mandate = z
    .strictObject({
      id: text('Mandate identifier.'),
      reason: text('Reason for the mandate.'),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Mandate of the payment method.' });

  const Card = z
    .strictObject({
      card_number: text('Card number. Required. Use a test number: real card data does not belong in a file.'),
      brand: brand.meta({ description: 'Card network, lower case. Required.' }),
      expiry_month: expiryMonth.meta({ description: 'Expiry month, 1-12. Required.' }),
      expiry_year: expiryYear.meta({ description: 'Expiry year, four digits. Required.' }),
      security_code: text('Card security code (CVV). Never store a real one in a file.').optional(),
      mandate: Mandate.extend({ verify: flag('Verify the mandate.') })
        .partial()
        .optional(),
    })
    .register(z.globalRegistry, {
      description: 'Card of a `card` payment method: number, brand and expiry are required.',
    });

  const CardOnFile = z
    .strictObject({
      brand,
      expiry_month: expiryMonth,
      expiry_year: expiryYear,
    })
    .partial()
    .register(z.globalRegistry, { description: 'Card behind a token.' });

  const WalletCard = CardOnFile.extend({ mandate: Mandate.optional() }).register(z.globalRegistry, {
    description: 'Card of a wallet.',
  });

  const BillingDetails = z
    .strictObject({
      name: text('Name of the payer, as on the card.'),
      email: text('E-mail address of the payer.'),
      phone: text('Phone number of the payer.'),
      address: z
        .strictObject({
          line1: text('First address line.'),
          line2: text('Second address line.'),
          city: text('City.'),
          state: text('State or province.'),
          country: text('Country.'),
          postal_code: text('Postal code.'),
        })
        .partial()
        .register(z.globalRegistry, { description: 'Billing address of the payer.' }),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Details of the payer.' });

  const withMandate = <T extends z.ZodRawShape>(shape: T, description: string) =>
    z.strictObject({ ...shape, mandate: Mandate.optional() }).register(z.globalRegistry, { description });

  const bank = {
    account_number: text('Bank account number. Required.'),
    bank_code: text('Bank code. Required.'),
    branch_code: text('Branch code. Required.'),
    identity_number: text('Identity number of the account holder. Required.'),
  };

  return {
    billing_details: BillingDetails,
    card: Card,
    cc_ref: z
      .strictObject({
        token: text('Card token from the gateway. Required.'),
        second_token: text('Second token, where the gateway uses two.').optional(),
        mandate: Mandate.optional(),
        card: CardOnFile.optional(),
      })
      .register(z.globalRegistry, { description: 'A card held by the gateway, by token.' }),
    apple_pay: z
      .strictObject({
        token: text('Apple Pay token.'),
        payment_id: text('Apple Pay payment identifier.'),
        card: WalletCard,
        mandate: Mandate,
      })
      .partial()
      .register(z.globalRegistry, { description: 'Apple Pay details.' }),
    google_pay: z
      .strictObject({ token: text('Google Pay token.'), card: WalletCard })
      .partial()
      .register(z.globalRegistry, { description: 'Google Pay details.' }),
    paypal_express_native: z
      .strictObject({
        baid: text('PayPal billing agreement id. Required.'),
        email: text('PayPal e-mail address.').optional(),
      })
      .register(z.globalRegistry, { description: 'PayPal Express (native) details.' }),
    paypal_express: z
      .strictObject({
        baid: text('PayPal billing agreement id. Required.'),
        email: text('PayPal e-mail address. Required.'),
      })
      .register(z.globalRegistry, { description: 'PayPal Express details.' }),
    paypal_adaptive: z
      .strictObject({
        preapproval_key: text('PayPal preapproval key. Required.'),
        email: text('PayPal e-mail address. Required.'),
      })
      .register(z.globalRegistry, { description: 'PayPal Adaptive details.' }),
    sepa_debit: withMandate(
      {
        IBAN: text('IBAN of the account. Required.'),
        business_identification_code: text('BIC of the bank.').optional(),
      },
      'SEPA direct debit details.',
    ),
    ach_debit: withMandate(
      {
        bank_aba_code: text('ABA routing number. Required.'),
        bank_account_name: text('Name on the bank account. Required.'),
        bank_account_number: text('Bank account number. Required.'),
        bank_account_type: oneOf(BANK_ACCOUNT_TYPES, 'Kind of bank account. Required.'),
        bank_name: text('Name of the bank. Required.'),
      },
      'ACH direct debit details.',
    ),
    betalings_debit: withMandate(
      { account_number: bank.account_number, identity_number: bank.identity_number, bank_code: bank.bank_code },
      'Betalingsservice (Denmark) direct debit details.',
    ),
    autogiro_debit: withMandate(
      { account_number: bank.account_number, identity_number: bank.identity_number, branch_code: bank.branch_code },
      'Autogiro (Sweden) direct debit details.',
    ),
    bacs_debit: withMandate(
      { account_number: bank.account_number, bank_code: bank.bank_code },
      'Bacs (UK) direct debit details.',
    ),
    au_becs_debit: withMandate(
      { account_number: bank.account_number, branch_code: bank.branch_code },
      'BECS (Australia) direct debit details.',
    ),
    nz_becs_debit: withMandate(
      { account_number: bank.account_number, branch_code: bank.branch_code, bank_code: bank.bank_code },
      'BECS (New Zealand) direct debit details.',
    ),
    pad_debit: withMandate(
      { account_number: bank.account_number, branch_code: bank.branch_code, bank_code: bank.bank_code },
      'Pre-authorized debit (Canada) details.',
    ),
  };
});

/** Built when a payload first has a payment method, as its details are. */
export const paymentMethod = once(() =>
  z
    .strictObject({
      type: oneOf(PAYMENT_METHOD_TYPES, 'Payment method type; its details go in the field of the same name.'),
      custom_type: text('Name of a custom payment method type.'),
      account_id: text('Account that owns the payment method.'),
      get billing_details() {
        return details().billing_details;
      },
      maximum_payment_attempts: num('Most payment attempts before giving up.'),
      payment_retry_interval: int('Hours between payment retries.'),
      device_session_id: text('Device session, for fraud checks.'),
      ip_address: text('IP address of the payer, for fraud checks.').nullable(),
      bank_identification_number: text('First digits of the card (BIN).'),
      get card() {
        return details().card;
      },
      get cc_ref() {
        return details().cc_ref;
      },
      get apple_pay() {
        return details().apple_pay;
      },
      get google_pay() {
        return details().google_pay;
      },
      get paypal_express_native() {
        return details().paypal_express_native;
      },
      get paypal_express() {
        return details().paypal_express;
      },
      get paypal_adaptive() {
        return details().paypal_adaptive;
      },
      get sepa_debit() {
        return details().sepa_debit;
      },
      get ach_debit() {
        return details().ach_debit;
      },
      get betalings_debit() {
        return details().betalings_debit;
      },
      get autogiro_debit() {
        return details().autogiro_debit;
      },
      get bacs_debit() {
        return details().bacs_debit;
      },
      get au_becs_debit() {
        return details().au_becs_debit;
      },
      get nz_becs_debit() {
        return details().nz_becs_debit;
      },
      get pad_debit() {
        return details().pad_debit;
      },
      custom_fields: customFields,
    })
    .partial()
    .register(z.globalRegistry, { description: 'Payment method of the new account.' }),
);
