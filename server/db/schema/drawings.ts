import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { DRAWING_KINDS } from '../../../domain/chart/drawing';
import { userRef } from './user-ref';
import { rowId } from './columns';

/**
 * Lines users draw on charts (/user/drawing/*): a horizontal line at `price`, or a trend line from
 * (`t1`, `price`) to (`t2`, `price2`). Kept per user and symbol, shared by the real and demo
 * accounts as the watchlist is: a chart is the same market whichever account trades it.
 */
export const chartDrawings = pgTable(
  'chart_drawings',
  {
    id: rowId(),
    userId: userRef(),
    symbol: text('symbol').notNull(),
    kind: text('kind', { enum: DRAWING_KINDS }).notNull(),
    price: numeric('price').notNull(),
    /** Epoch ms of the trend line's points; null on a horizontal line. */
    t1: bigint('t1', { mode: 'number' }),
    price2: numeric('price2'),
    t2: bigint('t2', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('chart_drawings_user_symbol_idx').on(t.userId, t.symbol, t.id),
    check(
      'chart_drawings_shape',
      sql`(${t.kind} = 'hline' and ${t.t1} is null and ${t.price2} is null and ${t.t2} is null)
        or (${t.kind} = 'trend' and ${t.t1} is not null and ${t.price2} is not null and ${t.t2} is not null)`,
    ),
  ],
);
