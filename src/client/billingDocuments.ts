// What a preview will bill, in one shape whichever family answered: a v2 answer's `billing_documents`
// (orderPreviewResponse) and a v1 answer's `previewResult.invoices` and `creditMemos` (PreviewOrderResult)
// become the same documents, so the panel, the CodeLens, the CLI and scenario checks read them one way.
// Only what the service answered is shown (never recomputed): the same code reads a real tenant and the
// Local sandbox. Answers are untrusted: a field of the wrong type counts as absent.
import { isObj, type Obj } from '../schemas/objects';
import { addAmounts, formatMoney } from '../wire/money';

/** The v2 types; a v1 invoice is an `invoice`, a v1 credit memo a `credit_memo`. */
export type BillingDocumentType = 'invoice' | 'credit_memo' | 'debit_memo';

export interface BillingDocumentItem {
  /** What it bills, as the document names it: the item's or charge's name, else its product, else its price. */
  name: string;
  /** The price (v1: the product rate plan charge) it bills, when the answer says. */
  price?: string;
  quantity?: number;
  /** The service period; a one-time charge's is its date. */
  serviceStart?: string;
  serviceEnd?: string;
  /** Exclusive of tax. */
  amount: number;
  tax: number;
}

export interface BillingDocument {
  type: BillingDocumentType | string;
  /** The target date: when the document is billed. */
  date: string;
  /** Neither family's document names its currency: the request's or the preview's one currency, if known. */
  currency?: string;
  subtotal: number;
  tax: number;
  total: number;
  items: BillingDocumentItem[];
}

const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A v2 preview answer's `billing_documents`, in date order. */
export function billingDocumentsOfV2(answer: unknown, currency?: string): BillingDocument[] {
  const docs = isObj(answer) ? list(answer.billing_documents) : [];
  return inDateOrder(
    docs.map(d => {
      const items = list(d.billing_document_items).map((i): BillingDocumentItem =>
        item(
          str(i.subscription_item_name) ?? str(i.product_name) ?? str(i.price_id),
          str(i.price_id),
          num(i.quantity),
          str(i.service_start_date),
          str(i.service_end_date),
          num(i.subtotal) ?? addAmounts(num(i.total) ?? 0, -(num(i.tax) ?? 0)),
          num(i.tax) ?? 0,
        ),
      );
      const type = str(d.type) ?? 'invoice';
      return documentOf(type, str(d.target_date), currency, num(d.subtotal), num(d.tax), num(d.total), items);
    }),
  );
}

/**
 * A billed v2 invoice (GET /v2/invoices, items expanded) or billing document (a memo) as a document: the Accounts
 * tree opens it in the panel. `currency`: its account's, for an answer that names none (a billing document).
 */
export function billingDocumentOfInvoice(invoice: unknown, currency?: string): BillingDocument {
  const inv = isObj(invoice) ? invoice : {};
  const items = list(isObj(inv.items) ? inv.items.data : inv.items).map(i =>
    item(
      str(i.name) ?? str(i.description) ?? str(i.price_id),
      str(i.price_id),
      num(i.quantity),
      str(i.service_start),
      str(i.service_end),
      num(i.amount) ?? 0,
      num(i.tax) ?? 0,
    ),
  );
  const date = str(inv.document_date);
  const type = str(inv.type) ?? 'invoice'; // GET /v2/billing_documents/{id} names it (a credit memo)
  const named = str(inv.currency) ?? currency;
  return documentOf(type, date, named, num(inv.subtotal), num(inv.tax), num(inv.total), items);
}

/** A v1 preview's `previewResult`: its invoices and credit memos, in date order (an invoice first on a tie). */
export function billingDocumentsOfV1(previewResult: unknown, currency?: string): BillingDocument[] {
  const r = isObj(previewResult) ? previewResult : {};
  const docs = (type: BillingDocumentType, key: string, itemsKey: string) =>
    list(r[key]).map(d => {
      const items = list(d[itemsKey]).map(i => {
        const info = isObj(i.additionalInfo) ? i.additionalInfo : {};
        const price = str(i.productRatePlanChargeId);
        const name = str(i.chargeName) ?? str(i.productName) ?? price;
        const amount = num(i.amountWithoutTax) ?? 0;
        return item(
          name,
          price,
          num(info.quantity),
          str(i.serviceStartDate),
          str(i.serviceEndDate),
          amount,
          num(i.taxAmount) ?? 0,
        );
      });
      const subtotal = num(d.amountWithoutTax);
      // `amount` is the document's total, tax included.
      return documentOf(type, str(d.targetDate), currency, subtotal, num(d.taxAmount), num(d.amount), items);
    });
  return inDateOrder([
    ...docs('invoice', 'invoices', 'invoiceItems'),
    ...docs('credit_memo', 'creditMemos', 'creditMemoItems'),
  ]);
}

function item(
  name: string | undefined,
  price: string | undefined,
  quantity: number | undefined,
  serviceStart: string | undefined,
  serviceEnd: string | undefined,
  amount: number,
  tax: number,
): BillingDocumentItem {
  return {
    name: name ?? 'item',
    ...(price ? { price } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(serviceStart ? { serviceStart } : {}),
    ...(serviceEnd ? { serviceEnd } : {}),
    amount,
    tax,
  };
}

/**
 * A document with what the answer left out worked out from what it gave: the items' sums, subtotal + tax, added
 * exactly (addAmounts) so that ten items of 0.10 total 1.00 and answered amounts are never re-rounded.
 */
function documentOf(
  type: string,
  date: string | undefined,
  currency: string | undefined,
  subtotal: number | undefined,
  tax: number | undefined,
  total: number | undefined,
  items: BillingDocumentItem[],
): BillingDocument {
  const sub = subtotal ?? addAmounts(...items.map(i => i.amount));
  const taxed = tax ?? (total !== undefined ? addAmounts(total, -sub) : addAmounts(...items.map(i => i.tax)));
  return {
    type,
    date: date ?? '',
    ...(currency ? { currency } : {}),
    subtotal: sub,
    tax: taxed,
    total: total ?? addAmounts(sub, taxed),
    items,
  };
}

/** By date; the sort is stable, so documents of one date keep the answer's order. */
const inDateOrder = (docs: BillingDocument[]) => docs.sort((a, b) => a.date.localeCompare(b.date));

/** Whether a preview body asks for billing documents (v2 `metrics`, v1 `previewOptions.previewTypes`). */
export function asksForBillingDocuments(body: unknown, api?: 'v1'): boolean {
  if (!isObj(body)) return false;
  if (api === 'v1') {
    const types = isObj(body.previewOptions) ? body.previewOptions.previewTypes : undefined;
    return Array.isArray(types) && types.includes('BillingDocs');
  }
  return Array.isArray(body.metrics) && body.metrics.includes('billing_documents');
}

/**
 * The currency a preview's documents are in: the one the request names for its new account, else the one
 * currency of the preview's figures; undefined when neither says (amounts are then shown without a code).
 */
export function documentsCurrency(body: unknown, figureCurrencies: readonly string[], api?: 'v1'): string | undefined {
  const account = isObj(body) ? (api === 'v1' ? body.previewAccountInfo : body.account_data) : undefined;
  const named = isObj(account) ? str(account.currency) : undefined;
  if (named) return named;
  const distinct = [...new Set(figureCurrencies)];
  return distinct.length === 1 ? distinct[0] : undefined;
}

/** The documents of a preview's answer, from either family. */
export function previewBillingDocuments(
  answer: unknown,
  body: unknown,
  figureCurrencies: readonly string[],
  api?: 'v1',
): BillingDocument[] {
  const currency = documentsCurrency(body, figureCurrencies, api);
  if (api === 'v1') return billingDocumentsOfV1(isObj(answer) ? answer.previewResult : undefined, currency);
  return billingDocumentsOfV2(answer, currency);
}

/** "invoice", "credit memo", "debit memo"; another type as the answer wrote it, in words. */
export const documentTypeLabel = (type: string): string => type.replace(/_/g, ' ');

/** "first invoice 350.00 USD on 2027-01-01" (the CodeLens and the CLI), or undefined when nothing is invoiced. */
export function firstInvoiceLabel(docs: readonly BillingDocument[]): string | undefined {
  const first = docs.find(d => d.type === 'invoice');
  if (!first) return undefined;
  return `first invoice ${formatMoney(first.total, first.currency)}${first.date ? ` on ${first.date}` : ''}`;
}
