import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { settings } from '../db/schema/system';
import type { MarketSource } from './source';

/**
 * The simulated market's last prices, kept in the database so a restart goes on from them: a
 * broker restarted on the same data started its simulator at the catalogue's prices, and BTCUSDT
 * that had walked to 81,234 was back at 96,250 on the first tick (18 % nobody traded), firing
 * stop orders and liquidations on positions opened at the walked prices. A row of the settings
 * table under its own key (not an operator setting: the owned job writes it).
 */
const KEY = 'market.resume';
/** How often the owner writes them: a kill -9 loses at most this much of the walk. */
export const MARKET_RESUME_MS = 30_000;

const stored = z.object({ prices: z.record(z.string(), z.string().regex(/^\d+(\.\d+)?$/)) });

/** The last price of every instrument the source has printed one for. */
export function lastPrices(market: MarketSource): Map<string, string> {
  const prices = new Map<string, string>();
  for (const { symbol } of market.instruments()) {
    const last = market.ticker(symbol)?.last;
    if (last !== undefined && Number(last) > 0) prices.set(symbol, last);
  }
  return prices;
}

/** Writes the source's last prices (the owned job, and the app's stop). */
export async function saveMarketResume(db: Db, market: MarketSource): Promise<void> {
  const prices = Object.fromEntries(lastPrices(market));
  if (Object.keys(prices).length === 0) return;
  await db
    .insert(settings)
    .values({ key: KEY, value: { prices } })
    // Merged by symbol: each trading partition of a cluster saves only the prices it draws.
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`jsonb_build_object('prices', coalesce(${settings}.value -> 'prices', '{}'::jsonb) || (excluded.value -> 'prices'))`,
        updatedAt: sql`now()`,
      },
    });
}

/** The prices a restart goes on from; empty on a new database (the catalogue's then). */
export async function readMarketResume(db: Db): Promise<Map<string, string>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const parsed = stored.safeParse(row?.value);
  return new Map(parsed.success ? Object.entries(parsed.data.prices) : []);
}
