import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../server/bus/local';
import { publishMarket } from '../../server/cluster/market-owner';
import type { Partition } from '../../server/cluster/partition';
import { SUBJECTS } from '../../server/cluster/subjects';
import { settlementPrice } from '../../server/options/settlement-price';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { nodeBOnPostgres, stubLease, until } from './in-process-support';

/**
 * A takeover started the new owner's market from the catalogue's prices: BTCUSDT had
 * walked for hours under the old owner, and at the takeover it was back at its listing price in
 * one tick, a move nobody traded, which fired stops and liquidated positions against prices the
 * market never printed. The new owner's market resumes from the last prices its mirror saw.
 */

const { start } = nodeBOnPostgres();

/** A node following `old` (node-a, serving under that name) on its own bus, then taking over. */
async function takeOverFrom(old: ScriptedSource): Promise<Partition & { takeOver(): Promise<void> }> {
  const bus = createLocalBus();
  const unpublish = publishMarket(bus, old, 'node-a');
  const lease = stubLease();
  const partition = await start(bus, lease);
  bus.publish(SUBJECTS.tradingOwner, { owner: 'node-a' });
  await until('the mirror has the old owner', () => partition.market.ticker('BTCUSDT')?.last);
  return Object.assign(partition, {
    /** The old owner dies; this node takes the partition. */
    async takeOver() {
      unpublish();
      lease.take();
      await until('this node owns', () => (partition.owner() ? true : undefined));
    },
  });
}

describe('a node taking the trading partition over', () => {
  it('resumes the market from the prices the previous owner printed last', async () => {
    // The old owner: BTCUSDT far from its catalogue price (96,250), THYAO too.
    const old = scriptedSource([instrument('BTCUSDT'), instrument('THYAO')]);
    old.setTicker('BTCUSDT', { last: '81234.56', t: Date.now() });
    // The whole day's figures at that level: a ticker left at the script's 10.00 previous close
    // put THYAO's band at 9.00–11.00, and once a tick ran (a loaded machine) it fell to ~12.
    old.setTicker('THYAO', {
      last: '402.25',
      open: '402.25',
      high: '402.25',
      low: '402.25',
      prev: '402.25',
      t: Date.now(),
    });
    const partition = await takeOverFrom(old);
    await partition.takeOver();
    const market = partition.market;
    const btc = Number(market.ticker('BTCUSDT')?.last);
    const thyao = Number(market.ticker('THYAO')?.last);
    expect(Math.abs(btc / 81234.56 - 1)).toBeLessThan(0.01);
    expect(Math.abs(thyao / 402.25 - 1)).toBeLessThan(0.01);
  });

  it('goes on from the bars the previous owner printed: an option that expired before it settles on what traded', async () => {
    // The new owner's simulator generated its history backwards from the takeover's price: every
    // bar before the takeover moved, and an option that expired while the owner was stopped
    // settled, on the new owner's pass, at the close of a minute that never traded.
    const old = scriptedSource([instrument('BTCUSDT', { qtyScale: 5 }), instrument('THYAO')]);
    old.setTicker('BTCUSDT', { last: '81234.56', t: Date.now() });
    old.setTicker('THYAO', { last: '402.25', t: Date.now() });
    const partition = await takeOverFrom(old);
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const traded = [
      { t: minute - 180_000, o: '81200.00', h: '81260.00', l: '81190.00', c: '81250.00', v: '1.25000' },
      { t: minute - 120_000, o: '81250.00', h: '81300.00', l: '81240.00', c: '81290.00', v: '0.50000' },
      { t: minute - 60_000, o: '81290.00', h: '81295.00', l: '81230.00', c: '81234.56', v: '2.00000' },
    ];
    // Published as they traded, to a node that never asked for the interval's history.
    for (const candle of traded) old.emitCandle('BTCUSDT', '1m', candle);
    old.emitCandle('BTCUSDT', '1h', {
      t: hour,
      o: '80900.00',
      h: '81310.00',
      l: '80850.00',
      c: '81234.56',
      v: '40.00000',
    });
    await partition.takeOver();
    const market = partition.market;
    const bars = market.candles('BTCUSDT', '1m', 10, minute - 1);
    expect(bars.slice(-3)).toEqual(traded);
    // What came before is generated, and runs into them without a jump.
    expect(bars.at(-4)?.c).toBe('81200.00');
    // Expired at the end of the second minute: its close, not a generated one.
    expect(settlementPrice(market, 'BTCUSDT', minute - 60_000)).toMatchObject({
      price: '81290.00',
      from: 'candle',
    });
    // The hour's bar goes on from what it held.
    const live = market.candles('BTCUSDT', '1h', 1).at(-1);
    expect(live).toMatchObject({ t: hour, o: '80900.00' });
    expect(Number(live?.v)).toBeGreaterThanOrEqual(40);
  });

  it("keeps the previous owner's latest trades: the tape goes on, and an expiry between them settles on one", async () => {
    // The new owner's tape started empty: its trades panel blank, and an option that expired
    // just before the takeover settled on a bar's close instead of the last print before expiry.
    const old = scriptedSource([instrument('BTCUSDT', { qtyScale: 5 }), instrument('THYAO')]);
    old.setTicker('BTCUSDT', { last: '81234.56', t: Date.now() });
    old.setTicker('THYAO', { last: '402.25', t: Date.now() });
    const partition = await takeOverFrom(old);
    const t = Date.now() - 10_000;
    const printed = [
      { id: 'BTCUSDT-41', t, price: '81230.00', qty: '0.10000', side: 'buy' as const },
      { id: 'BTCUSDT-42', t: t + 2_000, price: '81234.56', qty: '0.20000', side: 'sell' as const },
    ];
    old.emitTrades('BTCUSDT', printed);
    await until('the mirror has the trades', () =>
      partition.market.trades('BTCUSDT', 10).length >= 2 ? true : undefined,
    );
    await partition.takeOver();
    expect(partition.market.trades('BTCUSDT', 500).slice(0, 2)).toEqual(printed);
    expect(settlementPrice(partition.market, 'BTCUSDT', t + 1_000)).toMatchObject({
      price: '81230.00',
      from: 'trade',
    });
  });
});
