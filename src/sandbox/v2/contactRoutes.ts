// v2 contacts by state. A contact belongs to an account (state/lookup.ts): its bill_to and sold_to have ids and
// are read, listed and changed here like the ones POST /v2/contacts adds; those can be deleted, an account's
// own bill-to or sold-to cannot (the account needs it). Scrubbing is not served (501 with advice).
import * as z from 'zod';
import { Contact } from '../../schemas/account';
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { newId } from '../state/ids';
import { accountByKey, allContacts, changeAccount, contactById, type ContactRef } from '../state/lookup';
import type { Contact as ContactRec, Store } from '../state/store';
import { mergeContact } from './accountRoutes';
import { invalidState, notServed, zodCheck } from './bodies';
import { listPageYielding } from './listQuery';
import { contactView } from './views';

const owner = { account_id: z.string().optional(), account_number: z.string().optional() };
const ContactCreate = Contact.extend(owner);
const ContactPatch = Contact.partial().extend({ account_id: z.string().optional() });

const contactOrThrow = (store: Store, id: string): ContactRef => {
  const ref = contactById(store, id);
  if (!ref) throw notFound('contact_id', `Contact ${id} could not be found.`);
  return ref;
};

export function contactRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const byId = (id: string) => contactOrThrow(store, id);
  return [
    {
      method: 'GET',
      path: '/v2/contacts',
      handle: async call =>
        ok(await listPageYielding(allContacts(store), call.query, contactView, { what: 'Contacts', sample: SAMPLE })),
    },
    {
      method: 'POST',
      path: '/v2/contacts',
      handle: call =>
        deps.idempotent(call, zodCheck(ContactCreate), body => {
          const { account_id, account_number, ...fields } = body as ContactRec;
          const key = (account_id ?? account_number) as string | undefined;
          if (key === undefined) {
            const message = 'A contact belongs to an account: give account_id or account_number.';
            throw badRequest('missing_parameter', 'account_id', message, 22);
          }
          const account = accountByKey(store, key);
          const parameter = account_id !== undefined ? 'account_id' : 'account_number';
          if (!account) throw badRequest('invalid_parameter', parameter, `No account ${key}.`);
          const now = deps.clock.timestamp();
          const contact: ContactRec = { ...fields, id: newId(), created_time: now, updated_time: now };
          changeAccount(store, deps.commit, account, () => (account.contacts = [...(account.contacts ?? []), contact]));
          return { status: 201, body: contactView({ account, contact, role: 'other', id: String(contact.id) }) };
        }),
    },
    { method: 'GET', path: '/v2/contacts/{contact_id}', handle: call => ok(contactView(byId(call.params.contact_id))) },
    {
      method: 'PATCH',
      path: '/v2/contacts/{contact_id}',
      handle: call =>
        deps.idempotent(call, zodCheck(ContactPatch), body => {
          const ref = byId(call.params.contact_id);
          const { account_id, ...change } = body as ContactRec;
          if (account_id !== undefined && account_id !== ref.account.id) {
            throw notServed(
              `The Local sandbox does not move contacts between accounts: ${ref.id} stays on ` +
                `${ref.account.account_number}. Create the contact on the other account (POST /v2/contacts).`,
            );
          }
          const now = deps.clock.timestamp();
          const { account, role } = ref;
          const changed = changeAccount(store, deps.commit, account, () => {
            const merged = mergeContact(ref.contact, change);
            if (role === 'other') {
              merged.updated_time = now;
              account.contacts = (account.contacts ?? []).map(c => (c === ref.contact ? merged : c));
            } else {
              account[role] = merged;
              account.updated_time = now;
            }
            return merged;
          });
          return ok(contactView({ ...ref, contact: changed }));
        }),
    },
    {
      method: 'DELETE',
      path: '/v2/contacts/{contact_id}',
      handle: call => {
        const { account, contact, role, id } = byId(call.params.contact_id);
        if (role !== 'other') {
          throw invalidState(
            'contact_id',
            `Contact ${id} is the ${role === 'bill_to' ? 'bill-to' : 'sold-to'} contact of account ` +
              `${account.account_number}, which needs one: change it (PATCH /v2/contacts/${id}) instead.`,
          );
        }
        changeAccount(store, deps.commit, account, () => {
          account.contacts = (account.contacts ?? []).filter(c => c !== contact);
        });
        return { status: 204, body: undefined };
      },
    },
    {
      method: 'POST',
      path: '/v2/contacts/{contact_id}/scrub',
      handle: call => {
        const { id } = byId(call.params.contact_id);
        throw notServed(
          `The Local sandbox does not scrub contacts: change the fields of ${id} (PATCH /v2/contacts/${id}), or ` +
            'delete it (DELETE) when it is not an account’s bill-to or sold-to contact.',
        );
      },
    },
  ];
}

/** A contact with every field its answer can show: what the list can be filtered and sorted by. */
const SAMPLE = contactView({
  account: {
    id: '',
    account_number: '',
    name: '',
    currency: '',
    bill_cycle_day: 1,
    bill_to: {},
    status: 'active',
    created_time: '',
    updated_time: '',
  },
  contact: {
    first_name: '',
    last_name: '',
    nickname: '',
    address: { line1: '', city: '', state: '', country: '', postal_code: '' },
    email: '',
    work_email: '',
    work_phone: '',
    home_phone: '',
    mobile_phone: '',
    other_phone: '',
    other_phone_type: '',
    fax: '',
    tax_region: '',
  },
  role: 'other',
  id: '',
});
