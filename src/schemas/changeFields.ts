// The containers of a subscription entry that change an existing subscription (an entry with one of them names
// the subscription it changes); shared by the rules and the id checks.
export const CHANGE_FIELDS = [
  'add_subscription_plans',
  'update_subscription_plans',
  'remove_subscription_plans',
  'replace_subscription_plans',
  'terms',
  'renew',
  'renewals',
  'cancel',
  'pause',
  'resume',
] as const;
