import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIpo } from '../../server/primary/ipo/create';
import { dbTargets, startServer, type TestServer } from '../support/server';
import { api, trader, type SpotWorld } from './spot-support';

const HOUR = 3_600_000;

/**
 * The catalogue's IPO stocks the seed does not offer (server/market/catalogue.ts) are candidates:
 * no list shows them and no order trades them until an offering dates their listing, since a
 * stock that never went public has no market. The seeded simulator, as `npm start` runs it.
 */
describe.each(dbTargets())('catalogue IPO candidates on %s', (target) => {
  let server: TestServer;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    server = await startServer(target);
    call = api({ server, db: server.database.db } as unknown as SpotWorld);
  });
  afterAll(async () => server?.close());

  /** Every stock the market list shows, page by page. */
  const listed = async (): Promise<string[]> => {
    const symbols: string[] = [];
    for (let page = 1; ; page++) {
      const { data } = await call.get<{ list: { symbol: string }[]; total: number }>(
        '/stock/index/list',
        '',
        {
          size: '100',
          page: String(page),
          market: 'stock',
        },
      );
      symbols.push(...data.list.map((q) => q.symbol));
      if (symbols.length >= data.total || data.list.length === 0) return symbols;
    }
  };

  it('shows and trades a candidate only once an offering dates it', async () => {
    const before = await listed();
    // A seeded offering's stock is shown before its listing (with no trading); a candidate is not.
    expect(before).toEqual(expect.arrayContaining(['THYAO', 'EGEGD', 'KPDTR']));
    expect(before).not.toContain('KRDNZ');
    const me = await trader(server.database.db);
    const order = { symbol: 'KRDNZ', type: 'limit', price: '23.60', quantity: '1' };
    expect(await call.post('/stock/order/buy', me.token, order)).toMatchObject({ key: 'NOT_TRADABLE' });

    const now = Date.now();
    await createIpo(
      server.database.db,
      {
        symbol: 'KRDNZ',
        name: 'Karadeniz Lojistik Hizmetleri A.Ş.',
        summary: { 'tr-TR': 'Lojistik.', 'en-US': 'Logistics.' },
        sector: { 'tr-TR': 'Lojistik', 'en-US': 'Logistics' },
        issuePrice: '23.60',
        lotsRetail: '1000',
        lotsInstitutional: '500',
        maxLots: '100',
        subscribeStart: now - HOUR,
        subscribeEnd: now + HOUR,
        allocationAt: now + 2 * HOUR,
        refundAt: now + 3 * HOUR,
        listingAt: now + 4 * HOUR,
      },
      now,
    );
    // The listings pass, a job every few seconds, tells the market.
    await expect.poll(listed, { timeout: 15_000, interval: 250 }).toContain('KRDNZ');
    const info = await call.get<{ listingAt: number }>('/stock/index/info', '', { symbol: 'KRDNZ' });
    expect(info.data.listingAt).toBe(now + 4 * HOUR);
    // Offered, it still takes no order before its listing date.
    expect(await call.post('/stock/order/buy', me.token, order)).toMatchObject({ key: 'NOT_TRADABLE' });
  });
});
