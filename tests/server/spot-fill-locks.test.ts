import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { accountCode } from '../../server/ledger/account-ref';
import { fillSystemAccounts } from '../../server/trading/spot/booking';
import { dbTargets } from '../support/server';
import {
  api,
  coinBook,
  expectCleanLedger,
  spotWorld,
  stockBook,
  trader,
  type SpotWorld,
} from './spot-support';

/**
 * A matching job names its symbol's system accounts for the first round of its batch's locks
 * (fillSystemAccounts; docs/partitions.md, "Lock order"). That holds only while a fill posts to
 * no other system account: this test books real resting-order fills on a stock and a coin and
 * compares what their ledger transactions touched with what the job names.
 */
describe.each(dbTargets())('the system accounts a resting order’s fill posts to, on %s', (target) => {
  let world: SpotWorld;
  beforeAll(async () => {
    world = await spotWorld(target);
    stockBook(world.source);
    coinBook(world.source);
  });
  afterAll(async () => {
    if (world) await expectCleanLedger(world.db);
    await world?.close();
  });

  /** The system accounts the order's fill transactions touched. */
  const touched = async (orderId: string) => {
    const rows = await world.db
      .select({ code: ledgerAccounts.code })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransactions.referenceType, 'spot_order'),
          eq(ledgerTransactions.referenceId, orderId),
          inArray(ledgerTransactions.reason, ['fill']),
          like(ledgerAccounts.code, 'system:%'),
        ),
      );
    return [...new Set(rows.map((r) => r.code))].sort();
  };

  it('exist from the engine’s start, before any trade: a batch never creates one after its first round of locks', async () => {
    const tradable = world.source.instruments().filter((i) => i.market === 'stock' || i.market === 'coin');
    const named = [...new Set(tradable.flatMap(fillSystemAccounts).map(accountCode))].sort();
    const rows = await world.db
      .select({ code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, named));
    expect(rows.map((r) => r.code).sort()).toEqual(named);
    // Indices trade nothing: no account is made for one.
    const indexRows = await world.db
      .select({ code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(like(ledgerAccounts.code, '%XU100%'));
    expect(indexRows).toEqual([]);
    expect(named).toEqual(expect.arrayContaining(['system:market:THYAO', 'system:market:BTC']));
  });

  it('are the ones the matching job locks first, for a stock and a coin, buying and selling', async () => {
    const call = api(world);
    const user = await trader(world.db);
    const cases = [
      {
        symbol: 'THYAO',
        path: '/stock/order/buy',
        body: { side: undefined, price: '99.00', quantity: '10' },
      },
      {
        symbol: 'THYAO',
        path: '/stock/order/sell',
        body: { side: undefined, price: '101.00', quantity: '10' },
      },
      {
        symbol: 'BTCUSDT',
        path: '/coin/order/add',
        body: { side: 'buy', price: '49000.00', quantity: '0.01' },
      },
      {
        symbol: 'BTCUSDT',
        path: '/coin/order/add',
        body: { side: 'sell', price: '51000.00', quantity: '0.01' },
      },
    ];
    for (const { symbol, path, body } of cases) {
      const { side, ...rest } = body;
      const placed = await call.post<{ order: { id: string; status: string } }>(path, user.token, {
        symbol,
        type: 'limit',
        ...(side ? { side } : {}),
        ...rest,
      });
      expect(placed.data?.order?.status, `${symbol} ${path} ${JSON.stringify(placed)}`).toBe('open');
      const id = placed.data.order.id;
      // The book comes to the order: a resting order fills in a matching job.
      const selling = path.endsWith('/sell') || side === 'sell';
      if (selling) world.source.emitBook(symbol, [[rest.price, rest.quantity]], []);
      else world.source.emitBook(symbol, [], [[rest.price, rest.quantity]]);
      await vi.waitFor(async () => expect((await touched(id)).length).toBeGreaterThan(0), { timeout: 5_000 });

      const instrument = world.source.instrument(symbol)!;
      const named = fillSystemAccounts(instrument).map(accountCode).sort();
      const posted = await touched(id);
      expect(
        posted.every((code) => named.includes(code)),
        `${symbol}: ${posted.join(' ')} ⊄ ${named.join(' ')}`,
      ).toBe(true);
      // Cash and asset both moved against the market.
      expect(posted.filter((code) => code.startsWith('system:market:'))).toHaveLength(2);
    }
  });
});
