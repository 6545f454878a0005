// A usage file as POST /v1/usage takes it: CSV with a header row naming the vendor's usage import columns
// (https://docs.zuora.com/en/zuora-billing/bill-your-customer/usage-billing/usage-file-format): ACCOUNT_ID (the
// account number), UOM, QTY, STARTDATE (required, with a value on each row), ENDDATE (its header required, its value
// optional), and SUBSCRIPTION_ID (the subscription number), CHARGE_ID (the charge number) and DESCRIPTION when
// given; other columns of the vendor's template are read past. Dates are MM/DD/YYYY (the en_US locale's) or
// YYYY-MM-DD. The upload is atomic, as the vendor's is: one bad row refuses the file, naming the row and column.
import { isRealDate } from '../../schemas/dates';
import type { UsageInput, UsageNames } from './usageRecords';

export const REQUIRED_COLUMNS = ['ACCOUNT_ID', 'UOM', 'QTY', 'STARTDATE', 'ENDDATE'] as const;
const OPTIONAL_COLUMNS = ['SUBSCRIPTION_ID', 'CHARGE_ID', 'DESCRIPTION'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** The columns as the usage rules name a record's fields, so a refusal names the column. */
export const CSV_NAMES: UsageNames = {
  account: 'ACCOUNT_ID',
  subscription: 'SUBSCRIPTION_ID',
  charge: 'CHARGE_ID',
  unit_of_measure: 'UOM',
  quantity: 'QTY',
  start_time: 'STARTDATE',
  end_time: 'ENDDATE',
  description: 'DESCRIPTION',
  custom_fields: 'custom_fields',
};

/** A file the sandbox cannot read: where (row: the file's line, 1 is the header) and what to do. */
export class UsageFileError extends Error {
  constructor(
    message: string,
    readonly row?: number,
    readonly column?: string,
  ) {
    super(row !== undefined ? `Row ${row}${column ? `, column ${column}` : ''}: ${message}` : message);
  }
}

/** One data row: its line in the file and the record it asks for. */
export interface UsageRow {
  row: number;
  input: UsageInput;
}

/** The rows of a usage file, each checked for what the file alone says (the store checks accounts and charges). */
export function usageRows(text: string): UsageRow[] {
  const lines = csvRows(text.replace(/^\uFEFF/, ''));
  const header = (lines[0] ?? []).map(h => h.trim().toUpperCase());
  const missing = REQUIRED_COLUMNS.filter(c => !header.includes(c));
  if (missing.length) {
    throw new UsageFileError(
      `The usage file's header row lacks ${missing.join(', ')}: its columns are ${REQUIRED_COLUMNS.join(', ')} ` +
        `(ENDDATE may be empty on each row), then ${OPTIONAL_COLUMNS.join(', ')} when given.`,
      1,
    );
  }
  const at = (cells: string[], c: Column) => {
    const i = header.indexOf(c);
    const v = i < 0 ? undefined : cells[i]?.trim();
    return v === '' ? undefined : v;
  };
  const rows: UsageRow[] = [];
  lines.slice(1).forEach((cells, i) => {
    const row = i + 2;
    if (cells.every(c => c.trim() === '')) return; // a blank line, as spreadsheets leave at the end
    const need = (c: Column) => at(cells, c) ?? fail(row, c, `${c} is required on every row.`);
    const end = at(cells, 'ENDDATE');
    rows.push({
      row,
      input: {
        account: need('ACCOUNT_ID'),
        unit_of_measure: need('UOM'),
        quantity: quantityOf(need('QTY'), row),
        start_time: dateOf(need('STARTDATE'), row, 'STARTDATE'),
        ...(end !== undefined ? { end_time: dateOf(end, row, 'ENDDATE') } : {}),
        ...optional('subscription', at(cells, 'SUBSCRIPTION_ID')),
        ...optional('charge', at(cells, 'CHARGE_ID')),
        ...optional('description', at(cells, 'DESCRIPTION')),
      },
    });
  });
  if (!rows.length) throw new UsageFileError('The usage file has a header row but no usage rows under it.');
  return rows;
}

const optional = <K extends keyof UsageInput>(k: K, v: string | undefined) => (v !== undefined ? { [k]: v } : {});

function fail(row: number, column: string, message: string): never {
  throw new UsageFileError(message, row, column);
}

function quantityOf(v: string, row: number): number {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(v))
    fail(row, 'QTY', `"${v}" is not a quantity: write a number such as 1250 or 3.5.`);
  return Number(v);
}

/** MM/DD/YYYY (the en_US locale's) or YYYY-MM-DD, as YYYY-MM-DD. */
function dateOf(v: string, row: number, column: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : v;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !isRealDate(iso)) {
    fail(row, column, `"${v}" is not a date: write MM/DD/YYYY (the en_US locale's, 01/15/2027) or YYYY-MM-DD.`);
  }
  return iso;
}

/** RFC 4180 rows: fields split on commas, quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text[i++];
      else quoted = false;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    } else field += ch;
  }
  if (quoted) throw new UsageFileError(`A quoted field is not closed (row ${rows.length + 1}): end it with ".`);
  if (field !== '' || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}
