// Accounts and contacts: the body of POST /v2/accounts, `account_data` of an order, and the
// smaller `account_data` of a preview.
import * as z from 'zod';
import { currency, customFields, dateOf, deferredOptional, int, once, oneOf, text, flag } from './common';
import { paymentMethod } from './paymentMethod';

export const Address = z
  .strictObject({
    line1: text('First address line.'),
    line2: text('Second address line.'),
    city: text('City.'),
    state: text('State or province.'),
    county: text('County.'),
    country: text('Country.'),
    postal_code: text('Postal code.'),
  })
  .partial()
  .register(z.globalRegistry, { description: 'Postal address of a contact.' });

export const PHONE_TYPES = ['work', 'mobile', 'home', 'other'] as const;
export const Contact = z
  .strictObject({
    first_name: text('First name. Required.'),
    last_name: text('Last name. Required.'),
    nickname: text('Nickname.').optional(),
    address: Address.optional(),
    email: text('Personal e-mail address.').optional(),
    work_email: text('Work e-mail address.').optional(),
    work_phone: text('Work phone number.').optional(),
    home_phone: text('Home phone number.').optional(),
    mobile_phone: text('Mobile phone number.').optional(),
    other_phone: text('Another phone number.').optional(),
    other_phone_type: oneOf(PHONE_TYPES, 'Kind of `other_phone`.').optional(),
    fax: text('Fax number.').optional(),
    tax_region: text('Tax region of the contact.').optional(),
    custom_fields: customFields.optional(),
  })
  .register(z.globalRegistry, {
    description: 'A contact (bill-to or sold-to); `first_name` and `last_name` are required.',
  });

export const TAX_CERTIFICATE_STATES = ['pending', 'verified', 'not_valid'] as const;
/** Built when a payload first has one (as the other parts of an account that most payloads leave out). */
export const taxCertificate = once(() =>
  z
    .strictObject({
      id: text('Tax exemption certificate identifier.'),
      company_code: text('Company code of the exemption.'),
      description: text('Description of the exemption.'),
      entity_use_code: text('Entity use code of the exemption.'),
      issuing_jurisdiction: text('Jurisdiction that issued the certificate.'),
      state: oneOf(TAX_CERTIFICATE_STATES, 'Verification state of the certificate.'),
      tax_identifier: text('Tax identifier on the certificate.'),
      start_date: dateOf('First day the certificate applies,'),
      end_date: dateOf('Last day the certificate applies,'),
    })
    .partial()
    .register(z.globalRegistry, { description: 'Tax exemption certificate of the account.' }),
);

export const taxIdentifier = once(() =>
  z
    .strictObject({ id: text('Tax identification number.') })
    .partial()
    .register(z.globalRegistry, { description: 'Tax identification of the account.' }),
);

export const billingDocumentSettings = once(() =>
  z
    .strictObject({
      invoice_template_id: text('Invoice template to use.'),
      credit_memo_template_id: text('Credit memo template to use.'),
      debit_memo_template_id: text('Debit memo template to use.'),
      email_documents: flag('Send billing documents by e-mail.'),
      print_documents: flag('Print billing documents.'),
      additional_email: z
        .array(z.string())
        .register(z.globalRegistry, { description: 'More e-mail addresses that receive documents.' }),
    })
    .partial()
    .register(z.globalRegistry, { description: 'How billing documents of the account are produced and sent.' }),
);

export const Account = z
  .strictObject({
    name: text('Account name. Required.'),
    currency: currency.meta({ description: 'Currency code (ISO 4217). Required; cannot change later.' }),
    bill_to: Contact.meta({ description: 'Bill-to contact. Required.' }),
    sold_to: Contact.optional().register(z.globalRegistry, { description: 'Sold-to contact; used for tax.' }),
    account_number: text('Number for the new account; generated when left out.').optional(),
    description: text('Description of the account.').optional(),
    bill_cycle_day: int('Day of the month the account is billed, 0-31 (31: month end).').min(0).max(31).optional(),
    batch: text('Billing batch of the account.').optional(),
    auto_pay: flag('Collect payments automatically.').optional(),
    payment_method: deferredOptional(paymentMethod),
    default_payment_method_id: text('Existing payment method to use by default.').optional(),
    payment_gateway: text('Payment gateway to use.').optional(),
    payment_terms: text('Payment term, such as "Due Upon Receipt".').optional(),
    billing_document_settings: deferredOptional(billingDocumentSettings),
    communication_profile_id: text('Communication profile of the account.').optional(),
    crm_id: text('Identifier of the account in a CRM.').optional(),
    parent_account_id: text('Parent account in a hierarchy.').optional(),
    sales_rep: text('Sales representative.').optional(),
    sequence_set_id: text('Numbering sequence set for billing documents.').optional(),
    tax_certificate: deferredOptional(taxCertificate),
    tax_identifier: deferredOptional(taxIdentifier),
    custom_fields: customFields.optional(),
  })
  .register(z.globalRegistry, {
    description: 'A new account: body of POST /v2/accounts, or `account_data` of an order.',
  });

/** `account_data` of a preview: no account is created, so only what pricing and tax need. */
export const previewAccount = once(() =>
  z
    .strictObject({
      currency: currency.meta({ description: 'Currency code (ISO 4217). Required.' }),
      bill_cycle_day: int('Day of the month the account is billed, 0-31. Required.').min(0).max(31),
      sold_to: Contact.optional().register(z.globalRegistry, {
        description: 'Sold-to contact; its address is used for tax.',
      }),
      tax_certificate: deferredOptional(taxCertificate),
      tax_identifier: deferredOptional(taxIdentifier),
      custom_fields: customFields.optional(),
    })
    .register(z.globalRegistry, {
      description: 'Account data of a preview: `currency` and `bill_cycle_day` are required.',
    }),
);
