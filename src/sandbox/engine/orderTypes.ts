// What the order engine takes and gives: the request body it runs (both families translate theirs to it), the
// actions it reports, and an order's outcome, which the views, the billing documents of a preview and the billing
// history read.
import type { PreviewItem as ClientPreviewItem } from '../../wire/responses';
import type { AccountData, PreviewRequestBody, SubscriptionRequestBody } from '../../schemas';
import type { Billed } from '../state/documents';
import type { AccountRec, ItemRec, OrderRec, SubscriptionRec } from '../state/store';
import type { Money } from './metrics';
import type { LineItem } from './orderLines';

/** A subscription entry; `owner_transfer` has no v2 field: only the v1 OwnerTransfer action sets it. */
export type EngineSubscription = SubscriptionRequestBody & { owner_transfer?: { account_number: string } };
// A preview's account_data holds only currency and bill_cycle_day; an order's is a whole account.
export type EngineBody = Omit<PreviewRequestBody, 'metrics' | 'account_data' | 'subscriptions'> & {
  metrics?: string[];
  account_data?: AccountData | PreviewRequestBody['account_data'];
  subscriptions?: EngineSubscription[];
};
/** The service's action names, as both the preview (`action`) and the order (`type`) answer them. */
export type ActionName =
  | 'create_subscription'
  | 'add_subscription_plan'
  | 'update_subscription_plan'
  | 'remove_subscription_plan'
  | 'terms'
  | 'owner_transfer'
  | 'renew'
  | 'cancel'
  | 'pause'
  | 'resume';

/** A preview item as the client reads it; the sandbox always computes `tcv`. */
export type PreviewItem = ClientPreviewItem & { tcv: Money };
export interface Action {
  action_id: string;
  action: ActionName;
  sequence: number;
  subscription_items: PreviewItem[];
  touched: ItemRec[];
}
/** A preview's line item carries only its metrics (a one-time amount: no mrr). */
interface PreviewLineItem {
  tcb: Money;
  tcv: Money;
}

export interface OrderOutcome {
  preview: {
    subscriptions: { subscription_number?: string; actions: Omit<Action, 'touched'>[] }[];
    line_items: PreviewLineItem[];
  };
  order?: OrderRec;
  account?: AccountRec;
  /** Each subscription as the order leaves it (a copy in a preview), with its actions and the items they touched. */
  subscriptions: SubscriptionResult[];
  /** The order's line items, in request order (numbered on create). */
  lineItems: LineItem[];
  /** What the billing engine needs besides the subscriptions (billing documents of a preview). */
  billing: {
    orderDate: string;
    billCycleDay: number;
    currency: string;
    /** What the account's documents already billed an item, by line (the store's ledger). */
    billed?: (itemId: string) => ReadonlyMap<string, Billed>;
  };
}

export interface SubscriptionResult {
  number: string | null;
  sub: SubscriptionRec;
  actions: Action[];
  /** The request's entry, and the stored subscription it changes (as it was): when each change bills. */
  entry: EngineSubscription;
  before?: SubscriptionRec;
}
