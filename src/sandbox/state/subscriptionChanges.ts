// What the clock did to subscriptions (renewed at a term's end, paused on a pause's date, resumed on a resume's
// date): a change an order makes is read from the order itself, but these leave no record of their own, and the
// events (events/subscriptions.ts) are read from records. A list that only grows, like the store's others, so a
// commit's rollback and time travel's way back take the later ones off by length and put them back.

export type SubscriptionChangeKind = 'renewed' | 'paused' | 'resumed';

export interface SubscriptionChangeRec {
  subscription_number: string;
  account_number: string;
  kind: SubscriptionChangeKind;
  /** The business date it happened on. */
  date: string;
  /** The subscription's version after it. */
  version: number;
}

export class SubscriptionChanges {
  readonly list: SubscriptionChangeRec[] = [];
  add(c: SubscriptionChangeRec): void {
    this.list.push(c);
  }
  /** Takes off the changes after the first `length`, and answers them. */
  truncate(length: number): SubscriptionChangeRec[] {
    return this.list.splice(length);
  }
  restore(gone: readonly SubscriptionChangeRec[]): void {
    this.list.push(...gone);
  }
  clear(): void {
    this.list.length = 0;
  }
}
