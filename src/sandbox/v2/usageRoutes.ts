// v2 usage records, kept in the store (state/usage.ts) by the usage rules (invoicing/usageRecords.ts): created
// (each with its own id), listed with filter[], sort[], page_size and cursor, read, changed and deleted while no bill
// run billed them; state `processed` once one did. Bill runs rate them (invoicing/usageRating.ts).
import { checkContractBody } from '../contract/contractAnswers';
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import {
  changeable,
  isProcessed,
  newUsage,
  usageChanges,
  UsageRefused,
  type UsageInput,
} from '../invoicing/usageRecords';
import type { UsageRec } from '../state/usage';
import type { Store } from '../state/store';
import { invalidState } from './bodies';
import { listPage } from './listQuery';

type Body = Record<string, unknown>;
const ACTOR = 'sandbox-client';
const checked = (operationId: string) => (body: unknown) => checkContractBody(operationId, body);

/** Runs a usage rule; what it refuses is the service's 400 (404 for what is not there). */
export function usageRule<T>(act: () => T): T {
  try {
    return act();
  } catch (e) {
    if (!(e instanceof UsageRefused)) throw e;
    if (e.code === 'not_found') throw notFound(e.parameter, e.message);
    if (e.code === 'invalid_state') throw invalidState(e.parameter, e.message);
    throw badRequest(e.code, e.parameter, e.message, e.code === 'missing_parameter' ? 22 : 20);
  }
}

export function usageView(store: Store, r: UsageRec) {
  return {
    id: r.id,
    created_by_id: ACTOR,
    updated_by_id: ACTOR,
    created_time: r.created_time,
    updated_time: r.updated_time ?? r.created_time,
    custom_fields: r.custom_fields ?? {},
    account_id: r.account_id,
    account_number: r.account_number,
    ...(r.subscription_id ? { subscription_id: r.subscription_id } : {}),
    ...(r.subscription_item_id ? { subscription_item_id: r.subscription_item_id } : {}),
    ...(r.description !== undefined ? { description: r.description } : {}),
    start_time: r.start_time,
    ...(r.end_time !== undefined ? { end_time: r.end_time } : {}),
    quantity: r.quantity,
    unit_of_measure: r.unit_of_measure,
    state: isProcessed(store, r) ? 'processed' : 'pending',
  };
}

/** The v2 body in the rules' words. */
const inputOf = (b: Body): UsageInput => ({
  account: (b.account_id ?? b.account_number) as string | undefined,
  subscription: b.subscription_id as string | undefined,
  charge: b.subscription_item_id as string | undefined,
  unit_of_measure: b.unit_of_measure as string | undefined,
  quantity: typeof b.quantity === 'string' && b.quantity.trim() !== '' ? Number(b.quantity) : (b.quantity as number),
  start_time: b.start_time as string | undefined,
  end_time: b.end_time as string | undefined,
  description: b.description as string | undefined,
  custom_fields: b.custom_fields as Body | undefined,
});

export function usageRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const view = (r: UsageRec) => usageView(store, r);
  const record = (id: string) => {
    const r = store.usage.get(id);
    if (!r) throw notFound('id', `Usage record ${id} not found.`);
    return r;
  };
  return [
    {
      method: 'GET',
      path: '/v2/usage_records',
      handle: call => ok(listPage(store.usage.live(), call.query, view, { what: 'Usage records', sample: SAMPLE })),
    },
    {
      method: 'POST',
      path: '/v2/usage_records',
      handle: call =>
        deps.idempotent(call, checked('POST /v2/usage_records'), raw => {
          const at = deps.clock.timestamp();
          const r = deps.commit(() =>
            usageRule(() => {
              const rec = newUsage(store, inputOf(raw as Body), { at });
              store.usage.add(rec);
              return rec;
            }),
          );
          return { status: 201, body: view(r) };
        }),
    },
    { method: 'GET', path: '/v2/usage_records/{id}', handle: call => ok(view(record(call.params.id))) },
    {
      method: 'PATCH',
      path: '/v2/usage_records/{id}',
      handle: call =>
        deps.idempotent(call, checked('PATCH /v2/usage_records/{id}'), raw => {
          const at = deps.clock.timestamp();
          deps.commit(() =>
            usageRule(() => {
              const r = changeable(store, call.params.id);
              store.usage.addEntry({ kind: 'update', id: r.id, at, fields: usageChanges(inputOf(raw as Body), at) });
            }),
          );
          return ok(view(record(call.params.id)));
        }),
    },
    {
      method: 'DELETE',
      path: '/v2/usage_records/{id}',
      handle: call => {
        const at = deps.clock.timestamp();
        deps.commit(() =>
          usageRule(() => store.usage.addEntry({ kind: 'delete', id: changeable(store, call.params.id).id, at })),
        );
        return { status: 204, body: undefined };
      },
    },
  ];
}

/** A record with every field its answer can show: what `filter[]` and `sort[]` may name. */
const SAMPLE = {
  id: '',
  created_by_id: '',
  updated_by_id: '',
  created_time: '',
  updated_time: '',
  account_id: '',
  account_number: '',
  subscription_id: '',
  subscription_item_id: '',
  description: '',
  start_time: '',
  end_time: '',
  quantity: 0,
  unit_of_measure: '',
  state: '',
};
