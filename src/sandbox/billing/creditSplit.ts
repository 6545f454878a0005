// Which document each line of a bill goes on. An invoice bills what the customer owes and a credit memo gives
// back: each item of either is a positive amount (a credit memo's, the amount credited). A bill that comes to
// zero or more is one invoice (a proration credit is a negative line of it, as the vendor's invoices show them);
// a bill that comes to less than zero is split as the vendor's "split negative charges to credit memo" rule
// does: its credits make a credit memo, its charges (if any) an invoice of the same date. See
// https://knowledgecenter.zuora.com/CB_Billing/Advanced_AR_Settlement/Credit_and_Debit_Memos/Rules_for_Generating_Invoices_and_Credit_Memos

export interface DocumentLines<T> {
  type: 'invoice' | 'credit_memo';
  lines: T[];
}

/** The documents `lines` bill, given what the customer owes for each (negative: given back); memo first. */
export function splitByDocument<T>(lines: readonly T[], owed: (line: T) => bigint): DocumentLines<T>[] {
  if (!lines.length) return [];
  const net = lines.reduce((sum, l) => sum + owed(l), 0n);
  if (net >= 0n) return [{ type: 'invoice', lines: [...lines] }];
  const credits = lines.filter(l => owed(l) < 0n);
  const charges = lines.filter(l => owed(l) >= 0n);
  return [
    { type: 'credit_memo', lines: credits },
    ...(charges.length ? [{ type: 'invoice' as const, lines: charges }] : []),
  ];
}
