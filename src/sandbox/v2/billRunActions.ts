// v2 bill run actions, from the store: POST /v2/bill_runs/{bill_run_id}/post (its draft invoices posted with it, and
// collected from the accounts that auto-pay: collection/collect.ts),
// /cancel (once none of its documents is posted: its drafts canceled with it) and DELETE /v2/bill_runs/{bill_run_id}
// (once canceled; a 404 to every read after). invoicing/documentActions.ts says what each may do.
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { collect } from '../collection/collect';
import { cancelBillRun, deleteBillRun, documentsOf, postBillRun, runStatusOf } from '../invoicing/documentActions';
import { billRun, billRunView } from './billingRoutes';
import { actionBody, refused } from './invoiceRoutes';

export function billRunActions(deps: RouteDeps): Route[] {
  const { store } = deps;
  const path = '/v2/bill_runs/{bill_run_id}';
  return [
    {
      method: 'POST',
      path: `${path}/post`,
      handle: async call => {
        const { invoice_date: date } = await actionBody(call, `POST ${path}/post`); // the drafts' new date
        await call.hold();
        const run = billRun(store, call.params.bill_run_id);
        const at = deps.clock.timestamp();
        deps.commit(() =>
          refused('bill_run_id', () => {
            postBillRun(store, run, at, date as string | undefined);
            collect(store, documentsOf(store, run), at, deps.clock.today());
          }),
        );
        return ok(billRunView(run, runStatusOf(store, run)));
      },
    },
    {
      method: 'POST',
      path: `${path}/cancel`,
      handle: async call => {
        await actionBody(call, `POST ${path}/cancel`);
        await call.hold();
        const run = billRun(store, call.params.bill_run_id);
        deps.commit(() => refused('bill_run_id', () => cancelBillRun(store, run, deps.clock.timestamp())));
        return ok(billRunView(run, runStatusOf(store, run)));
      },
    },
    {
      method: 'DELETE',
      path,
      handle: call => {
        const run = billRun(store, call.params.bill_run_id);
        deps.commit(() => refused('bill_run_id', () => deleteBillRun(store, run, deps.clock.timestamp())));
        return { status: 204, body: undefined };
      },
    },
  ];
}
