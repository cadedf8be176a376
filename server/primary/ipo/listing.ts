import { ipoOfferings } from '../../db/schema/primary';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * SPEC §9 "stock not listed and not tradable": a stock going public takes no orders before its
 * listing date. Checked on every stock order, so the symbols with an IPO are kept in memory
 * (they change only when an IPO is created) and re-read every few seconds for other nodes' IPOs.
 */
const REFRESH_MS = 5_000;
type Cache = { at: number; listing: Map<string, number> };
const caches = new WeakMap<Db, Cache>();

async function listingDates(db: Db): Promise<Map<string, number>> {
  const cached = caches.get(db);
  if (cached && Date.now() - cached.at < REFRESH_MS) return cached.listing;
  const rows = await db
    .select({ symbol: ipoOfferings.symbol, listingAt: ipoOfferings.listingAt })
    .from(ipoOfferings);
  const listing = new Map<string, number>();
  // A symbol offered twice lists with its first IPO.
  for (const r of rows) listing.set(r.symbol, Math.min(r.listingAt, listing.get(r.symbol) ?? Infinity));
  caches.set(db, { at: Date.now(), listing });
  return listing;
}

/** Forgets the cache (a new IPO was created). */
export function ipoSymbolsChanged(db: Db): void {
  caches.delete(db);
}

export async function requireListed(db: Db, symbol: string, now: number): Promise<void> {
  const listingAt = (await listingDates(db)).get(symbol.toUpperCase());
  if (listingAt !== undefined && now < listingAt) throw new ApiError('NOT_TRADABLE');
}
