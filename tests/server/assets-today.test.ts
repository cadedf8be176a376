import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { AssetsAnswer } from '../../domain/protocol/account';
import type { MarketStatus } from '../../domain/protocol/market';
import { openUserLedger } from '../../server/ledger/accounts';
import { userBalances } from '../../server/ledger/balances';
import type { MarketSource } from '../../server/market/source';
import { dayWindows } from '../../server/portfolio/day-trades';
import { dbTargets } from '../support/server';
import {
  api,
  balance,
  coinBook,
  expectCleanLedger,
  MONDAY_NOON,
  spotWorld,
  stockBook,
  trader,
} from './spot-support';
import { demoSession } from '../support/session';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 23 Nov 2026, 00:00 in Istanbul (UTC+3). */
const MONDAY_MIDNIGHT = Date.parse('2026-11-22T21:00:00Z');

/**
 * /user/assets `today`: what the account's spot fills moved since each market's day reference
 * (BIST: the session day; coins: 24 h ago), so the day P&L values no move from before a holding
 * was bought (domain/portfolio/value).
 */
describe.each(dbTargets())('assets: the day window of spot trades on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => {
      const call = api(world);
      const me = await trader(world.db, { TRY: '100000', USDT: '10000' });
      return { call, me };
    },
  );

  const assets = async () => (await t.call.post<AssetsAnswer>('/user/assets', t.me.token, {})).data;
  const ledger = async () => {
    const rows = await userBalances(t.world.db, t.me.userId, 'real');
    const total = (wallet: string, currency: string) => {
      const b = balance(rows, wallet, currency);
      return new Decimal(b.available).plus(b.frozen);
    };
    return {
      TRY: total('stock', 'TRY'),
      THYAO: total('stock', 'THYAO'),
      USDT: total('coin', 'USDT'),
      BTC: total('coin', 'BTC'),
    };
  };
  async function order(path: string, fields: Record<string, string>) {
    const res = await t.call.post(path, t.me.token, { type: 'market', ...fields });
    expect(res.code).toBe(0);
  }

  it('counts the fills since the reference, each as the ledger moved it, and no fill before it', async () => {
    // Sunday 11:00 Istanbul: before Monday's session day and more than 24 h before Monday noon.
    t.world.clock.set(MONDAY_NOON - 25 * HOUR);
    stockBook(t.world.source);
    coinBook(t.world.source);
    await order('/stock/order/buy', { symbol: 'THYAO', quantity: '10' });
    await order('/coin/order/add', { symbol: 'BTCUSDT', side: 'buy', quantity: '0.01' });
    // Counted while they are in the window: Sunday's session day, the last 24 h.
    expect((await assets()).today?.map((t) => [t.currency, t.qty])).toEqual([
      ['THYAO', '10'],
      ['BTC', '0.01'],
    ]);

    // Monday noon: a new BIST day, and 25 h on. Held, but no longer traded in the window.
    t.world.clock.set(MONDAY_NOON);
    expect((await assets()).today).toEqual([]);
    const before = await ledger();
    stockBook(t.world.source);
    // 50 at 100.10 and 10 at 100.20: 6 007 + 9.64 costs (as in stock-orders.test.ts).
    await order('/stock/order/buy', { symbol: 'THYAO', quantity: '60' });
    stockBook(t.world.source);
    // 20 at 99.90 = 1 998 less 3.21 costs.
    await order('/stock/order/sell', { symbol: 'THYAO', quantity: '20' });
    coinBook(t.world.source);
    // 0.1 at 50 010 = 5 001 + 5.001 fee; then 0.05 sold at 49 990 = 2 499.5 − 2.4995 fee.
    await order('/coin/order/add', { symbol: 'BTCUSDT', side: 'buy', quantity: '0.1' });
    coinBook(t.world.source);
    await order('/coin/order/add', { symbol: 'BTCUSDT', side: 'sell', quantity: '0.05' });
    const after = await ledger();

    const answer = await assets();
    expect(answer.today).toEqual([
      {
        wallet: 'stock',
        currency: 'THYAO',
        qty: after.THYAO.minus(before.THYAO).toFixed(),
        cost: before.TRY.minus(after.TRY).toFixed(),
      },
      {
        wallet: 'coin',
        currency: 'BTC',
        qty: after.BTC.minus(before.BTC).toFixed(),
        cost: before.USDT.minus(after.USDT).toFixed(),
      },
    ]);
    // By hand: 60 − 20 shares for 6 016.64 − (20 × 99.90 − 3.21 costs) = 4 021.85 TRY; the coin
    // 0.1 − 0.05 for 5 006.001 − 2 497.0005 = 2 509.0005 USDT.
    expect(answer.today?.map((t) => [t.qty, t.cost])).toEqual([
      ['40', '4021.85'],
      ['0.05', '2509.0005'],
    ]);
    // The balances still hold what was bought on Sunday too.
    expect(answer.balances).toContainEqual(expect.objectContaining({ currency: 'THYAO', total: '50' }));
    await expectCleanLedger(t.world.db);
  });

  it('drops the stock fills at the next Istanbul day and the coin fills 24 h on', async () => {
    // Monday 23:59 Istanbul: the same session day, well within 24 h.
    t.world.clock.set(MONDAY_MIDNIGHT + DAY - 60_000);
    expect((await assets()).today?.map((t) => t.currency)).toEqual(['THYAO', 'BTC']);
    // Tuesday 00:00: a new BIST day (its `prev` is Monday's close); the coins' 24 h still run.
    t.world.clock.set(MONDAY_MIDNIGHT + DAY);
    expect((await assets()).today?.map((t) => t.currency)).toEqual(['BTC']);
    t.world.clock.set(MONDAY_NOON + DAY + 1);
    expect((await assets()).today).toEqual([]);
  });

  it("leaves out a demo account's fills from before its latest reset", async () => {
    await openUserLedger(t.world.db, t.me.userId);
    const demo = await demoSession(t.world.db, t.me.userId);
    const buy = async () => {
      coinBook(t.world.source);
      const res = await t.call.post('/coin/order/add', demo, {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'market',
        quantity: '0.01',
      });
      expect(res.code).toBe(0);
    };
    const today = async () => (await t.call.post<AssetsAnswer>('/user/assets', demo, {})).data.today;
    // 0.01 at 50 010 = 500.10 + 0.5001 fee.
    await buy();
    expect(await today()).toEqual([{ wallet: 'coin', currency: 'BTC', qty: '0.01', cost: '500.6001' }]);
    // The reset takes the coin back with the rest: nothing traded since.
    expect((await t.call.post('/user/demo/reset', demo, {})).code).toBe(0);
    expect(await today()).toEqual([]);
    await buy();
    await buy();
    expect(await today()).toEqual([{ wallet: 'coin', currency: 'BTC', qty: '0.02', cost: '1001.2002' }]);
    // The real account's window is its own.
    expect((await assets()).today).toEqual([]);
    await expectCleanLedger(t.world.db);
  });
});

describe('the BIST day window under the exchange calendar', () => {
  const source = (state: MarketStatus['state']) =>
    ({
      status: (market: 'BIST' | 'CRYPTO'): MarketStatus => ({
        market,
        state: market === 'BIST' ? state : 'open',
        open: state === 'open' || state === 'always_open',
        nextOpen: null,
        nextClose: null,
        holiday: null,
        ts: 0,
      }),
    }) as unknown as MarketSource;

  it('starts at the day the last session that opened belongs to', () => {
    const tuesday = MONDAY_MIDNIGHT + DAY;
    // Tuesday 09:00 Istanbul, before the open: the figures are still Monday's.
    expect(dayWindows(source('closed'), tuesday + 9 * HOUR)).toEqual({
      stock: MONDAY_MIDNIGHT,
      coin: tuesday + 9 * HOUR - DAY,
    });
    expect(dayWindows(source('open'), tuesday + 10 * HOUR).stock).toBe(tuesday);
    // Saturday 28 Nov: Friday's session.
    expect(dayWindows(source('weekend'), MONDAY_MIDNIGHT + 5 * DAY + 12 * HOUR).stock).toBe(
      MONDAY_MIDNIGHT + 4 * DAY,
    );
    // Always open: today's Istanbul midnight, even before 10:00.
    expect(dayWindows(source('always_open'), tuesday + 9 * HOUR).stock).toBe(tuesday);
  });
});
