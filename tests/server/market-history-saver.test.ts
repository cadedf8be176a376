import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../domain/protocol/market';
import type { Db } from '../../server/db/client';
import { HistorySaver } from '../../server/market/history-store';
import type { Instrument, MarketSource } from '../../server/market/source';
import { dbTargets, freshDatabase } from '../support/server';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 29, 10);

const coin: Instrument = {
  symbol: 'BTCUSDT',
  name: 'Bitcoin',
  market: 'coin',
  country: '',
  priceScale: 2,
  qtyScale: 5,
  group: null,
  t1: false,
  lot: 1,
  base: 'BTC',
  quote: 'USDT',
  minQty: '0.00001',
  members: [],
};

const bar = (minute: number, price: string, v = '1'): Candle => ({
  t: T0 + minute * MIN,
  o: price,
  h: price,
  l: price,
  c: price,
  v,
});

/** A market whose minute bars are the given ones (no other interval printed), its record from `since`. */
function market(
  since: number,
  bars: Candle[],
): Pick<MarketSource, 'instruments' | 'candles' | 'printedSince'> {
  return {
    instruments: () => [coin],
    candles: (_symbol, interval, limit) => (interval === '1m' ? bars.slice(-limit) : []),
    printedSince: () => ({ since, price: '96000.00' }),
  };
}

async function savedMinutes(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select t::text, v::text from market_bars where symbol = 'BTCUSDT' and interval = '1m' order by t`,
  );
  return (result as unknown as { rows: { t: string; v: string }[] }).rows.map(
    (row) => `${(Number(row.t) - T0) / MIN}:${Number(row.v)}`,
  );
}

/**
 * What the owner's history job saves on its first pass. It saved from the minute its own job
 * started: a broker whose engines took a second to start across a minute's turn lost the bar the
 * market printed in that minute (the charts then differed after a restart), and an owner taking
 * over lost the bars the killed owner printed after its last pass, though its market held them.
 */
describe.each(dbTargets())('the market history saver on %s', (target) => {
  it('saves every bar printed since the newest one saved, whenever its job started', async () => {
    const { database, dispose } = await freshDatabase(target);
    try {
      const { db } = database;
      // A new database: the market started at 10:00:58 and printed 41 in that minute before its
      // saver's first pass at 10:01:05.
      const first = [bar(0, '96000.00', '41'), bar(1, '96001.00')];
      expect(await new HistorySaver().save(db, market(T0 + 58_000, first), T0 + MIN + 5_000)).toBe(2);
      expect(await savedMinutes(db)).toEqual(['0:41', '1:1']);

      // A restart: the market goes on from the saved bars; the first pass writes the newest saved
      // (it was live) and what this market printed, not the bars before it again.
      const restarted = [...first.slice(0, 1), bar(1, '96001.00', '3'), bar(20, '96010.00')];
      expect(await new HistorySaver().save(db, market(T0 + 58_000, restarted), T0 + 20 * MIN + 1)).toBe(2);
      expect(await savedMinutes(db)).toEqual(['0:41', '1:3', '20:1']);

      // A takeover after a kill -9: the killed owner printed 21 and 22 after its last pass; the
      // new owner's market holds them (from its mirror) and saves them with its own 23.
      const taken = [...restarted, bar(21, '96011.00'), bar(22, '96012.00'), bar(23, '96013.00')];
      const saver = new HistorySaver();
      expect(await saver.save(db, market(T0 + 58_000, taken), T0 + 23 * MIN + 1)).toBe(4);
      expect(await savedMinutes(db)).toEqual(['0:41', '1:3', '20:1', '21:1', '22:1', '23:1']);
      // Its next pass writes from the bar it wrote last.
      const later = [...taken, bar(24, '96014.00')];
      expect(await saver.save(db, market(T0 + 58_000, later), T0 + 24 * MIN + 1)).toBe(2);
    } finally {
      await dispose();
    }
  });
});
