import { sql } from 'drizzle-orm';
import { icoOfferings } from '../../db/schema/ico';
import { listingGuard } from '../ipo/listing';

/** A token on sale takes no coin orders (`<token>USDT`) before its listing date, like an IPO stock. */
const coins = listingGuard((db) =>
  db
    .select({ symbol: sql<string>`${icoOfferings.token} || 'USDT'`, listingAt: icoOfferings.listingAt })
    .from(icoOfferings),
);

export const icoSymbolsChanged = coins.changed;
export const requireCoinListed = coins.requireListed;
