// What POST /v2/orders needs that a preview file lacks: a preview's account_data takes no account name and no
// bill-to contact, an order's requires both. The editor's Create and the CLI's `create` say it in the same
// words and fill them the same way (name as asked, bill_to from sold_to), so neither sends a body the
// validator refuses without saying so first.
import { formatPath, validate, type Finding } from '../schemas';
import { isObj, type Obj } from '../schemas/objects';

/** The account fields an order requires and a preview's account_data cannot hold. */
const FILLABLE = ['name', 'bill_to'] as const;
type Fillable = (typeof FILLABLE)[number];

export interface OrderNeeds {
  /** `account_data.name`, `account_data.bill_to`: required by an order, absent from the file. */
  missing: string[];
  /** What the file offers to fill them: sold_to's name and the contact itself (undefined: nothing to take). */
  suggested: { name?: string; billTo?: Obj };
  /** The create body's other errors, which no fill mends. */
  errors: Finding[];
}

/** What an order created from `body` (the create body of a v2 file) needs, checked as an order. */
export function orderNeeds(body: Obj): OrderNeeds {
  const errors = validate(JSON.stringify(body), 'order').filter(f => f.severity === 'error');
  const fillable = (f: Finding) =>
    f.code === 'missing-field' &&
    f.path.length === 2 &&
    f.path[0] === 'account_data' &&
    FILLABLE.includes(f.path[1] as Fillable);
  const missing = errors.filter(fillable).map(f => formatPath(f.path));
  const account = isObj(body.account_data) ? body.account_data : {};
  const soldTo = isObj(account.sold_to) ? account.sold_to : undefined;
  const person = soldTo && [soldTo.first_name, soldTo.last_name].filter(s => typeof s === 'string' && s.trim());
  const name = person?.length ? person.join(' ') : undefined;
  return { missing, suggested: { name, billTo: soldTo }, errors: errors.filter(f => !fillable(f)) };
}

/** The body with the account's name and bill-to contact added (the file is never changed). */
export function withAccount(body: Obj, fill: { name: string; billTo: Obj }): Obj {
  const account = isObj(body.account_data) ? body.account_data : {};
  return { ...body, account_data: { name: fill.name, ...account, bill_to: account.bill_to ?? fill.billTo } };
}

/** "an order needs account_data.name and account_data.bill_to, which new-customer.preview.json lacks". */
export function needsMessage(file: string, missing: readonly string[]): string {
  const fields = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0];
  return `An order needs ${fields}, which ${file} lacks (a preview's account_data takes neither)`;
}

/** `bill_to Ada Lovelace (from sold_to)`; how a contact reads in a confirmation. */
export function contactLabel(c: Obj): string {
  const name = [c.first_name, c.last_name].filter(s => typeof s === 'string' && s).join(' ');
  return name || 'the contact';
}
