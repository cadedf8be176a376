import { isListed } from '../../../domain/rules/tradable';
import { ipoOfferings } from '../../db/schema/primary';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * SPEC §9 "stock not listed and not tradable": an instrument going public takes no orders before
 * its listing date. Checked on every order, so the symbols with a listing date are kept in memory
 * (they change only when an offering is created) and re-read every few seconds for other nodes'.
 * One guard per product: stock IPOs here, coin ICOs in ../ico/listing.ts.
 */
const REFRESH_MS = 5_000;
type Cache = { at: number; listing: Map<string, number> };

export function listingGuard(read: (db: Db) => Promise<{ symbol: string; listingAt: number }[]>) {
  const caches = new WeakMap<Db, Cache>();
  async function listingDates(db: Db): Promise<Map<string, number>> {
    const cached = caches.get(db);
    if (cached && Date.now() - cached.at < REFRESH_MS) return cached.listing;
    const listing = new Map<string, number>();
    // A symbol offered twice lists with its first offering.
    for (const r of await read(db))
      listing.set(r.symbol, Math.min(r.listingAt, listing.get(r.symbol) ?? Infinity));
    caches.set(db, { at: Date.now(), listing });
    return listing;
  }
  return {
    /** Forgets the cache (a new offering was created). */
    changed: (db: Db) => void caches.delete(db),
    /** Every symbol with a listing date, and that date (epoch ms). */
    dates: (db: Db): Promise<ReadonlyMap<string, number>> => listingDates(db),
    async requireListed(db: Db, symbol: string, now: number): Promise<void> {
      const listingAt = (await listingDates(db)).get(symbol.toUpperCase());
      if (!isListed(listingAt, now)) throw new ApiError('NOT_TRADABLE');
    },
  };
}

const stocks = listingGuard((db) =>
  db.select({ symbol: ipoOfferings.symbol, listingAt: ipoOfferings.listingAt }).from(ipoOfferings),
);

/** Forgets the cache (a new IPO was created). */
export const ipoSymbolsChanged = stocks.changed;
export const requireListed = stocks.requireListed;
/** IPO stocks and their listing dates: what GET /stock/index/info tells the stock screen. */
export const stockListingDates = stocks.dates;
