// Where an existing account's number is written in an order or preview payload, found with jsonc-parser's
// getLocation (the text may be half typed): the order's `account_number`, and a subscription's owner or
// invoice owner. Never inside `account_data` (a new account's number) or a payment method (a bank's).
import { getLocation, type JSONPath } from 'jsonc-parser';

export interface AccountNumberSlot {
  /** What is typed of the value so far, before the cursor. */
  prefix: string;
  /** Offsets of the text a pick replaces: the string's content, or nothing at the cursor. */
  start: number;
  end: number;
  /** The value is already a string (insert the number) or not yet (insert it in quotes). */
  quoted: boolean;
}

const SUBSCRIPTION_ACCOUNT_FIELDS = ['account_number', 'invoice_owner_account_number'];

export function isAccountNumberPath(path: JSONPath): boolean {
  if (path.length === 1) return path[0] === 'account_number';
  return (
    path.length === 3 &&
    path[0] === 'subscriptions' &&
    typeof path[1] === 'number' &&
    SUBSCRIPTION_ACCOUNT_FIELDS.includes(String(path[2]))
  );
}

/** The account number value at `offset`, if the cursor is in one (or right after its colon). */
export function accountNumberSlot(text: string, offset: number): AccountNumberSlot | undefined {
  const loc = getLocation(text, offset);
  if (loc.isAtPropertyKey || !isAccountNumberPath(loc.path)) return undefined;
  const node = loc.previousNode;
  if (!node) return { prefix: '', start: offset, end: offset, quoted: false };
  if (node.type !== 'string') return undefined;
  const start = node.offset + 1;
  const closed = node.length >= 2 && text[node.offset + node.length - 1] === '"';
  const end = node.offset + node.length - (closed ? 1 : 0);
  if (offset < start || offset > end) return undefined;
  return { prefix: text.slice(start, offset), start, end, quoted: true };
}
