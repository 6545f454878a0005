// Preview answers that list billing documents, built field by field from the reference's schemas (v2
// `orderPreviewResponse`, v1 `PreviewOrderResult`; billing-documents.test.ts checks them against the reference),
// for testing how every surface reads and shows them before the Local sandbox computes any. The order: 10 seats
// at 25.00 plus a 100.00 platform fee a month from 2027-01-01, bill cycle day 1, as the example bills it.

export const SEATS = { price: 'price-team-seats', name: 'Seats', quantity: 10, amount: 250 };
export const PLATFORM = { price: 'price-team-platform', name: 'Platform fee', quantity: 1, amount: 100 };
export const MONTHS = [
  ['2027-01-01', '2027-01-31'],
  ['2027-02-01', '2027-02-28'],
  ['2027-03-01', '2027-03-31'],
] as const;

const usd = (n: number) => ({ gross_amount: n, net_amount: n, currency: 'USD' });

/** A v2 billing document item (subscriptionPreviewBillingDocumentItemResponse). */
export function v2Item(c: typeof SEATS, [start, end]: readonly [string, string], amount = c.amount, tax = 0) {
  return {
    subscription_item_name: c.name,
    subscription_item_number: `SI-${c.price}`,
    processing_type: 'subscription_item',
    product_name: 'Team',
    price_id: c.price,
    service_start_date: start,
    service_end_date: end,
    quantity: c.quantity,
    unit_of_measure: 'each',
    subtotal: amount,
    tax,
    total: amount + tax,
  };
}

/** A v2 billing document (subscriptionPreviewBillingDocumentsResponse) of the given items. */
export function v2Document(
  type: 'invoice' | 'credit_memo' | 'debit_memo',
  date: string,
  items: ReturnType<typeof v2Item>[],
) {
  const subtotal = items.reduce((n, i) => n + i.subtotal, 0);
  const tax = items.reduce((n, i) => n + i.tax, 0);
  return { type, target_date: date, subtotal, tax, total: subtotal + tax, billing_document_items: items };
}

/** The order's v2 preview answer (orderPreviewResponse): delta metrics and three monthly invoices of 350.00. */
export function v2Answer() {
  return {
    subscriptions: [
      {
        actions: [
          {
            action_id: 'a1',
            action: 'create_subscription',
            sequence: 0,
            subscription_items: [SEATS, PLATFORM].map((c, k) => ({
              subscription_item_id: `item-${k}`,
              price_id: c.price,
              start_date: '2027-01-01',
              end_date: '2028-01-01',
              mrr: usd(c.amount),
              tcb: usd(12 * c.amount),
              tcv: usd(12 * c.amount),
            })),
          },
        ],
      },
    ],
    billing_documents: MONTHS.map(m => v2Document('invoice', m[0], [v2Item(SEATS, m), v2Item(PLATFORM, m)])),
  };
}

/** A v1 invoice item (InvoiceItemPreviewResult). */
function v1Item(c: typeof SEATS, [start, end]: readonly [string, string], amount = c.amount, tax = 0) {
  return {
    chargeName: c.name,
    chargeNumber: `C-${c.price}`,
    chargeDescription: '',
    productName: 'Team',
    productRatePlanChargeId: c.price,
    processingType: 'Charge',
    serviceStartDate: start,
    serviceEndDate: end,
    subscriptionNumber: 'S00000001',
    unitPrice: amount / c.quantity,
    amountWithoutTax: amount,
    taxAmount: tax,
    additionalInfo: { quantity: c.quantity, unitOfMeasure: 'each' },
  };
}

/**
 * A v1 previewResult (PreviewOrderResult): two monthly invoices, the first with 7% tax on the seats, and a credit
 * memo for seats removed mid-February (listed first, to show the documents are read in date order).
 */
export function v1Result() {
  const invoice = (items: ReturnType<typeof v1Item>[], date: string) => {
    const amountWithoutTax = items.reduce((n, i) => n + i.amountWithoutTax, 0);
    const taxAmount = items.reduce((n, i) => n + i.taxAmount, 0);
    return { amount: amountWithoutTax + taxAmount, amountWithoutTax, taxAmount, targetDate: date, invoiceItems: items };
  };
  const credit = v1Item({ ...SEATS, quantity: 2 }, ['2027-02-15', '2027-02-28'], 25);
  return {
    creditMemos: [
      { amount: 25, amountWithoutTax: 25, taxAmount: 0, targetDate: '2027-02-15', creditMemoItems: [credit] },
    ],
    invoices: [
      invoice([v1Item(SEATS, MONTHS[0], 250, 17.5), v1Item(PLATFORM, MONTHS[0])], '2027-01-01'),
      invoice([v1Item(SEATS, MONTHS[1]), v1Item(PLATFORM, MONTHS[1])], '2027-02-01'),
    ],
  };
}
