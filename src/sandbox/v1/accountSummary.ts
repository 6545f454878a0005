// GET /v1/accounts/{account-key}/summary (GETAccountSummaryType): the account as its kept records have it, in the
// summary's v1 words: its figures (the balance as GET /v1/accounts/{key} and v2 answer it: payments/balances.ts),
// its contacts, its subscriptions with their plans, its posted invoices with their balances, its processed payments
// with the invoices each paid, and its usage. Before, the contract's simulation answered made-up figures here.
import { add, exact, sub, ZERO } from '../money/exact';
import { roundMoney } from '../money/rounding';
import { accountFigures, balanceOf, documentsOf, paymentStatus, statusWithPayments } from '../payments/balances';
import { findPlan } from '../state/activeCatalog';
import type { AccountRec, Store, SubscriptionRec } from '../state/store';
import type { Term } from '../state/subscriptionParts';
import { contact, batchOf } from './accountView';
import { productOf } from './itemFacts';
import { V1_STATUS_OF } from './names';
import { subscriptionsOf } from '../state/seededLookup';

const TERM_TYPE = { termed: 'TERMED', evergreen: 'EVERGREEN' } as const;

export function accountSummary(store: Store, a: AccountRec) {
  const figures = accountFigures(store, a.account_number, a.currency);
  const invoices = documentsOf(store, a.account_number)
    .filter(d => d.type === 'invoice' && statusWithPayments(store, d).state === 'posted')
    .map(d => ({
      id: d.id,
      invoiceNumber: d.number,
      invoiceDate: d.document_date,
      dueDate: d.document_date, // due upon receipt: the sandbox's one payment term
      amount: d.total,
      balance: String(balanceOf(store, d)),
      status: 'Posted',
    }));
  const payments = store.payments.paymentList
    .filter(p => p.account_id === a.id && paymentStatus(store.payments, p).state === 'processed')
    .map(p => ({
      id: p.id,
      paymentNumber: p.number,
      effectiveDate: p.payment_date,
      paymentType: p.external ? 'External' : 'Electronic',
      status: 'Processed',
      paidInvoices: paidInvoices(store, p.id, p.currency),
    }));
  const last = payments[payments.length - 1];
  const lastPayment = last && store.payments.payment(last.id);
  const { personalEmail: _billTo, ...billToContact } = contact(a.bill_to);
  const { personalEmail: _soldTo, ...soldToContact } = contact(a.sold_to ?? a.bill_to);
  return {
    success: true,
    basicInfo: {
      id: a.id,
      accountNumber: a.account_number,
      name: a.name,
      status: 'Active',
      batch: batchOf(a),
      billCycleDay: String(a.bill_cycle_day),
      currency: a.currency,
      autoPay: a.details?.auto_pay === true,
      balance: String(figures.balance),
      invoiceDeliveryPrefsEmail: false,
      invoiceDeliveryPrefsPrint: false,
      ...(invoices.length
        ? {
            lastInvoiceDate: invoices
              .map(i => i.invoiceDate)
              .sort()
              .pop(),
          }
        : {}),
      ...(lastPayment
        ? { lastPaymentAmount: String(lastPayment.amount), lastPaymentDate: lastPayment.payment_date }
        : {}),
    },
    billToContact,
    soldToContact,
    subscriptions: subscriptionsOf(store, a.account_number).map(summaryOf),
    invoices,
    payments,
    usage: store.usage.ofAccount(a.account_number).map(u => ({
      quantity: String(u.quantity),
      startDate: u.start_date,
      unitOfMeasure: u.unit_of_measure,
    })),
  };
}

/** What a payment paid of each invoice (its applications less its unapplications), exact then rounded once. */
function paidInvoices(store: Store, paymentId: string, currency: string) {
  const net = new Map<string, ReturnType<typeof exact>>();
  for (const e of store.payments.entriesOf(paymentId)) {
    if (!e.document_id || (e.kind !== 'apply' && e.kind !== 'unapply')) continue;
    const was = net.get(e.document_id) ?? ZERO;
    net.set(e.document_id, e.kind === 'apply' ? add(was, exact(e.amount!)) : sub(was, exact(e.amount!)));
  }
  return [...net].flatMap(([id, amount]) => {
    const d = store.documents.get(id);
    const paid = roundMoney(amount, currency);
    return d && d.type === 'invoice' && paid > 0
      ? [{ invoiceId: d.id, invoiceNumber: d.number, appliedPaymentAmount: String(paid) }]
      : [];
  });
}

function summaryOf(s: SubscriptionRec) {
  const term = (t: Term) => (t.type === 'termed' ? String(t.interval_count ?? '') : '');
  return {
    id: s.id,
    subscriptionNumber: s.subscription_number,
    status: V1_STATUS_OF[s.state],
    autoRenew: s.auto_renew,
    termType: TERM_TYPE[s.initial_term.type],
    initialTerm: term(s.initial_term),
    renewalTerm: term(s.renewal_term),
    subscriptionStartDate: s.start_date,
    termStartDate: s.current_term_start,
    ...(s.current_term_end ? { termEndDate: s.current_term_end } : {}),
    ratePlans: s.plans
      .filter(p => !p.removed)
      .map(p => {
        const product = productOf(p.plan_id);
        return {
          productRatePlanId: p.plan_id,
          ratePlanName: findPlan(p.plan_id)?.name ?? p.plan_id,
          ...(product ? { productId: product.id, productName: product.name } : {}),
        };
      }),
  };
}
