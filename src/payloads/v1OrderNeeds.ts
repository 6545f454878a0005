// What POST /v1/orders needs that a POST /v1/orders/preview file lacks: a preview may describe its account by
// previewAccountInfo (currency and bill cycle day only), an order needs an existing account or a newAccount
// with a name and a bill-to contact. The create body is checked against the v1 create contract, as the v2
// path checks its order, so Create never sends a body the contract refuses without saying so first.
import { requestContract } from '../contract';
import { isObj, type Obj } from '../schemas/objects';
import type { RawFinding } from '../schemas/rules';

export interface V1OrderNeeds {
  /** `newAccount.name`, `newAccount.billToContact` (and what previewAccountInfo does not give): absent from the file. */
  missing: string[];
  /** What the file offers: previewAccountInfo's currency, bill cycle day and its sold-to address. */
  suggested: { currency?: string; billCycleDay?: number; address?: Obj };
  /** The create body's other errors by the v1 create contract, which no fill mends. */
  errors: RawFinding[];
}

/** A contact's address fields, the same words in a preview's PreviewContactInfo and an order's bill-to. */
const ADDRESS = ['address1', 'address2', 'city', 'state', 'county', 'country', 'postalCode', 'taxRegion'];

/** What an order created from a v1 preview file needs: `body` is the file's preview body (its `body`). */
export function v1OrderNeeds(previewBody: Obj, createBody: Obj): V1OrderNeeds {
  const present = (k: string) => createBody[k] !== undefined && createBody[k] !== null; // null reads as absent
  const errors = requestContract()
    .check('POST /v1/orders', createBody)
    .filter(f => (f.severity ?? 'error') === 'error');
  if (present('existingAccountNumber') || present('existingAccountId') || present('newAccount'))
    return { missing: [], suggested: {}, errors };
  const info = isObj(previewBody.previewAccountInfo) ? previewBody.previewAccountInfo : {};
  const currency = typeof info.currency === 'string' && info.currency ? info.currency : undefined;
  const billCycleDay = typeof info.billCycleDay === 'number' ? info.billCycleDay : undefined;
  const soldTo = isObj(info.soldToContact) ? info.soldToContact : {};
  const address = Object.fromEntries(ADDRESS.filter(k => soldTo[k] !== undefined).map(k => [k, soldTo[k]]));
  const missing = [
    'newAccount.name',
    ...(currency ? [] : ['newAccount.currency']),
    ...(billCycleDay === undefined ? ['newAccount.billCycleDay'] : []),
    'newAccount.billToContact',
  ];
  const suggested = { currency, billCycleDay, ...(Object.keys(address).length ? { address } : {}) };
  return { missing, suggested, errors };
}

/** Whether the fill can be made from the file and what is asked (a name and a contact): currency and day given. */
export function v1Fillable(needs: V1OrderNeeds): boolean {
  return needs.suggested.currency !== undefined && needs.suggested.billCycleDay !== undefined;
}

/** The create body with a newAccount: the name and contact asked, the rest from previewAccountInfo (file unchanged). */
export function withV1Account(
  createBody: Obj,
  needs: V1OrderNeeds,
  fill: { name: string; firstName: string; lastName: string },
): Obj {
  const { currency, billCycleDay, address } = needs.suggested;
  const billToContact = { firstName: fill.firstName, lastName: fill.lastName, ...address };
  return { ...createBody, newAccount: { name: fill.name, currency, billCycleDay, billToContact } };
}

/** "an order needs newAccount.name and newAccount.billToContact, which new.request.json lacks (...)". */
export function v1NeedsMessage(file: string, missing: readonly string[]): string {
  const fields = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0];
  return (
    `An order needs ${fields} (or existingAccountNumber), which ${file} lacks ` +
    "(a preview's previewAccountInfo takes no account name or bill-to contact)"
  );
}
