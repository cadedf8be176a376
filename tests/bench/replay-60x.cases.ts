// replay-60x: whether the market-data worker keeps up with a replay at 60×. Five virtual minutes
// of the seeded simulator are recorded (server/replay/recorder.ts, into PGlite); a replay of
// three of its symbols (a stock, two coins) runs at 60× and is read every 500 ms as the
// market-data worker reads it (server/replay/state.ts: the state with one conflated frame a stream
// a read, written with the stream codec); the worker's replay source takes every answer
// (workers/replay-feed.ts ReplayIngest: its streams, then each frame through workers/feed-core.ts,
// the live socket's path: parse, seq, apply, into a state apart from the live one). The row is
// the market time the worker applies per second of its own CPU, over 60: at least 1 keeps up with
// 60×. The note gives the frames the same minutes were live (the hub's updates for those streams)
// beside the replay's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_INDICATOR_CONFIG } from '../../domain/indicators/defaults';
import { createIndicatorSeries } from '../../domain/indicators/series';
import { openDatabase } from '../../server/db/client';
import { createSimulator } from '../../server/market/simulator/simulator';
import { MarketRecorder, RECORD_FLUSH_MS } from '../../server/replay/recorder';
import { ReplayRun } from '../../server/replay/run';
import { stateOf } from '../../server/replay/state';
import { DEFAULT_SETTINGS } from '../../server/settings';
import type { ReplayState } from '../../domain/protocol/replay';
import { ReplayIngest } from '../../workers/replay-feed';
import type { Case } from './harness';

const START = Date.parse('2026-11-23T09:00:00Z');
const MINUTES = 5;
const SYMBOLS = ['THYAO', 'BTCUSDT', 'ETHUSDT'];
const POLL_MS = 500;
const SPEED = 60;

type Recorded = { answers: ReplayState[]; frames: number; liveFrames: number; marketMs: number };

async function recordAndReplay(): Promise<Recorded> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seans-replay-60x-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    let t = START;
    const market = createSimulator({
      seed: 42,
      clock: { now: () => t },
      alwaysOpen: true,
      profile: 'default',
    });
    market.step(t);
    let liveFrames = 0;
    const watched = new Set(SYMBOLS);
    market.on((e) => {
      if (e.type === 'status' || !watched.has(e.symbol)) return;
      if (e.type !== 'candle' || e.interval === '1m') liveFrames++;
    });
    const recorder = new MarketRecorder(market);
    recorder.listen();
    for (let next = t; t < START + MINUTES * 60_000;) {
      t += 100;
      market.step(t);
      if (t >= next) {
        await recorder.flush(database.db, t);
        next += RECORD_FLUSH_MS;
      }
    }
    await recorder.flush(database.db, t);
    const instruments = SYMBOLS.map((s) => market.instrument(s)!);
    const settings = {
      stockCosts: DEFAULT_SETTINGS.stockCosts,
      stockOrderLimits: DEFAULT_SETTINGS.stockOrderLimits,
      coinSpot: DEFAULT_SETTINGS.coinSpot,
    };
    let wall = 0;
    const run = new ReplayRun(
      database.db,
      {
        id: 1n,
        userId: 1n,
        day: '2026-11-23',
        from: START,
        to: t,
        instruments,
        settings,
        startBalances: DEFAULT_SETTINGS.replay.startingBalances,
      },
      wall,
    );
    run.speed = SPEED;
    await run.seek(START);
    const answers = [stateOf(run, 'snapshot')];
    while (run.t < t) {
      wall += POLL_MS;
      await run.advance(wall);
      answers.push(stateOf(run, 'next'));
    }
    const frames = answers.reduce((n, a) => n + a.frames.length, 0);
    return { answers, frames, liveFrames, marketMs: t - START };
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The worker's replay source for one replay, as it takes each read's answer. */
function worker(): ReplayIngest {
  return new ReplayIngest(
    '1',
    DEFAULT_INDICATOR_CONFIG,
    (config) => ({
      main: createIndicatorSeries(config.main, config.periods),
      sub: createIndicatorSeries(config.sub, config.periods),
    }),
    () => 0,
  );
}

function ingest(recorded: Recorded): ReplayIngest {
  const replay = worker();
  for (const answer of recorded.answers) replay.take(answer, 0);
  return replay;
}

let recorded: Recorded | null = null;

export const cases: Case[] = [
  {
    name: 'replay-60x',
    kind: 'goal',
    unit: '× 60× pace',
    goal: 1,
    better: 'higher',
    note: `${SYMBOLS.join(', ')}: ${MINUTES} recorded minutes replayed at ${SPEED}×, read every ${POLL_MS} ms, applied by the worker's ingest`,
    check: async () => {
      recorded = await recordAndReplay();
      const { stats } = ingest(recorded).core;
      const unclean = stats.malformed || stats.gaps || stats.duplicates || stats.resyncs;
      if (unclean || stats.messages !== recorded.frames)
        throw new Error(`the replay's frames should apply cleanly: ${JSON.stringify(stats)}`);
      console.log(`replay-60x: ${recorded.frames} replay frames for ${recorded.liveFrames} live ones`);
    },
    measure: () => {
      if (!recorded) throw new Error('not recorded');
      let best = Infinity;
      for (let round = 0; round < 20; round++) {
        const replay = worker();
        const start = performance.now();
        for (const answer of recorded.answers) replay.take(answer, 0);
        best = Math.min(best, performance.now() - start);
      }
      return recorded.marketMs / best / SPEED;
    },
  },
];
