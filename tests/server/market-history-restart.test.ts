import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { INTERVAL_MS, INTERVALS, type Interval } from '../../domain/market/instrument';
import type { Candle } from '../../domain/protocol/market';
import { bundledBroker, startBroker, type Started } from '../support/process';
import { dbTargets, emptyPgDatabase, postForm } from '../support/server';

/** A stock and a coin, by the route that serves their charts. */
const CHARTS = [
  { symbol: 'THYAO', route: '/stock/index/candles' },
  { symbol: 'BTCUSDT', route: '/coin/candles' },
] as const;

type Charts = Map<string, Candle[]>;

/**
 * The simulated market's charts across a restart of the broker on the same data: it drew its
 * history anew on every start, so every bar a user had seen (the minute they were filled in, the
 * day's candle) had moved after a restart. Its bars are saved (server/market/history-store.ts) and
 * a restart goes on from them: after a SIGTERM every bar is the same bar, after a kill -9 every
 * bar saved before it is.
 *
 * Each database's run waits into the next minute, most of a minute of doing nothing: the two run
 * side by side (one wait), which took a server worker's 130 s down to about half.
 */
describe('the charts across a restart of the broker', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  });

  async function database(target: string): Promise<Record<string, string>> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-charts-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    if (target === 'pglite') return { DATA_DIR: dataDir, DATABASE_URL: '' };
    const scratch = await emptyPgDatabase('seans_charts');
    cleanups.push(() => scratch.drop());
    return { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
  }

  const start = async (env: Record<string, string>) => {
    const broker = await startBroker(
      {
        ...env,
        LOG_LEVEL: 'warn',
        SCRYPT_N: '1024',
        MARKET_ALWAYS_OPEN: '1',
        MARKET_HISTORY_MS: '1000',
        CLIENT_DIR: '/nonexistent',
      },
      120_000,
      await bundledBroker(),
    );
    cleanups.push(async () => void (await broker.stop()));
    return broker;
  };

  /** Every interval's bars of the stock and the coin, as the client reads them (no 5xx, no error). */
  async function charts(expect: ExpectStatic, broker: Started): Promise<Charts> {
    const all: Charts = new Map();
    for (const { symbol, route } of CHARTS)
      for (const interval of INTERVALS) {
        const res = await postForm(`${broker.url}/ipxtrg-api${route}`, { symbol, interval, limit: '1000' });
        expect(res.status, `${symbol} ${interval}`).toBe(200);
        const body = (await res.json()) as { code: number; data: { list: Candle[] } };
        expect(body.code, `${symbol} ${interval}`).toBe(0);
        all.set(`${symbol}|${interval}`, body.data.list);
      }
    return all;
  }

  /** The bars of `before` that opened before `until(series)`, as `after` shows them. */
  function expectSame(
    expect: ExpectStatic,
    before: Charts,
    after: Charts,
    until: (interval: Interval, bars: Candle[]) => number,
  ) {
    let compared = 0;
    for (const [key, was] of before) {
      const interval = key.split('|')[1] as Interval;
      const end = until(interval, was);
      const is = after.get(key)!;
      // Both windows hold the newest 1,000: compare where they overlap.
      const from = Math.max(was[0]!.t, is[0]!.t);
      const pick = (bars: Candle[]) => bars.filter((bar) => bar.t >= from && bar.t < end);
      expect(pick(is), key).toEqual(pick(was));
      compared += pick(was).length;
    }
    return compared;
  }

  it.concurrent.for(dbTargets())(
    'on %s: the same bars after a SIGTERM, and those saved before a kill -9',
    { timeout: 300_000 },
    async (target, { expect }) => {
      const env = await database(target);
      let broker = await start(env);
      await new Promise((r) => setTimeout(r, 3_000));
      const first = await charts(expect, broker);
      expect(await broker.stop()).toBe(0);

      broker = await start(env);
      const second = await charts(expect, broker);
      // Every bar but the live one is the same bar; the live one goes on from where it stood.
      expect(expectSame(expect, first, second, (_, bars) => bars.at(-1)!.t)).toBeGreaterThan(5_000);
      for (const [key, was] of first) {
        const live = was.at(-1)!;
        const now = second.get(key)!.find((bar) => bar.t === live.t);
        expect(now?.o, key).toBe(live.o);
      }

      // Into the next minute, so bars printed by this broker close and its job saves them.
      const started = Date.now();
      const nextMinute = Math.ceil(started / 60_000) * 60_000;
      await new Promise((r) => setTimeout(r, nextMinute - started + 1_500));
      const third = await charts(expect, broker);
      const readAt = Date.now();
      // Two passes of the job after the read: every bar closed by then is saved.
      await new Promise((r) => setTimeout(r, 2_500));
      broker.child.kill('SIGKILL');
      await broker.stop();

      broker = await start(env);
      const fourth = await charts(expect, broker);
      const closed = (interval: Interval, bars: Candle[]) =>
        Math.min(readAt - INTERVAL_MS[interval], bars.at(-1)!.t) + 1;
      expectSame(expect, third, fourth, closed);
      // The minute bars this broker printed and closed before the kill are among them.
      const minutes = third
        .get('BTCUSDT|1m')!
        .filter((bar) => bar.t >= started - 60_000 && bar.t + 60_000 <= readAt);
      expect(minutes.length).toBeGreaterThan(0);
      for (const bar of minutes) expect(fourth.get('BTCUSDT|1m')).toContainEqual(bar);
      expect(await broker.stop()).toBe(0);
    },
  );
});
