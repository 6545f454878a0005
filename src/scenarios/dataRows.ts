// The rows of a data file (`test --data rows.csv|rows.json`): each scenario runs once per row and reads the
// row's values as `${data.column}`. CSV as RFC 4180 (a header line; quoted fields may hold commas, doubled
// quotes and new lines; CRLF or LF): every value is text. JSON: an array of objects, values as written. A file
// that cannot be read as rows is a DataFileError naming the line, never a run on half the rows.
import { parseTree, type ParseError } from 'jsonc-parser';
import { jsonErrorWords } from '../schemas/syntax';

export interface DataTable {
  /** The file as given, for messages. */
  file: string;
  /** The CSV header's names; for JSON every key of any row, in first-seen order. */
  columns: string[];
  rows: Record<string, unknown>[];
}

export class DataFileError extends Error {}

/** The table of a data file's text; its kind by its extension (.csv or .json). */
export function parseDataText(text: string, file: string): DataTable {
  const body = text.replace(/^\uFEFF/, ''); // Excel writes a byte order mark
  const ext = /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase();
  if (ext === 'csv') return parseCsv(body, file);
  if (ext === 'json') return parseJsonRows(body, file);
  throw new DataFileError(
    `${file}: --data takes a .csv file (a header line, then one row per line) or a .json file (an array of objects)`,
  );
}

/** RFC 4180 records, each with the line it starts on (1-based). */
function csvRecords(text: string, file: string): { line: number; values: string[] }[] {
  const records: { line: number; values: string[] }[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    const values: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        const opened = line;
        i++;
        for (;;) {
          if (i >= text.length)
            throw new DataFileError(
              `${file}:${opened}: a quoted value is never closed: end it with a " (a quote inside it is written "")`,
            );
          const c = text[i];
          if (c === '"' && text[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (c === '"') {
            i++;
            break;
          } else {
            if (c === '\n') line++;
            value += c;
            i++;
          }
        }
        if (i < text.length && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n'))
          throw new DataFileError(
            `${file}:${line}: text after a closing quote: quote the whole value, writing a quote inside it as ""`,
          );
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          if (text[i] === '"')
            throw new DataFileError(
              `${file}:${line}: a quote inside an unquoted value: quote the whole value ("say ""hi""")`,
            );
          value += text[i++];
        }
      }
      values.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') {
        i++;
        line++;
      }
      break;
    }
    if (!(values.length === 1 && values[0] === '')) records.push({ line: start, values }); // blank lines: none
  }
  return records;
}

function parseCsv(text: string, file: string): DataTable {
  // Lines ended by CR alone (Excel's "CSV (Macintosh)"): read as the lines they are.
  if (!text.includes('\n')) text = text.replace(/\r/g, '\n');
  const [header, ...records] = csvRecords(text, file);
  if (!header)
    throw new DataFileError(`${file}: the file is empty: write a header line of column names, then one row per line`);
  const columns = header.values.map(v => v.trim());
  columns.forEach((c, k) => {
    if (!c) throw new DataFileError(`${file}:${header.line}: column ${k + 1} of the header line has no name`);
    if (columns.indexOf(c) !== k)
      throw new DataFileError(`${file}:${header.line}: two columns are named "${c}": rename one`);
  });
  if (!records.length) throw new DataFileError(`${file}: no rows after the header line: add one row per run`);
  const rows = records.map(r => {
    if (r.values.length !== columns.length) {
      const has = `${r.values.length} value${r.values.length === 1 ? '' : 's'}`;
      throw new DataFileError(
        `${file}:${r.line}: this row has ${has} but the header line has ${columns.length} columns (${columns.join(', ')}): quote a value that holds a comma`,
      );
    }
    return Object.fromEntries(columns.map((c, k) => [c, r.values[k]]));
  });
  return { file, columns, rows };
}

function parseJsonRows(text: string, file: string): DataTable {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  if (errors.length || !root) {
    const e = errors[0];
    const where = e ? `:${lineAt(e.offset)}` : '';
    throw new DataFileError(
      `${file}${where}: not valid JSON${e ? ` (${jsonErrorWords(e.error)})` : ''}: write an array of objects, one per run`,
    );
  }
  if (root.type !== 'array')
    throw new DataFileError(
      `${file}:${lineAt(root.offset)}: write an array of objects, one per run, such as [{ "plan": "gold" }]`,
    );
  const items = root.children ?? [];
  if (!items.length) throw new DataFileError(`${file}: the array has no rows: add one object per run`);
  const bad = items.findIndex(n => n.type !== 'object');
  if (bad >= 0)
    throw new DataFileError(
      `${file}:${lineAt(items[bad].offset)}: row ${bad + 1} is not an object: each row is { "column": value, ... }`,
    );
  const rows = JSON.parse(text) as Record<string, unknown>[];
  const columns = [...new Set(rows.flatMap(r => Object.keys(r)))];
  return { file, columns, rows };
}
