import { and, count, desc, eq } from 'drizzle-orm';
import type { Market } from '../../domain/market/instrument';
import type { Db } from '../db/client';
import { watchlist } from '../db/schema/market';
import { LIMITS } from '../../domain/limits';
import { createWithinCap } from '../accounts/user-cap';
import { implementAll } from '../http/route';
import {
  coinWatchlistEndpoints,
  stockWatchlistEndpoints,
  type WatchlistEndpoints,
} from '../../domain/protocol/endpoints/watchlist';
import { coinTicker, findInstrument, stockQuote } from '../market/quotes';
import type { Instrument, MarketSource } from '../market/source';
import { requireInstrument } from './market-stock';

/** Per user and kind (domain/limits.ts). */
export const WATCHLIST_MAX = LIMITS.watchlist;

type Kind = 'stock' | 'coin';
const MARKETS_OF: Record<Kind, readonly Market[]> = { stock: ['stock', 'index'], coin: ['coin'] };

async function countOf(db: Db, userId: bigint, kind: Kind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(watchlist)
    .where(and(eq(watchlist.userId, userId), eq(watchlist.kind, kind)));
  return row?.n ?? 0;
}

function watchlistRoutes<Q>(
  kind: Kind,
  endpoints: WatchlistEndpoints<Q>,
  quote: (source: MarketSource, instrument: Instrument) => Q,
) {
  const markets = MARKETS_OF[kind];
  return implementAll(endpoints, 'watchlist', {
    add: {
      summary: `Adds a ${kind} to the watchlist (idempotent); at most ${WATCHLIST_MAX}`,
      handler: async ({ db, market, session, input }) => {
        const { symbol } = await requireInstrument(market, input.symbol, markets);
        const { userId } = session;
        const existing = await db
          .select({ symbol: watchlist.symbol })
          .from(watchlist)
          .where(and(eq(watchlist.userId, userId), eq(watchlist.kind, kind), eq(watchlist.symbol, symbol)));
        if (existing.length === 0) {
          const cap = {
            max: WATCHLIST_MAX,
            key: 'WATCHLIST_FULL' as const,
            count: (tx: Db) => countOf(tx, userId, kind),
          };
          await createWithinCap(db, userId, cap, (tx) =>
            tx.insert(watchlist).values({ userId, kind, symbol }).onConflictDoNothing(),
          );
        }
        return { symbol, collected: true };
      },
    },
    del: {
      summary: `Removes a ${kind} from the watchlist (idempotent)`,
      handler: async ({ db, session, input }) => {
        // No catalogue check: a symbol that left the catalogue must still be removable.
        await db
          .delete(watchlist)
          .where(
            and(
              eq(watchlist.userId, session.userId),
              eq(watchlist.kind, kind),
              eq(watchlist.symbol, input.symbol),
            ),
          );
        return { symbol: input.symbol, collected: false };
      },
    },
    list: {
      summary: `The ${kind} watchlist with live quotes, newest first`,
      handler: async ({ db, market, session, input }) => {
        const where = and(eq(watchlist.userId, session.userId), eq(watchlist.kind, kind));
        const rows = await db
          .select({ symbol: watchlist.symbol })
          .from(watchlist)
          .where(where)
          .orderBy(desc(watchlist.createdAt), watchlist.symbol)
          .limit(input.size)
          .offset((input.page - 1) * input.size);
        const list = rows.flatMap(({ symbol }) => {
          const instrument = findInstrument(market, symbol, markets);
          return instrument ? [quote(market, instrument)] : [];
        });
        return { list, total: await countOf(db, session.userId, kind), page: input.page, size: input.size };
      },
    },
  });
}

export const watchlistRouteList = [
  ...watchlistRoutes('stock', stockWatchlistEndpoints, stockQuote),
  ...watchlistRoutes('coin', coinWatchlistEndpoints, coinTicker),
];
