import type { WireLevel } from '../../domain/protocol/ws';
import { MarketRecorder } from '../../server/replay/recorder';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import { sharedWorld } from '../support/shared-world';
import { api, MONDAY_NOON, trader, type SpotWorld } from './spot-support';

export const T0 = MONDAY_NOON;
export const SECOND = 1_000;
/** The Istanbul day MONDAY_NOON falls on. */
export const DAY = '2026-11-23';

export type ReplayWorld = SpotWorld & {
  source: ScriptedSource;
  recorder: MarketRecorder;
  stopRecording(): void;
};

/** The books at T0, as the recording starts (and as the live check sets them again). */
export const COIN_BIDS: WireLevel[] = [
  ['49990.00', '0.5'],
  ['49980.00', '2'],
];
export const COIN_ASKS: WireLevel[] = [
  ['50010.00', '0.05'],
  ['50020.00', '0.1'],
  ['50030.00', '2'],
];
export const STOCK_BIDS: WireLevel[] = [
  ['99.90', '50'],
  ['99.80', '100'],
];
export const STOCK_ASKS: WireLevel[] = [
  ['100.10', '50'],
  ['100.20', '100'],
  ['100.50', '1000'],
];

/** Puts the T0 books and tickers on the source (no event). */
export function setT0Market(source: ScriptedSource): void {
  source.setBook('BTCUSDT', 1, COIN_BIDS, COIN_ASKS);
  source.setTicker('BTCUSDT', { last: '50000.00', open: '50000.00', prev: '50000.00' });
  source.setBook('THYAO', 1, STOCK_BIDS, STOCK_ASKS);
  source.setTicker('THYAO', { last: '100.00', open: '100.00', prev: '100.00' });
}

/**
 * A broker over a scripted source in virtual time, with the recorder's job left out: the test's
 * own recorder hears the source and is flushed by hand at the times the script says.
 */
export async function replayWorld(target: DbTarget): Promise<ReplayWorld> {
  let t = T0;
  const clock = { now: () => t, set: (v: number) => void (t = v), advance: (ms: number) => void (t += ms) };
  const source = scriptedSource(
    [
      instrument('THYAO', { name: 'Türk Hava Yolları' }),
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2, qtyScale: 5, minQty: '0.00001' }),
      instrument('GARAN', { name: 'Garanti' }),
    ],
    clock.now,
  );
  setT0Market(source);
  const server: TestServer = await startServer(target, { source, clock, withoutJobs: ['market-recorder'] });
  const recorder = new MarketRecorder(source);
  const off = recorder.listen();
  return {
    server,
    source,
    clock,
    db: server.database.db,
    recorder,
    stopRecording: off,
    close: () => server.close(),
  };
}

const trade = (id: string, t: number, price: string, qty: string, side: 'buy' | 'sell' = 'buy') => ({
  id,
  t,
  price,
  qty,
  side,
});

/**
 * The recorded session: T0 the books above; +10 s a BTC trade at 50010 (the ask level shrinks);
 * +60 s the book drops to an ask of 49000 and a trade prints there; +120 s a trade at 49500.
 * Flushed at T0, +15 s, +65 s and +125 s; the clock left at +300 s.
 */
export async function recordSession(world: ReplayWorld): Promise<void> {
  const { source, clock, recorder, db } = world;
  clock.set(T0);
  await recorder.flush(db, clock.now());

  clock.set(T0 + 10 * SECOND);
  source.emitTrades('BTCUSDT', [trade('a1', clock.now(), '50010.00', '0.01')]);
  source.emitTicker('BTCUSDT', { last: '50010.00' });
  source.emitBook('BTCUSDT', [], [['50010.00', '0.04']]);
  source.emitCandle('BTCUSDT', '1m', {
    t: T0,
    o: '50000.00',
    h: '50010.00',
    l: '50000.00',
    c: '50010.00',
    v: '0.01',
  });
  clock.set(T0 + 15 * SECOND);
  await recorder.flush(db, clock.now());

  clock.set(T0 + 60 * SECOND);
  source.emitBook(
    'BTCUSDT',
    [
      ['49990.00', '0'],
      ['49980.00', '0'],
      ['48990.00', '1'],
    ],
    [['49000.00', '1']],
  );
  source.emitTrades('BTCUSDT', [trade('a2', clock.now(), '49000.00', '0.2', 'sell')]);
  source.emitTicker('BTCUSDT', { last: '49000.00', low: '49000.00' });
  clock.set(T0 + 65 * SECOND);
  await recorder.flush(db, clock.now());

  clock.set(T0 + 120 * SECOND);
  source.emitTrades('BTCUSDT', [trade('a3', clock.now(), '49500.00', '0.1')]);
  source.emitTicker('BTCUSDT', { last: '49500.00' });
  clock.set(T0 + 125 * SECOND);
  await recorder.flush(db, clock.now());
  clock.set(T0 + 300 * SECOND);
}

/**
 * A describe block's replay world with the recorded session in it (recording stopped), an API
 * client and a trader, built before its first test and closed after its last.
 */
export function sharedReplay(target: DbTarget) {
  return sharedWorld(
    async () => {
      const world = await replayWorld(target);
      await recordSession(world);
      world.stopRecording();
      return world;
    },
    async (world) => ({ call: api(world), me: await trader(world.db) }),
  );
}
