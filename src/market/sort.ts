import { compareDecimalText, readDecimal } from '../../domain/format/decimal-text';

/** A column a market list can be ordered by. */
export type SortField = 'symbol' | 'price' | 'change' | 'volume';
export type SortDirection = 'asc' | 'desc';
export type Sort = { field: SortField; direction: SortDirection };

/** What sorting reads from a row: decimal strings as they came from the wire or the stream. */
export type SortableRow = { symbol: string; last: string; pct: string; vol: string };

/**
 * Compares two decimal strings exactly (digit by digit, not float: "0.1" vs "0.10000000000000001" must
 * order right). Unreadable values sort last whichever the direction, so '--' rows sink.
 */
export function compareDecimals(a: string, b: string): number | null {
  const x = readDecimal(a);
  const y = readDecimal(b);
  if (x && y) return compareDecimalText(x, y);
  if (x) return null;
  return y ? null : 0;
}

function valueOf(row: SortableRow, field: Exclude<SortField, 'symbol'>): string {
  if (field === 'price') return row.last;
  if (field === 'change') return row.pct;
  return row.vol;
}

/** A sorted copy; ties keep symbol order so equal rows never swap between two sorts. */
export function sortRows<T extends SortableRow>(rows: readonly T[], sort: Sort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.field !== 'symbol') {
      const x = valueOf(a, sort.field);
      const y = valueOf(b, sort.field);
      const order = compareDecimals(x, y);
      if (order === null) return readDecimal(x) ? -1 : 1;
      if (order !== 0) return order * sign;
      return a.symbol.localeCompare(b.symbol);
    }
    return a.symbol.localeCompare(b.symbol) * sign;
  });
}

/** The next sort after tapping a column header: a new column starts descending, the same one flips. */
export function nextSort(current: Sort, field: SortField): Sort {
  if (current.field !== field) return { field, direction: field === 'symbol' ? 'asc' : 'desc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
