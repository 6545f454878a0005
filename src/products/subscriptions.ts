// An account's subscriptions with their plans and items, for completing subscription_number,
// subscription_plan_id and subscription_item_number: GET /v2/accounts/{number} for its id, then every page
// of GET /v2/subscriptions filtered by that id, plans and items expanded.
import type { BillingClient, CallOptions } from '../client';
import type { ListedSubscription } from '../client/responses';

export interface AccountSubscription {
  number: string;
  state?: string;
  version?: number;
  plans: { id: string; planId?: string; name?: string; items: { number: string; name?: string; priceId?: string }[] }[];
}

const MAX_PAGES = 100;

export async function fetchAccountSubscriptions(
  client: BillingClient,
  accountNumber: string,
  opts: { pageSize?: number; signal?: AbortSignal } = {},
): Promise<AccountSubscription[]> {
  const call: CallOptions = opts.signal ? { signal: opts.signal } : {};
  const account = await client.getAccount(accountNumber, call);
  const subs: ListedSubscription[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = { accountId: account.data.id, pageSize: opts.pageSize ?? 99, cursor };
    const r = await client.listSubscriptions(page, call);
    subs.push(...(r.data.data ?? []));
    if (!r.data.next_page || r.data.next_page === cursor) break;
    cursor = r.data.next_page;
  }
  return subs.map(s => ({
    number: s.subscription_number,
    ...(s.state ? { state: s.state } : {}),
    ...(s.version !== undefined ? { version: s.version } : {}),
    plans: (s.subscription_plans?.data ?? []).map(p => ({
      id: p.id,
      ...(p.plan_id ? { planId: p.plan_id } : {}),
      ...(p.name ? { name: p.name } : {}),
      items: (p.subscription_items?.data ?? [])
        .filter(i => i.subscription_item_number)
        .map(i => ({
          number: i.subscription_item_number!,
          ...(i.name ? { name: i.name } : {}),
          ...(i.price_id ? { priceId: i.price_id } : {}),
        })),
    })),
  }));
}
