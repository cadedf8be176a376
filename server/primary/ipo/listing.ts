import { isListed, NOT_SCHEDULED } from '../../../domain/rules/tradable';
import { IPO_STOCKS } from '../../market/catalogue';
import { ipoOfferings } from '../../db/schema/primary';
import type { Db } from '../../db/client';
import type { Listing } from '../../market/source';
import { ApiError } from '../../http/errors';

/**
 * SPEC §9 "stock not listed and not tradable": an instrument going public takes no orders before
 * its listing date. Checked on every order, so the symbols with a listing date are kept in memory
 * (they change only when an offering is created) and re-read every few seconds for other nodes'.
 * One guard per product: stock IPOs here, coin ICOs in ../ico/listing.ts.
 */
const REFRESH_MS = 5_000;
type Cache = { at: number; listings: Map<string, Listing>; dates: Map<string, number> };
type Row = { symbol: string; listingAt: number; price: string };

export function listingGuard(read: (db: Db) => Promise<Row[]>) {
  const caches = new WeakMap<Db, Cache>();
  async function cached(db: Db): Promise<Cache> {
    const hit = caches.get(db);
    if (hit && Date.now() - hit.at < REFRESH_MS) return hit;
    // A symbol offered twice lists with its first offering, at that offering's price.
    const listings = new Map<string, Listing>();
    for (const r of await read(db)) {
      const symbol = r.symbol.toUpperCase();
      const known = listings.get(symbol);
      if (!known || r.listingAt < known.listingAt)
        listings.set(symbol, { listingAt: r.listingAt, price: r.price });
    }
    const dates = new Map([...listings].map(([symbol, l]) => [symbol, l.listingAt]));
    const fresh = { at: Date.now(), listings, dates };
    caches.set(db, fresh);
    return fresh;
  }
  return {
    /** Forgets the cache (a new offering was created). */
    changed: (db: Db) => void caches.delete(db),
    /** Every symbol with a listing date, and that date (epoch ms). */
    dates: async (db: Db): Promise<ReadonlyMap<string, number>> => (await cached(db)).dates,
    /** Every symbol with a listing date, that date and the price it lists at (the market's). */
    listings: async (db: Db): Promise<ReadonlyMap<string, Listing>> => (await cached(db)).listings,
    async requireListed(db: Db, symbol: string, now: number): Promise<void> {
      const listingAt = (await cached(db)).dates.get(symbol.toUpperCase());
      if (!isListed(listingAt, now)) throw new ApiError('NOT_TRADABLE');
    },
  };
}

/**
 * The offerings' listing dates, and the catalogue's IPO stocks that no offering has dated yet: those
 * wait for one (NOT_SCHEDULED), so an IPO stock never trades without having gone public.
 */
const stocks = listingGuard(async (db) => {
  const offered = await db
    .select({
      symbol: ipoOfferings.symbol,
      listingAt: ipoOfferings.listingAt,
      price: ipoOfferings.issuePrice,
    })
    .from(ipoOfferings);
  const dated = new Set(offered.map((r) => r.symbol.toUpperCase()));
  const waiting = IPO_STOCKS.filter(([symbol]) => !dated.has(symbol)).map(([symbol, , price]) => ({
    symbol,
    listingAt: NOT_SCHEDULED,
    price,
  }));
  return [...offered, ...waiting];
});

/** Forgets the cache (a new IPO was created). */
export const ipoSymbolsChanged = stocks.changed;
export const requireListed = stocks.requireListed;
/** IPO stocks and their listing dates: what GET /stock/index/info tells the stock screen. */
export const stockListingDates = stocks.dates;
/** IPO stocks, their listing dates and issue prices: what the market is told (../market-listings.ts). */
export const stockListings = stocks.listings;
