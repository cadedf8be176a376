import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { icoOfferings } from '../db/schema/ico';
import { ipoOfferings } from '../db/schema/primary';
import type { Listing, MarketSource } from '../market/source';

/** New offerings reach the market within this (the operator may create one at any time). */
export const LISTINGS_PASS_MS = 5_000;

/**
 * Every instrument that lists on a date, with the price it lists at: IPO stocks at their issue
 * price, coin sale tokens (`<token>USDT`) at their token price. A symbol offered twice lists with
 * its first offering, as the order guards read it (./ipo/listing.ts).
 */
export async function readListings(db: Db): Promise<Map<string, Listing>> {
  const rows = [
    ...(await db
      .select({
        symbol: ipoOfferings.symbol,
        listingAt: ipoOfferings.listingAt,
        price: ipoOfferings.issuePrice,
      })
      .from(ipoOfferings)),
    ...(await db
      .select({
        symbol: sql<string>`${icoOfferings.token} || 'USDT'`,
        listingAt: icoOfferings.listingAt,
        price: icoOfferings.tokenPrice,
      })
      .from(icoOfferings)),
  ];
  const listings = new Map<string, Listing>();
  for (const row of rows) {
    const symbol = row.symbol.toUpperCase();
    const known = listings.get(symbol);
    if (!known || row.listingAt < known.listingAt)
      listings.set(symbol, { listingAt: row.listingAt, price: row.price });
  }
  return listings;
}

/**
 * Tells the market the listing dates (a simulated market shows no book, prints or bars before
 * them). Run before the market starts, so no one sees a pre-listing book, and then as a job on the
 * market's owner. Returns how many listings the market was told of.
 */
export async function applyListings(db: Db, market: MarketSource): Promise<number> {
  if (!market.list) return 0;
  const listings = await readListings(db);
  market.list(listings);
  return listings.size;
}
