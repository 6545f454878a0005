// Create Order, as a person should be asked it: what the order needs that a preview file lacks (named, taken
// from the file or asked for, never sent refused without a word), the figures it creates restated in the
// confirmation, then, once created, the new order with its account and those figures.
import * as vscode from 'vscode';
import { formatMoney, type BillingDocument, type Totals } from '../client';
import {
  contactLabel,
  needsMessage,
  orderNeeds,
  totalsLabel,
  v1Fillable,
  v1NeedsMessage,
  v1OrderNeeds,
  withAccount,
  withV1Account,
} from '../payloads';
import { formatPath, type Finding } from '../schemas';
import type { Obj } from '../schemas/objects';
import type { AccountsView } from '../views/accountsView';
import type { ResponsePanel } from '../views/responsePanel';
import type { AccountsModel } from './accountsModel';
import type { PreviewRecord } from './previewHistory';

/** The create body with what the order needs, and the line the confirmation says about it (if anything was added). */
export interface Completed {
  body: Obj;
  added?: string;
}

/**
 * A v2 create body with what an order needs and the file lacks: account_data's name (asked, the sold-to contact's
 * name offered) and bill_to (the sold-to contact, else asked). Other errors are named before anything is sent.
 * Undefined: the person stopped; `silent` (nothing may be asked): thrown, saying which fields.
 */
export async function completeForOrder(
  file: string,
  body: Obj,
  opts: { force?: boolean; silent?: boolean },
): Promise<Completed | undefined> {
  const needs = orderNeeds(body);
  let completed: Completed = { body };
  if (needs.missing.length) {
    const why = needsMessage(file, needs.missing);
    // Nothing may be asked (an agent tool): the reason goes back to the caller instead of a refused send.
    if (opts.silent)
      throw new Error(`${why}: create it from the editor, which asks for them, or add them in an order file.`);
    const account = (body.account_data ?? {}) as Obj;
    const name = typeof account.name === 'string' ? account.name : await askName(why, needs.suggested.name);
    if (name === undefined) return undefined;
    const billTo = (account.bill_to as Obj | undefined) ?? needs.suggested.billTo ?? (await askContact(why));
    if (!billTo) return undefined;
    const from = account.bill_to || !needs.suggested.billTo ? '' : ' (from sold_to)';
    const added = `Adds account_data.name "${name}" and bill_to ${contactLabel(billTo)}${from}; ${file} is not changed.`;
    completed = { body: withAccount(body, { name, billTo }), added };
  }
  const errors = needs.missing.length ? orderNeeds(completed.body).errors : needs.errors;
  if (errors.length && !opts.force && !(await sendAnyway(file, errors, opts))) return undefined;
  return completed;
}

/**
 * The v1 path alike: a POST /v1/orders/preview file's create body checked against the v1 create contract; a
 * preview's previewAccountInfo becomes a newAccount (its name and bill-to contact asked, its currency, bill cycle
 * day and sold-to address taken from the file). `previewBody` is the file's `body`.
 */
export async function completeV1ForOrder(
  file: string,
  previewBody: Obj,
  body: Obj,
  opts: { force?: boolean; silent?: boolean },
): Promise<Completed | undefined> {
  const needs = v1OrderNeeds(previewBody, body);
  if (!needs.missing.length) {
    if (needs.errors.length && !opts.force && !(await sendAnyway(file, needs.errors, opts))) return undefined;
    return { body };
  }
  const why = v1NeedsMessage(file, needs.missing);
  if (opts.silent)
    throw new Error(`${why}: create it from the editor, which asks for them, or add newAccount to the file.`);
  // No previewAccountInfo to take the currency and bill cycle day from: nothing to offer but saying it.
  if (!v1Fillable(needs)) {
    const said = [{ message: `${why}: add existingAccountNumber or newAccount to the body`, path: [] }];
    return opts.force || (await sendAnyway(file, [...said, ...needs.errors], opts)) ? { body } : undefined;
  }
  const name = await askName(why, undefined);
  if (name === undefined) return undefined;
  const contact = await askContact(why);
  if (!contact) return undefined;
  const filled = withV1Account(body, needs, {
    name,
    firstName: contact.first_name as string,
    lastName: contact.last_name as string,
  });
  const { currency, billCycleDay } = needs.suggested;
  const added =
    `Adds newAccount "${name}" (${currency}, bill cycle day ${billCycleDay}, from previewAccountInfo) with ` +
    `billToContact ${contactLabel(contact)}; ${file} is not changed.`;
  const errors = v1OrderNeeds(previewBody, filled).errors;
  if (errors.length && !opts.force && !(await sendAnyway(file, errors, opts))) return undefined;
  return { body: filled, added };
}

async function askName(why: string, suggested: string | undefined): Promise<string | undefined> {
  const name = await vscode.window.showInputBox({
    title: 'Create order: the new account',
    prompt: `${why}. The new account's name:`,
    value: suggested ?? '',
    ignoreFocusOut: true,
    validateInput: s => (s.trim() ? undefined : 'An order needs the account name'),
  });
  return name?.trim();
}

/** "Ada Lovelace" -> { first_name: 'Ada', last_name: 'Lovelace' }: a bill-to contact needs both. */
async function askContact(why: string): Promise<Obj | undefined> {
  const split = (s: string) => {
    const words = s.trim().split(/\s+/);
    return words.length < 2 ? undefined : { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1)! };
  };
  const typed = await vscode.window.showInputBox({
    title: 'Create order: the bill-to contact',
    prompt: `${why}. The bill-to contact's first and last name:`,
    ignoreFocusOut: true,
    validateInput: s => (split(s) ? undefined : 'A first and a last name, e.g. Ada Lovelace'),
  });
  return typed === undefined ? undefined : split(typed);
}

async function sendAnyway(
  file: string,
  errors: Pick<Finding, 'message' | 'path'>[],
  opts: { silent?: boolean },
): Promise<boolean> {
  if (opts.silent) return false;
  const listed = errors.slice(0, 3).map(f => `${f.message}${f.path.length ? ` (${formatPath(f.path)})` : ''}`);
  const more = errors.length > 3 ? ` and ${errors.length - 3} more` : '';
  const message = `An order from ${file} would be refused: ${listed.join('; ')}${more}`;
  return (await vscode.window.showWarningMessage(message, { modal: true }, 'Send Anyway')) === 'Send Anyway';
}

/** The preview's figures as the confirmation says them: `MRR +… · TCB +… · first invoice … on …`. */
export function figuresLine(record: PreviewRecord | undefined): string {
  if (!record) return 'Not previewed: its MRR, TCB and first invoice are not known.';
  return `${totalsLabel(record.summary.totals, record.documents)} (as previewed on ${record.connection}).`;
}

/** The created panel's figures: MRR and TCB per currency, then the first invoice's amount and date. */
export function createdFigures(record: PreviewRecord | undefined): { label: string; value: string }[] {
  if (!record) return [];
  const money = (t: Totals, n: number) => formatMoney(n, t.currency, { signed: true });
  const first = record.documents?.find((d: BillingDocument) => d.type === 'invoice');
  return [
    ...record.summary.totals.map(t => ({ label: 'MRR', value: money(t, t.mrr) })),
    ...record.summary.totals.map(t => ({ label: 'TCB', value: money(t, t.tcb) })),
    ...(first
      ? [{ label: 'First invoice', value: `${formatMoney(first.total, first.currency)} on ${first.date}` }]
      : []),
  ];
}

interface Created {
  orderNumber: string;
  accountNumber?: string;
}

/**
 * After a create: the tree refreshed, the order revealed under its account (a new account's number looked up),
 * the created panel given that number, and one message naming both.
 */
export async function revealCreated(
  services: { accountsModel: AccountsModel; accountsView: AccountsView; panel: ResponsePanel },
  created: Created,
): Promise<string | undefined> {
  const { accountsModel, accountsView, panel } = services;
  const { orderNumber } = created;
  accountsModel.refresh();
  const account = created.accountNumber ?? (await accountsModel.accountOfOrder(orderNumber).catch(() => undefined));
  const shown = panel.state;
  // The created panel ends with the number, or says where to find it: it never stays "looking it up".
  if (shown?.kind === 'response' && shown.order?.orderNumber === orderNumber && !shown.order.accountNumber) {
    const found = account ? { accountNumber: account } : { accountUnknown: 'not found: see the Accounts view' };
    panel.show({ ...shown, order: { ...shown.order, ...found } });
  }
  if (account) await accountsView.revealOrder(account, orderNumber);
  void vscode.window.showInformationMessage(`Created order ${orderNumber}${account ? ` for account ${account}` : ''}.`);
  return account;
}
