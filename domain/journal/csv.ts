import { ISTANBUL_OFFSET_MS } from '../market/instrument';

/**
 * CSV as RFC 4180 writes it: fields split by commas, records by CRLF, a field with a comma, a
 * quote, CR or LF inside double quotes with its quotes doubled. Numbers go as the wire has them
 * (a point for decimals, no grouping), so no locale's separator can be read as a column break.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Reads RFC 4180 CSV back into rows of fields (quoted fields may hold commas, quotes and line
 * breaks); a final line break ends the last record rather than starting an empty one.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** An accountant's timestamp: Istanbul local time with its offset, `2026-11-29 13:05:09 +03:00`. */
export function csvTime(t: number): string {
  const iso = new Date(t + ISTANBUL_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} +03:00`;
}
