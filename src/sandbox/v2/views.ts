// How stored records answer in v2: the reference's account, contact and order shapes.
import { contactsOf, roleContactId, type ContactRef } from '../state/lookup';
import type { AccountRec, OrderRec } from '../state/store';

const ACTOR = 'sandbox-client';

/** The fields of a contact the reference answers (what a contact body may hold). */
export const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'nickname',
  'address',
  'email',
  'work_email',
  'work_phone',
  'home_phone',
  'mobile_phone',
  'other_phone',
  'other_phone_type',
  'fax',
  'tax_region',
  'custom_fields',
] as const;

/** A contact as GET /v2/contacts/{contact_id} answers it; an account's own contacts carry its times. */
export function contactView(ref: ContactRef) {
  const c = ref.contact;
  const own = (k: string) => (c[k] !== undefined ? { [k]: c[k] } : {});
  return {
    id: ref.id,
    ...CONTACT_FIELDS.reduce((o, k) => ({ ...o, ...own(k) }), {}),
    account_id: ref.account.id,
    created_by_id: ACTOR,
    updated_by_id: ACTOR,
    created_time: typeof c.created_time === 'string' ? c.created_time : ref.account.created_time,
    updated_time: typeof c.updated_time === 'string' ? c.updated_time : ref.account.updated_time,
  };
}

export function accountView(a: AccountRec) {
  const [billTo, soldTo] = contactsOf(a);
  return {
    id: a.id,
    account_number: a.account_number,
    name: a.name,
    currency: a.currency,
    bill_cycle_day: a.bill_cycle_day,
    ...(a.details ?? {}),
    bill_to: contactView(billTo),
    ...(soldTo?.role === 'sold_to' ? { sold_to: contactView(soldTo) } : {}),
    bill_to_id: billTo.id,
    // Without a sold-to of its own, the bill-to contact is the sold-to (as the service defaults it).
    sold_to_id: a.sold_to ? roleContactId(a, 'sold_to') : billTo.id,
    enabled: a.status === 'active', // the reference's account has no state: `enabled`
    created_by_id: ACTOR,
    updated_by_id: ACTOR,
    created_time: a.created_time,
    updated_time: a.updated_time,
  };
}

export const orderView = (o: OrderRec, accountId: string | undefined) => ({
  id: o.id,
  created_time: o.created_time,
  updated_time: o.created_time,
  created_by_id: ACTOR,
  updated_by_id: ACTOR,
  category: 'sale',
  description: o.description,
  order_date: o.order_date,
  order_number: o.order_number,
  ...(accountId ? { account_id: accountId } : {}),
  state: 'complete',
  line_items: { next_page: null, data: o.line_items },
  subscriptions: o.subscriptions,
});
