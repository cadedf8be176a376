import type { Drawing } from '../../../domain/chart/drawing';
import { drawingEndpoints, type DrawingRow } from '../../../domain/protocol/endpoints/drawings';
import { call } from '../../api/call';

/** A stored line as the chart draws it. */
export function toDrawing(row: DrawingRow): Drawing | null {
  if (row.kind === 'hline') return { id: row.id, symbol: row.symbol, kind: 'hline', price: row.price };
  if (row.time === null || row.price2 === null || row.time2 === null) return null;
  return {
    id: row.id,
    symbol: row.symbol,
    kind: 'trend',
    a: { time: row.time, price: row.price },
    b: { time: row.time2, price: row.price2 },
  };
}

export async function listDrawings(symbol: string): Promise<Drawing[]> {
  const { list } = await call(drawingEndpoints.list, { symbol }, { silent: true });
  return list.flatMap((row) => toDrawing(row) ?? []);
}

export type NewDrawing =
  | { kind: 'hline'; price: string }
  | { kind: 'trend'; a: { time: number; price: string }; b: { time: number; price: string } };

/**
 * Saves a new line, or moves the line `id`; a refusal (the limit, an unknown symbol) is shown to
 * the user by call().
 */
export async function saveDrawing(symbol: string, line: NewDrawing, id?: string): Promise<Drawing | null> {
  const which = id === undefined ? {} : { id };
  const row = await call(
    drawingEndpoints.save,
    line.kind === 'hline'
      ? { ...which, symbol, kind: 'hline', price: line.price }
      : {
          ...which,
          symbol,
          kind: 'trend',
          price: line.a.price,
          time: line.a.time,
          price2: line.b.price,
          time2: line.b.time,
        },
  );
  return toDrawing(row);
}

export async function deleteDrawing(id: string): Promise<void> {
  await call(drawingEndpoints.delete, { id });
}
