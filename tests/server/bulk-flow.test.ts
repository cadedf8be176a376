import { describe, expect, it } from 'vitest';
import type { Block, BlockDetail, BlockOrder } from '../../domain/protocol/bulk';
import type { Holding, SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { blockDraft, DAY, newBlock } from './bulk-support';
import { HOUR, PIN, investor, sharedIpoWorld, type Investor } from './ipo-support';
import { balance, expectCleanLedger, MONDAY_NOON, stockBook } from './spot-support';

type Page<T> = { list: T[]; total: number };

/**
 * A block of THYAO at 5 % off its previous close of 100.00: 95.00 a share. 10 lots cost
 * 950.00 + commission 0.95 + BSMV 0.0475 → 0.05 = 951.00, all worked by hand.
 */
describe.each(dbTargets())('block trades on %s', (target) => {
  const t = sharedIpoWorld(target);

  const cash = async (u: Investor) =>
    balance(await userBalances(t.world.db, u.userId, 'real'), 'stock', 'TRY');
  const buy = (u: Investor, id: string, lots: string, token = u.token) =>
    t.call.post<BlockOrder>('/stock/bulk/apply', token, { id, lots, price: '95', tradePassword: PIN });

  it('buys a block with one ledgered charge, locked until the lock-up ends, then sellable', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newBlock(t.world, blockDraft(MONDAY_NOON - HOUR));
    const a = await investor(t.world.db, '2000');

    const info = await t.call.post<BlockDetail>('/stock/bulk/info', a.token, { id });
    expect(info.data).toMatchObject({
      status: 'open',
      referencePrice: '100',
      price: '95',
      discount: '0.05',
      lotsRemaining: '30',
      lockupEndsAt: MONDAY_NOON + 2 * DAY,
      boughtLots: '0',
      vipOnly: false,
    });

    const bought = await buy(a, id, '10');
    expect(bought.code, JSON.stringify(bought)).toBe(0);
    expect(bought.data).toMatchObject({
      lots: '10',
      price: '95',
      referencePrice: '100',
      amount: '950',
      costs: '1',
      total: '951',
      lockedUntil: MONDAY_NOON + 2 * DAY,
      locked: true,
    });
    expect(await cash(a)).toEqual({ available: '1049', frozen: '0' });
    await expectCleanLedger(t.world.db);

    const hold = await t.call.get<{ list: Holding[] }>('/stock/hold/list', a.token);
    expect(hold.data.list.find((h) => h.symbol === 'THYAO')).toMatchObject({
      quantity: '10',
      locked: '10',
      sellable: '0',
      unlockAt: MONDAY_NOON + 2 * DAY,
      cost: '951',
    });
    const orders = await t.call.post<Page<BlockOrder>>('/stock/bulk/order/list', a.token);
    expect(orders.data.list.map((o) => [o.id, o.total])).toEqual([[bought.data.id, '951']]);
    const list = await t.call.post<Page<Block>>('/stock/bulk/list', a.token);
    expect(list.data.list.find((b) => b.id === id)).toMatchObject({ lotsRemaining: '20', boughtLots: '10' });

    // A day later: still locked (the spot engine's stock lock refuses the sale, in block words).
    stockBook(t.world.source);
    t.world.clock.set(MONDAY_NOON + DAY);
    const early = await t.call.post('/stock/order/sell', a.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '10',
    });
    expect([early.key, early.msg]).toEqual([
      'BLOCK_LOCKED_UP',
      'These shares are in their lock-up period and cannot be sold yet.',
    ]);
    expect(await cash(a)).toEqual({ available: '1049', frozen: '0' });

    // The lock-up ends: sold on the market at the book's price.
    t.world.clock.set(MONDAY_NOON + 2 * DAY);
    const sold = await t.call.post<{ order: SpotOrder; fills: SpotFill[] }>('/stock/order/sell', a.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '10',
    });
    expect(sold.data.order, JSON.stringify(sold)).toMatchObject({ status: 'closed', filledQty: '10' });
    expect(sold.data.fills.map((f) => [f.price, f.qty])).toEqual([['99.9', '10']]);
    expect(
      (await t.call.post<Page<BlockOrder>>('/stock/bulk/order/list', a.token)).data.list[0]?.locked,
    ).toBe(false);
    await expectCleanLedger(t.world.db);
  });

  it('sells remaining lots first come across users, each pool on its own', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newBlock(t.world, blockDraft(MONDAY_NOON - HOUR, { costs: null }));
    const [a, b, c] = [
      await investor(t.world.db, '5000'),
      await investor(t.world.db, '5000'),
      await investor(t.world.db, '5000'),
    ];
    expect((await buy(a, id, '20')).code).toBe(0);
    const late = await buy(b, id, '15');
    expect([late.key, late.msg]).toEqual([
      'BLOCK_LOTS_ABOVE_REMAINING',
      'Only 10 lots are left in this block.',
    ]);
    expect((await buy(b, id, '10')).data).toMatchObject({ lots: '10', total: '950' });
    const soldOut = await buy(c, id, '5');
    expect(soldOut.key).toBe('BLOCK_LOTS_ABOVE_REMAINING');
    expect((await t.call.post<Block>('/stock/bulk/info', c.token, { id })).data).toMatchObject({
      status: 'sold_out',
      lotsRemaining: '0',
    });
    // Demo money buys from a demo pool of its own: real buyers lost nothing to it.
    const practice = await buy(c, id, '20', c.demo);
    expect(practice.data).toMatchObject({ lots: '20', total: '1900' });
    expect(await cash(c)).toEqual({ available: '5000', frozen: '0' });
    expect((await t.call.post<Block>('/stock/bulk/info', c.demo, { id })).data.lotsRemaining).toBe('10');

    // Buyers racing for the last lots: exactly what is left is sold, never more.
    const id2 = await newBlock(t.world, blockDraft(MONDAY_NOON - HOUR, { costs: null, lotsOffered: '12' }));
    const racers = await Promise.all([1, 2, 3].map(() => investor(t.world.db, '5000')));
    const results = await Promise.all(racers.map((u) => buy(u, id2, '5')));
    expect(results.map((r) => r.code).sort()).toEqual([-1001, 0, 0]);
    expect((await t.call.post<Block>('/stock/bulk/info', a.token, { id: id2 })).data.lotsRemaining).toBe('2');
    await expectCleanLedger(t.world.db);
  });
});
