import type { Db } from '../db/client';
import type { Listing, MarketSource } from '../market/source';
import { coinListings } from './ico/listing';
import { stockListings } from './ipo/listing';

/** New offerings reach the market within this (the operator may create one at any time). */
export const LISTINGS_PASS_MS = 5_000;

/**
 * Every instrument that lists on a date, with the price it lists at: IPO stocks at their issue
 * price, coin sale tokens (`<token>USDT`) at their token price — read where the order guards read
 * them (./ipo/listing.ts, ./ico/listing.ts), so the market and the guards agree on every date.
 */
export async function readListings(db: Db): Promise<Map<string, Listing>> {
  return new Map([...(await stockListings(db)), ...(await coinListings(db))]);
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
