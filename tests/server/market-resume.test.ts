import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../server/db/schema/system';
import { readMarketResume } from '../../server/market/resume';
import { dbTargets, postForm, startServer } from '../support/server';

const price = async (url: string) =>
  Number(
    ((await (await postForm(url, { symbol: 'BTCUSDT' })).json()) as { data: { price: string } }).data.price,
  );

/**
 * A broker restarted on the same data goes on from the simulated market's last prices: it
 * started at the catalogue's (BTCUSDT ≈ 96,000 here), so a price that had walked to 50,000 jumped
 * back on the first tick, firing stop orders and liquidations nobody traded for.
 */
describe.each(dbTargets())('the simulated market across a restart on %s', (target) => {
  it('goes on from the prices saved, and saves its own as it stops', async () => {
    const server = await startServer(target, {
      beforeApp: (db) =>
        db.insert(settings).values({ key: 'market.resume', value: { prices: { BTCUSDT: '50000.00' } } }),
    });
    try {
      const first = await price(server.api('/coin/ticker'));
      expect(Math.abs(first - 50_000) / 50_000, String(first)).toBeLessThan(0.01);
      await server.app.close();
      const saved = await readMarketResume(server.database.db);
      expect(Math.abs(Number(saved.get('BTCUSDT')) - 50_000) / 50_000).toBeLessThan(0.01);
      // Every instrument is saved, not only the one the row named.
      expect(saved.size).toBeGreaterThan(10);
    } finally {
      await server.close();
    }
  });

  it('starts at the catalogue on a new database, and a junk row reads as nothing', async () => {
    const server = await startServer(target, {
      beforeApp: (db) =>
        db.insert(settings).values({ key: 'market.resume', value: { prices: { BTCUSDT: 'abc' } } }),
    });
    try {
      expect(await price(server.api('/coin/ticker'))).toBeGreaterThan(80_000);
      await server.database.db.delete(settings).where(eq(settings.key, 'market.resume'));
      expect((await readMarketResume(server.database.db)).size).toBe(0);
    } finally {
      await server.close();
    }
  });
});
