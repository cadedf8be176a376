// The worker's ingest pipeline on a recorded mixed stream (tests/support/feed-sim.ts: tickers,
// trades, book diffs and 1m candles for 10 symbols, heartbeats): parse by hand, validate, check
// seq, apply (prices straight to integer steps), and conflate into a patch every 20 frames, as
// the main thread's frame pace would. Against JSON.parse alone of the same frames: the floor.
import { DEFAULT_INDICATOR_CONFIG } from '../../domain/indicators/defaults';
import { createIndicatorSeries } from '../../domain/indicators/series';
import type { MarketPatch } from '../../domain/market-data/contract';
import { FeedCore } from '../../workers/feed-core';
import { MarketState } from '../../workers/market-state';
import { FeedSim } from '../support/feed-sim';
import { followStreams } from '../support/feed-streams';
import type { Case } from './harness';

const SYMBOLS = Array.from({ length: 10 }, (_, i) => ({
  symbol: `SYM${i}`,
  scale: 2,
  mid: 10_000 + i * 1_000,
}));
const frames = new FeedSim(20_261_122, SYMBOLS, { timers: false }).record(1_000);
const FLUSH_EVERY = 20;

function pipeline(): { core: FeedCore; state: MarketState } {
  const state = new MarketState(DEFAULT_INDICATOR_CONFIG, (config) => ({
    main: createIndicatorSeries(config.main, config.periods),
    sub: createIndicatorSeries(config.sub, config.periods),
  }));
  const core = new FeedCore(
    state,
    () => true,
    (entry) => {
      throw new Error(`unexpected resync of ${entry.ch} ${entry.topic.symbol}`);
    },
  );
  followStreams(core, SYMBOLS);
  return { core, state };
}

function ingest(): number {
  const { core, state } = pipeline();
  let patches = 0;
  for (let i = 0; i < frames.length; i++) {
    core.frame(frames[i]!);
    if (i % FLUSH_EVERY === FLUSH_EVERY - 1) {
      const patch: MarketPatch = {};
      if (state.flushInto(patch)) patches++;
    }
  }
  return patches;
}

function check(): void {
  const { core, state } = pipeline();
  for (const frame of frames) core.frame(frame);
  const { stats } = core;
  if (stats.malformed || stats.gaps || stats.duplicates || stats.messages !== frames.length)
    throw new Error(`the recorded stream should apply cleanly: ${JSON.stringify(stats)}`);
  const patch: MarketPatch = {};
  state.flushInto(patch);
  for (const { symbol } of SYMBOLS) {
    const book = patch.books?.[symbol];
    if (!book?.bids?.length || !book.asks?.length) throw new Error(`${symbol}: no book after ingest`);
    if (!patch.tickers?.[symbol]?.last || !patch.trades?.[symbol]?.add.length)
      throw new Error(`${symbol}: no ticker or trades after ingest`);
    if (!patch.candles?.[`${symbol}|1m`]?.reset?.bars.length) throw new Error(`${symbol}: no candles`);
  }
}

export const cases: Case[] = [
  {
    name: 'ingest',
    unit: 'frames/s',
    peerName: 'JSON.parse alone',
    opsPerCall: frames.length,
    // Raised from 0.6: ingest at most 1.25× the cost of JSON.parse alone.
    goal: 0.8,
    note: `${frames.length.toLocaleString('en-US')} recorded frames (10 symbols: ticker, trades, book diffs, 1m candles, heartbeats), a patch every ${FLUSH_EVERY}`,
    check,
    ours: ingest,
    peer: () => {
      let last: unknown;
      for (let i = 0; i < frames.length; i++) last = JSON.parse(frames[i]!);
      return last;
    },
  },
];
