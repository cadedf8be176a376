import { describe, expect, it } from 'vitest';
import { count, eq, gt } from 'drizzle-orm';
import { decodeFrame } from '../../domain/protocol/stream-codec';
import type { ReplayState } from '../../domain/protocol/replay';
import type { OrderResult } from '../../domain/protocol/trading';
import { marketRecords, replayFills } from '../../server/db/schema/replay';
import { replayTrades } from '../../server/replay/journal-source';
import { dbTargets } from '../support/server';
import { trader } from './spot-support';
import { DAY, SECOND, setT0Market, sharedReplay, T0 } from './replay-support';

/** Every price and time a frame carries: what reached the client. */
function seen(frames: string[]) {
  const prices = new Set<string>();
  const times: number[] = [];
  for (const text of frames) {
    const m = decodeFrame(text);
    if (!m || m.op !== 'data') throw new Error(`not a stream frame: ${text}`);
    times.push(m.t);
    if (m.ch === 'book') for (const [p] of [...m.bids, ...m.asks]) prices.add(p);
    if (m.ch === 'trades')
      for (const x of m.trades) {
        prices.add(x.price);
        times.push(x.t);
      }
    if (m.ch === 'ticker') prices.add(m.last);
  }
  return { prices, times };
}

describe.each(dbTargets())('a replay of a recorded session on %s', (target) => {
  const rw = sharedReplay(target);

  const start = (fields: Record<string, string>, who = rw.me) =>
    rw.call.post<ReplayState>('/user/replay/start', who.token, { day: DAY, speed: '1', ...fields });
  const state = (id: string) => rw.call.post<ReplayState>('/user/replay/state', rw.me.token, { id });
  const control = (id: string, fields: Record<string, string>) =>
    rw.call.post<ReplayState>('/user/replay/control', rw.me.token, { id, ...fields });
  const order = (id: string, fields: Record<string, string>) =>
    rw.call.post<ReplayState>('/user/replay/order/add', rw.me.token, { id, ...fields });
  const end = (id: string) => rw.call.post('/user/replay/end', rw.me.token, { id });

  it('lists the recorded day with its instruments', async () => {
    const answer = await rw.call.get<{
      list: { day: string; from: number; to: number; symbols: string[] }[];
    }>('/user/replay/list', rw.me.token);
    expect(answer.code).toBe(0);
    expect(answer.data.list).toEqual([
      { day: DAY, from: T0, to: T0 + 120 * SECOND, symbols: ['BTCUSDT', 'GARAN', 'THYAO'] },
    ]);
  });

  it('shows and fills nothing past its clock: a limit under the market waits for the recorded drop', async () => {
    rw.world.clock.set(T0 + 300 * SECOND);
    const started = await start({ symbols: 'BTCUSDT' });
    expect(started.code, JSON.stringify(started)).toBe(0);
    const id = started.data.id;
    expect(started.data.clock).toMatchObject({ t: T0, from: T0, to: T0 + 120 * SECOND, paused: false });
    // Only the state read takes the frames (the worker's poll): the start's answer carries none.
    expect(started.data.frames).toEqual([]);
    const opened = await state(id);
    const first = seen(opened.data.frames);
    expect(first.prices.has('50010.00')).toBe(true);

    const placed = await order(id, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      price: '49500.00',
    });
    expect(placed.code, JSON.stringify(placed)).toBe(0);
    expect(placed.data.orders[0]).toMatchObject({ status: 'open', filledQty: '0' });

    // 59 s in: the drop to 49000 is in the database already, and none of it reaches the client or the order.
    rw.world.clock.advance(59 * SECOND);
    const before = await state(id);
    expect(before.data.clock.t).toBe(T0 + 59 * SECOND);
    const [future] = await rw.world.db
      .select({ n: count() })
      .from(marketRecords)
      .where(gt(marketRecords.t0, before.data.clock.t));
    expect(future!.n).toBeGreaterThan(0);
    expect(placed.data.frames).toEqual([]);
    const shown = seen([...opened.data.frames, ...before.data.frames]);
    expect(shown.prices.has('49000.00')).toBe(false);
    expect(shown.times.every((t) => t <= before.data.clock.t)).toBe(true);
    expect(before.data.orders[0]).toMatchObject({ status: 'open', filledQty: '0' });
    expect(before.data.fills).toEqual([]);

    // 61 s in: the book dropped at 60 s and the order filled there, at the level the book showed.
    rw.world.clock.advance(2 * SECOND);
    const after = await state(id);
    expect(after.data.orders[0]).toMatchObject({ status: 'closed', filledQty: '0.01', avgPrice: '49000' });
    expect(after.data.fills).toMatchObject([{ price: '49000', qty: '0.01', t: T0 + 60 * SECOND }]);
    expect(seen(after.data.frames).prices.has('49000.00')).toBe(true);
    expect((await end(id)).code).toBe(0);
  });

  it('fills a market order exactly as a live order on the same book, stock and coin', async () => {
    rw.world.clock.set(T0 + 400 * SECOND);
    const started = await start({ symbols: 'BTCUSDT,THYAO' });
    const id = started.data.id;
    const coin = await order(id, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.15' });
    const stock = await order(id, { symbol: 'THYAO', side: 'buy', type: 'market', quantity: '100' });
    expect([coin.code, stock.code], JSON.stringify([coin, stock])).toEqual([0, 0]);
    const replayed = stock.data;
    expect((await end(id)).code).toBe(0);

    // The live market shows the books the recording started with; a live trader sends the same orders.
    setT0Market(rw.world.source);
    const live = await trader(rw.world.db);
    const liveCoin = await rw.call.post<OrderResult>('/coin/order/add', live.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.15',
    });
    const liveStock = await rw.call.post<OrderResult>('/stock/order/buy', live.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '100',
    });
    expect([liveCoin.code, liveStock.code], JSON.stringify([liveCoin, liveStock])).toEqual([0, 0]);

    const fillFigures = (f: {
      symbol: string;
      side: string;
      price: string;
      qty: string;
      amount: string;
      commission: string;
      bsmv: string;
      exchangeFee: string;
      realizedPnl: string | null;
    }) => ({
      symbol: f.symbol,
      side: f.side,
      price: f.price,
      qty: f.qty,
      amount: f.amount,
      commission: f.commission,
      bsmv: f.bsmv,
      exchangeFee: f.exchangeFee,
      realizedPnl: f.realizedPnl,
    });
    const orderFigures = (o: OrderResult['order']) => ({
      symbol: o.symbol,
      side: o.side,
      type: o.type,
      quantity: o.quantity,
      filledQty: o.filledQty,
      avgPrice: o.avgPrice,
      filledAmount: o.filledAmount,
      fees: o.fees,
      realizedPnl: o.realizedPnl,
      status: o.status,
    });
    const liveFills = [...liveCoin.data.fills, ...liveStock.data.fills].map(fillFigures);
    expect(replayed.fills.map(fillFigures)).toEqual(liveFills);
    // Walked the book: two levels each, the stock's commission, BSMV and exchange fee on every fill.
    expect(liveFills.map((f) => `${f.price}x${f.qty}`)).toEqual([
      '50010x0.05',
      '50020x0.1',
      '100.1x50',
      '100.2x50',
    ]);
    const replayedOrders = [...replayed.orders].reverse().map(orderFigures);
    expect(replayedOrders).toEqual([liveCoin.data.order, liveStock.data.order].map(orderFigures));
  });

  it('pauses, resumes, speeds up and jumps forward, never back past a fill, and stops at the end', async () => {
    rw.world.clock.set(T0 + 500 * SECOND);
    const id = (await start({ symbols: 'BTCUSDT' })).data.id;
    expect((await control(id, { action: 'pause' })).data.clock).toMatchObject({ t: T0, paused: true });
    rw.world.clock.advance(10 * SECOND);
    expect((await state(id)).data.clock.t).toBe(T0);
    await control(id, { action: 'resume' });
    rw.world.clock.advance(SECOND);
    expect((await state(id)).data.clock.t).toBe(T0 + SECOND);
    expect((await control(id, { action: 'speed', speed: '60' })).data.clock.speed).toBe('60');
    rw.world.clock.advance(SECOND);
    const bought = await order(id, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    expect(bought.data.clock).toMatchObject({ t: T0 + 61 * SECOND, floor: T0 + 61 * SECOND });
    expect(bought.data.fills).toMatchObject([{ price: '49000', qty: '0.01' }]);

    const back = await control(id, { action: 'jump', at: String(T0 + 30 * SECOND) });
    expect(back.key).toBe('REPLAY_JUMP_INVALID');
    const beyond = await control(id, { action: 'jump', at: String(T0 + 121 * SECOND) });
    expect(beyond.key).toBe('REPLAY_JUMP_INVALID');
    const missing = await control(id, { action: 'speed' });
    expect(missing.key).toBe('FIELD_REQUIRED');
    expect((await state(id)).data.clock.t).toBe(T0 + 61 * SECOND);

    // Forward: every stream starts again from a snapshot at the new time.
    const jumped = await control(id, { action: 'jump', at: String(T0 + 100 * SECOND) });
    expect(jumped.data.clock.t).toBe(T0 + 100 * SECOND);
    expect(jumped.data.frames).toEqual([]);
    const frames = (await state(id)).data.frames.map((f) => decodeFrame(f));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((m) => m?.op === 'data' && m.snap)).toBe(true);
    // A reader that lost its place (a seq gap) reads from snapshots again; a plain read has none left.
    const read = (mode: string) =>
      rw.call.post<ReplayState>('/user/replay/state', rw.me.token, { id, frames: mode });
    expect((await read('next')).data.frames).toEqual([]);
    const resnapped = await read('snapshot');
    const again = resnapped.data.frames.map((f) => decodeFrame(f));
    expect(again.map((m) => m?.op === 'data' && `${m.ch}:${m.snap}`)).toEqual(
      frames.map((m) => m?.op === 'data' && `${m.ch}:${m.snap}`),
    );
    expect(resnapped.data.instruments).toEqual([
      { symbol: 'BTCUSDT', market: 'coin', priceScale: 2, qtyScale: 5 },
    ]);
    expect((await read('sideways')).key).toBe('FIELD_INVALID');
    rw.world.clock.advance(SECOND);
    expect((await state(id)).data.clock).toMatchObject({ t: T0 + 120 * SECOND, paused: true });
    const reset = await control(id, { action: 'reset' });
    expect(reset.data.balances).toEqual([
      { currency: 'TRY', available: '100000', frozen: '0' },
      { currency: 'USDT', available: '10000', frozen: '0' },
    ]);
    expect((await end(id)).code).toBe(0);
  });

  it('runs one replay a user, of recorded days and instruments, and refuses in the user’s language', async () => {
    rw.world.clock.set(T0 + 600 * SECOND);
    const id = (await start({ symbols: 'BTCUSDT' })).data.id;
    expect((await start({ symbols: 'BTCUSDT' })).key).toBe('REPLAY_ALREADY_RUNNING');
    const other = await trader(rw.world.db);
    // One after the other: two starts of one user at once are one start and a REPLAY_ALREADY_RUNNING.
    const refused = [];
    for (const refusal of [
      () => start({ symbols: 'BTCUSDT,THYAO,GARAN,AKBNK,ISCTR,YKBNK' }, other),
      () => start({ symbols: 'BTCUSDT', day: '2026-01-05' }, other),
      () => start({ symbols: 'ZZZZ' }, other),
      () => start({ symbols: 'BTCUSDT', from: String(T0 - SECOND) }, other),
      () => rw.call.post('/user/replay/state', other.token, { id }),
    ])
      refused.push(await refusal());
    expect(refused.map((r) => r.key)).toEqual([
      'REPLAY_SYMBOLS_CAP',
      'REPLAY_SESSION_NOT_FOUND',
      'REPLAY_SYMBOL_NOT_RECORDED',
      'REPLAY_JUMP_INVALID',
      'REPLAY_NOT_FOUND',
    ]);
    const both = await Promise.all([
      start({ symbols: 'BTCUSDT' }, other),
      start({ symbols: 'THYAO' }, other),
    ]);
    expect(both.map((r) => r.key ?? 'started').sort()).toEqual(['REPLAY_ALREADY_RUNNING', 'started']);
    const otherId = both.find((r) => r.code === 0)!.data.id;
    expect((await rw.call.post('/user/replay/end', other.token, { id: otherId })).code).toBe(0);
    const turkish = await rw.call.post(
      '/user/replay/start',
      other.token,
      { day: '2026-01-05', symbols: 'BTCUSDT' },
      'tr-TR',
    );
    expect(turkish.msg).toBe('Bu seans kaydedilmemiş ya da saklanan günlerin dışında.');

    // At most 50 resting orders; the refused one changes nothing.
    for (let i = 0; i < 50; i++) {
      const placed = await order(id, {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        quantity: '0.0002',
        price: '40000.00',
      });
      expect(placed.code, JSON.stringify(placed)).toBe(0);
    }
    const full = await order(id, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      quantity: '0.0002',
      price: '40000.00',
    });
    expect([full.key, full.msg]).toEqual([
      'REPLAY_ORDERS_CAP',
      'A replay keeps up to 50 open orders. Cancel one to place another.',
    ]);
    const after = await state(id);
    expect(after.data.orders).toHaveLength(50);
    expect(after.data.balances.find((b) => b.currency === 'USDT')).toEqual({
      currency: 'USDT',
      available: '9599.6',
      frozen: '400.4',
    });
    const cancelled = await rw.call.post<ReplayState>('/user/replay/order/cancel', rw.me.token, {
      id,
      orderId: after.data.orders[0]!.id,
    });
    expect(cancelled.data.orders[0]).toMatchObject({ status: 'cancelled', frozen: '0' });
    expect((await end(id)).code).toBe(0);
    expect((await state(id)).key).toBe('REPLAY_NOT_FOUND');
  });

  it('fires a conditional order on the recorded trade, and leaves its trades to the journal at the end', async () => {
    rw.world.clock.set(T0 + 700 * SECOND);
    const id = (await start({ symbols: 'BTCUSDT' })).data.id;
    await order(id, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.05' });
    const stop = await order(id, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'conditional',
      kind: 'stop',
      quantity: '0.05',
      trigger: '49500.00',
    });
    expect(stop.data.conditionals).toMatchObject([{ id: 'C1', state: 'pending', trigger: '49500.00' }]);
    rw.world.clock.advance(61 * SECOND);
    const fired = await state(id);
    expect(fired.data.conditionals, JSON.stringify(fired.data.conditionals)).toMatchObject([
      { state: 'fired', placedOrderId: '2' },
    ]);
    // The stop's market sell met the book as it stood after the drop: one bid, at 48990.
    expect(fired.data.fills.map((f) => [f.side, f.price, f.qty])).toEqual([
      ['buy', '50010', '0.05'],
      ['sell', '48990', '0.05'],
    ]);
    const ended = await end(id);
    expect(ended.data).toMatchObject({ id, fills: 2 });
    const rows = await rw.world.db
      .select()
      .from(replayFills)
      .where(eq(replayFills.runId, BigInt(id)));
    expect(rows).toHaveLength(2);
    const trades = (await replayTrades(rw.world.db, rw.me.userId)).filter((t) => t.id.includes(`:${id}-`));
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ source: 'replay', product: 'coin', symbol: 'BTCUSDT', side: 'long' });
    // The journal lists it as a replay's trade: bought at 50010, sold at 48990.
    const journal = await rw.call.post<{ list: Record<string, unknown>[] }>(
      '/user/journal/list',
      rw.me.token,
      {
        page: '1',
        size: '20',
      },
    );
    expect(journal.code, JSON.stringify(journal)).toBe(0);
    expect(journal.data.list.find((t) => t.id === trades[0]!.id)).toMatchObject({
      source: 'replay',
      symbol: 'BTCUSDT',
      entry: '50010',
      exit: '48990',
    });
  });
});
