// record-cost: the broker's CPU spent recording its market for replays (server/replay/recorder.ts:
// every trade, book diff and mark heard as a short tuple, a flush every RECORD_FLUSH_MS into
// PGlite in one statement) as a share of the market's own CPU (the seeded simulator stepping the
// whole catalogue over five virtual minutes, a step every 100 ms as a live market is read). In
// one run: the recorder's listener timed around each event it hears, its flushes (PGlite runs in
// this process) by the process's CPU around each, the market's own the rest of the stepping.
// Best of three runs. Goal: ≤ 5 %.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import type { MarketListener, MarketSource } from '../../server/market/source';
import { createSimulator } from '../../server/market/simulator/simulator';
import { MarketRecorder, RECORD_FLUSH_MS } from '../../server/replay/recorder';
import type { Case } from './harness';

const START = Date.parse('2026-11-23T09:00:00Z');
const MINUTES = 5;
const ROUNDS = 3;
/** The simulator's stepping granularity a live market sees: a read every 100 ms. */
const STEP_MS = 100;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One run: the market's own CPU ms and the recorder's (listener and flushes). */
async function run(
  db: Parameters<MarketRecorder['flush']>[0],
): Promise<{ market: number; recorder: number; rows: number }> {
  let t = START;
  const market = createSimulator({ seed: 42, clock: { now: () => t }, alwaysOpen: true, profile: 'default' });
  market.step(t);
  let hearing = 0;
  // The recorder hears the market through this: each event it is handed is timed.
  const heard: MarketSource = Object.assign(Object.create(market) as MarketSource, {
    on: (listener: MarketListener) =>
      market.on((event) => {
        const start = performance.now();
        listener(event);
        hearing += performance.now() - start;
      }),
  });
  const recorder = new MarketRecorder(heard);
  const off = recorder.listen();
  let rows = 0;
  let flushing = 0;
  let nextFlush = t + RECORD_FLUSH_MS;
  const started = cpuMs();
  for (const end = START + MINUTES * 60_000; t < end;) {
    t += STEP_MS;
    market.step(t);
    if (t >= nextFlush) {
      const before = cpuMs();
      rows += await recorder.flush(db, t);
      flushing += cpuMs() - before;
      nextFlush += RECORD_FLUSH_MS;
    }
  }
  const total = cpuMs() - started;
  off();
  return { market: total - hearing - flushing, recorder: hearing + flushing, rows };
}

export const cases: Case[] = [
  {
    name: 'record-cost',
    kind: 'goal',
    unit: '% of market CPU',
    goal: 5,
    better: 'lower',
    note: `recording the simulated market (whole catalogue, ${MINUTES} virtual minutes, a flush every ${RECORD_FLUSH_MS / 1000} s into PGlite) as a share of its own CPU`,
    measure: async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'seans-record-cost-'));
      const database = await openDatabase({ kind: 'pglite', dataDir: dir });
      try {
        let best = Infinity;
        for (let r = 0; r < ROUNDS; r++) {
          const { market, recorder, rows } = await run(database.db);
          if (rows === 0) throw new Error('the recorder wrote nothing: nothing was measured');
          best = Math.min(best, (recorder / market) * 100);
        }
        return best;
      } finally {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
