// Usage uploaded: one event per upload and account (a CSV file's rows for one account, or one record created
// alone), dated the day it was kept. The "usage uploaded"; the vendor's standard events name none for
// usage, so the name is ours (UsageUploaded) and its fields follow the Usage object's (ImportId, quantity, unit).
import type { UsageRec } from '../state/usage';
import { accountFields, type EventSource } from './source';

export const usageEvents: EventSource = {
  rank: 2.5, // at one date: after the day's invoices, before its payments
  lengths: store => ({ usage: store.usage.list.length }),
  since: (store, seen) => {
    const uploads = new Map<string, UsageRec[]>();
    for (const r of store.usage.list.slice(seen.usage ?? 0)) {
      const key = `${r.import_id}\u0000${r.account_number}`;
      const own = uploads.get(key);
      if (own) own.push(r);
      else uploads.set(key, [r]);
    }
    return [...uploads.values()].map(records => {
      const first = records[0];
      const units = [...new Set(records.map(r => r.unit_of_measure))];
      return {
        type: 'UsageUploaded' as const,
        date: first.created_time.slice(0, 10),
        objectId: first.import_id,
        fields: {
          'Usage.ImportId': first.import_id,
          'Usage.Source': first.source === 'import' ? 'Import' : 'API',
          'Usage.RecordCount': String(records.length),
          'Usage.Quantity': decimalSum(records.map(r => r.quantity)),
          'Usage.UnitOfMeasure': units.join(', '),
          'Usage.StartDate': records.map(r => r.start_date).sort()[0],
          ...accountFields(store, first.account_number),
        },
      };
    });
  },
};

/** The sum of decimals as written (617.25 + 617.25 = "1234.5"), in integers of their finest place: never a float sum. */
function decimalSum(values: readonly number[]): string {
  const places = Math.max(0, ...values.map(v => /\.(\d+)$/.exec(String(v))?.[1].length ?? 0));
  const scale = 10n ** BigInt(places);
  const total = values.reduce((s, v) => s + BigInt(Math.round(v * Number(scale))), 0n);
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  const fraction = places ? `.${(abs % scale).toString().padStart(places, '0')}`.replace(/\.?0+$/, '') : '';
  return `${sign}${abs / scale}${fraction}`;
}
