/**
 * RFC 4180 CSV: comma separated, double-quoted fields may hold commas, quotes ("") and newlines.
 * Returns rows with their 1-based line numbers so errors can name the line.
 */
export interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
}

export class CsvError extends Error {
  constructor(readonly file: string, readonly line: number, detail: string) {
    super(`${file}, line ${line}: ${detail}`);
    this.name = 'CsvError';
  }
}

export const parseCsv = (text: string, file: string): CsvRow[] => {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let i = 0;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"') {
      if (field !== '') throw new CsvError(file, line, 'a quote inside an unquoted field; quote the whole field');
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else field += ch;
  }
  if (quoted) throw new CsvError(file, rowLine, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0) endRow();
  return rows;
};

/** Rows as records keyed by the header row (names trimmed, lower-cased). */
export const parseCsvRecords = (text: string, file: string): { header: string[]; records: { line: number; get: (name: string) => string | undefined }[] } => {
  const [head, ...rest] = parseCsv(text, file);
  if (!head) throw new CsvError(file, 1, 'the file is empty; expected a header row');
  const header = head.fields.map((h) => h.trim().toLowerCase());
  const twice = header.find((h, i) => header.indexOf(h) !== i);
  if (twice !== undefined) throw new CsvError(file, head.line, `the column ${twice === '' ? 'without a name' : twice} appears twice; each column is given once`);
  const records = rest.map((row) => {
    if (row.fields.length !== header.length) {
      throw new CsvError(file, row.line, `expected ${header.length} fields (${header.join(',')}), found ${row.fields.length}`);
    }
    return {
      line: row.line,
      get: (name: string) => {
        const at = header.indexOf(name);
        const v = at >= 0 ? row.fields[at]!.trim() : undefined;
        return v === '' ? undefined : v;
      },
    };
  });
  return { header, records };
};

/**
 * The text of a CSV file that must be UTF-8: a byte that is not (a file saved as Latin-1 or Windows-1252) would
 * otherwise become U+FFFD inside an id, so it is refused naming the line.
 */
export const csvText = (bytes: Buffer, file: string): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = bytes.toString('utf8');
    const at = text.indexOf('\uFFFD');
    const line = text.slice(0, at).split('\n').length;
    throw new CsvError(file, line, 'the file is not UTF-8 (saved as Latin-1 or Windows-1252?); save it as UTF-8');
  }
};
