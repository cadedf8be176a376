import { sql } from 'drizzle-orm';
import { isCoinPairTradable } from '../../../domain/rules/tradable';
import type { Db } from '../../db/client';
import { icoOfferings } from '../../db/schema/ico';
import { ApiError } from '../../http/errors';
import type { MarketSource } from '../../market/source';
import { listingGuard } from '../ipo/listing';

/** A token on sale takes no coin orders (`<token>USDT`) before its listing date, like an IPO stock. */
const coins = listingGuard((db) =>
  db
    .select({
      symbol: sql<string>`${icoOfferings.token} || 'USDT'`,
      listingAt: icoOfferings.listingAt,
      price: icoOfferings.tokenPrice,
    })
    .from(icoOfferings),
);

export const icoSymbolsChanged = coins.changed;
/** The pairs of coin sales' tokens and their listing dates: what POST /coin/infos tells the tickets. */
export const coinListingDates = coins.dates;
/** Sale tokens' pairs, their listing dates and token prices: what the market is told. */
export const coinListings = coins.listings;

/** A coin sale token's listing date (epoch ms); null for a pair that is no sale's token. */
export async function coinListingAt(db: Db, symbol: string): Promise<number | null> {
  return (await coins.dates(db)).get(symbol.toUpperCase()) ?? null;
}

/**
 * NOT_TRADABLE unless the coin pair takes orders now by domain/rules/tradable, the rule the
 * tickets build their pair lists with: quoted in USDT and, for a sale's token, listed.
 */
export async function requireCoinTradable(
  db: Db,
  market: MarketSource,
  symbol: string,
  now: number,
): Promise<void> {
  const instrument = market.instrument(symbol);
  if (!instrument || instrument.market !== 'coin') throw new ApiError('NOT_TRADABLE');
  const listingAt = await coinListingAt(db, instrument.symbol);
  if (!isCoinPairTradable({ quote: instrument.quote, listingAt }, now)) throw new ApiError('NOT_TRADABLE');
}
