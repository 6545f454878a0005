// v1 usage, on the store's usage records (state/usage.ts) by the usage rules (invoicing/usageRecords.ts):
// POST /v1/usage uploads a CSV file (multipart/form-data, its part named `file`, as `curl -F file=@usage.csv`; a
// text/csv body is taken too), all of its rows kept under one import id or none (a bad row is a 400 naming its row
// and column); /v1/object/usage creates, reads, updates and deletes one record in the CRUD objects' words.
import { checkContractBody } from '../contract/contractAnswers';
import { readBody } from '../http/body';
import { ServiceError } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Call, type Route } from '../http/router';
import { CSV_NAMES, UsageFileError, usageRows } from '../invoicing/usageFile';
import {
  changeable,
  isProcessed,
  newUsage,
  usageChanges,
  UsageRefused,
  type UsageNames,
} from '../invoicing/usageRecords';
import { newId } from '../state/ids';
import type { Store } from '../state/store';
import type { UsageRec } from '../state/usage';

const ACTOR = 'sandbox-client';
/** The vendor's limits on an uploaded usage file (POST /v1/usage's reference page). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const MAX_FILE_NAME = 50;
/** The v1 error code's resource part for usage (v1/errors.ts lists the order objects'). */
const USAGE_RESOURCE = 560000;

type Body = Record<string, unknown>;

/** A v1 error about usage: 400 (404 for a record that is not there), the reason saying what to do. */
const refusal = (message: string, status = 400, category = 20) =>
  new ServiceError(
    status,
    { type: status === 404 ? 'not_found' : 'bad_request', errors: [{ code: 'invalid_parameter', message }] },
    { resource: USAGE_RESOURCE, category },
  );

function rule<T>(act: () => T): T {
  try {
    return act();
  } catch (e) {
    if (!(e instanceof UsageRefused)) throw e;
    if (e.code === 'not_found') throw refusal(e.message, 404, 40);
    throw refusal(e.message, 400, e.code === 'missing_parameter' ? 22 : e.code === 'invalid_state' ? 30 : 20);
  }
}

/** The CRUD object's names of a record's fields. */
const OBJECT_NAMES: UsageNames = {
  account: 'AccountId',
  subscription: 'SubscriptionId',
  charge: 'ChargeId',
  unit_of_measure: 'UOM',
  quantity: 'Quantity',
  start_time: 'StartDateTime',
  end_time: 'EndDateTime',
  description: 'Description',
  custom_fields: 'custom_fields',
};

const objectInput = (b: Body) => ({
  account: (b.AccountId ?? b.AccountNumber) as string | undefined,
  subscription: (b.SubscriptionId ?? b.SubscriptionNumber) as string | undefined,
  charge: (b.ChargeId ?? b.ChargeNumber) as string | undefined,
  unit_of_measure: b.UOM as string | undefined,
  quantity: b.Quantity as number | undefined,
  start_time: b.StartDateTime as string | undefined,
  end_time: b.EndDateTime as string | undefined,
  description: b.Description as string | undefined,
});

/** GET /v1/object/usage/{id}: the record in the CRUD object's words (ProxyGetUsage). */
export function usageObjectView(store: Store, r: UsageRec) {
  return {
    Id: r.id,
    AccountId: r.account_id,
    AccountNumber: r.account_number,
    ...(r.subscription_id ? { SubscriptionId: r.subscription_id, SubscriptionNumber: r.subscription_number } : {}),
    ...(r.subscription_item_id ? { ChargeId: r.subscription_item_id } : {}),
    UOM: r.unit_of_measure,
    Quantity: r.quantity,
    StartDateTime: r.start_time,
    ...(r.end_time !== undefined ? { EndDateTime: r.end_time } : {}),
    ...(r.description !== undefined ? { Description: r.description } : {}),
    RbeStatus: isProcessed(store, r) ? 'Processed' : 'Pending',
    SourceType: r.source === 'import' ? 'Import' : 'API',
    CreatedById: ACTOR,
    CreatedDate: r.created_time,
    UpdatedById: ACTOR,
    UpdatedDate: r.updated_time ?? r.created_time,
  };
}

/** The uploaded file: the multipart part named `file` (its name and text), or a text/csv body as it is. */
async function uploaded(call: Call): Promise<{ name: string; text: string; size: number }> {
  const type = call.req.headers['content-type'] ?? '';
  const raw = await readBody(call.req);
  if (/^text\/(csv|plain)/i.test(type)) return { name: 'usage.csv', text: raw, size: Buffer.byteLength(raw) };
  const how = 'send the CSV file as multipart/form-data in a part named file (curl -F "file=@usage.csv")';
  if (!/^multipart\/form-data/i.test(type)) throw refusal(`The body is ${type || 'not typed'}: ${how}.`);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw refusal(`The multipart body could not be read: ${how}.`);
  }
  const file = form.get('file');
  if (file === null) throw refusal(`The body has no part named file: ${how}.`);
  if (typeof file === 'string') return { name: 'usage.csv', text: file, size: Buffer.byteLength(file) };
  return { name: file.name, text: await file.text(), size: file.size };
}

export function usageRoutesV1(deps: RouteDeps): Route[] {
  const { store } = deps;
  const record = (id: string) => {
    const r = store.usage.get(id);
    if (!r) throw refusal(`Usage record ${id} does not exist.`, 404, 40);
    return r;
  };
  return [
    {
      method: 'POST',
      path: '/v1/usage',
      handle: async call => {
        const file = await uploaded(call);
        await call.hold();
        if (file.size > MAX_FILE_BYTES) throw refusal(`The file is over 4 MB (${file.size} bytes): split it.`);
        if (file.name.length > MAX_FILE_NAME) {
          throw refusal(`The file name "${file.name}" is over ${MAX_FILE_NAME} characters: rename it.`);
        }
        if (!/\.csv$/i.test(file.name)) throw refusal(`The file "${file.name}" is not a .csv file: save it as CSV.`);
        const at = deps.clock.timestamp();
        const importId = newId();
        const keep = () => {
          const rows = usageRows(file.text);
          for (const { row, input } of rows) {
            try {
              store.usage.add(newUsage(store, input, { at, import_id: importId, names: CSV_NAMES }));
            } catch (e) {
              if (e instanceof UsageRefused) throw new UsageFileError(e.message, row, e.parameter);
              throw e;
            }
          }
          store.usage.addImport({
            id: importId,
            file_name: file.name,
            size: file.size,
            records: rows.length,
            created_time: at,
          });
        };
        try {
          deps.commit(keep); // a bad row throws: the commit puts back the rows before it, so none is kept
        } catch (e) {
          if (e instanceof UsageFileError) throw refusal(`${e.message} Nothing of ${file.name} was kept.`);
          throw e;
        }
        return ok({ success: true, size: file.size, checkImportStatus: `/v1/object/import/${importId}` });
      },
    },
    {
      method: 'POST',
      path: '/v1/object/usage',
      handle: call =>
        deps.idempotent(call, anObject('POST /v1/object/usage'), raw => {
          const at = deps.clock.timestamp();
          const r = deps.commit(() =>
            rule(() => {
              const rec = newUsage(store, objectInput(raw as Body), { at, names: OBJECT_NAMES });
              store.usage.add(rec);
              return rec;
            }),
          );
          return ok({ Id: r.id, Success: true });
        }),
    },
    {
      method: 'GET',
      path: '/v1/object/usage/{id}',
      handle: call => ok(usageObjectView(store, record(call.params.id))),
    },
    {
      method: 'PUT',
      path: '/v1/object/usage/{id}',
      handle: call =>
        deps.idempotent(call, anObject('PUT /v1/object/usage/{id}'), raw => {
          const at = deps.clock.timestamp();
          const id = deps.commit(() =>
            rule(() => {
              const r = changeable(store, call.params.id, 'id');
              const fields = usageChanges(objectInput(raw as Body), at, OBJECT_NAMES);
              store.usage.addEntry({ kind: 'update', id: r.id, at, fields });
              return r.id;
            }),
          );
          return ok({ Id: id, Success: true });
        }),
    },
    {
      method: 'DELETE',
      path: '/v1/object/usage/{id}',
      handle: call => {
        const at = deps.clock.timestamp();
        const id = deps.commit(() =>
          rule(() => {
            const r = changeable(store, call.params.id, 'id');
            store.usage.addEntry({ kind: 'delete', id: r.id, at });
            return r.id;
          }),
        );
        return ok({ id, success: true });
      },
    },
  ];
}

/** A JSON object, checked against the operation's request schema first (the same 400 as every v1 body's). */
const anObject = (operationId?: string) => (body: unknown) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw refusal('The body must be a JSON object of the usage record’s fields.');
  }
  if (operationId) checkContractBody(operationId, body);
};
