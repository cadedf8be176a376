// record-cost: the broker's CPU spent recording its market for replays (server/replay/recorder.ts:
// every trade, book diff and mark kept as a few numbers as it is heard, the integer steps the
// simulator hands over beside its strings; one row for every symbol, its text written from them, a
// flush every RECORD_FLUSH_MS into PGlite in one statement) as a share of the market's own CPU (the seeded
// simulator stepping the whole catalogue over five virtual minutes, a step every 100 ms as a live
// market is read). Two runs of the same seeded market, one without the recorder and one with it
// (its listener and its flushes; PGlite runs in this process), by the process's CPU time: the
// recorder's share is the difference over the first. Timing each event by the wall clock counted
// whatever else the machine ran while the listener was preempted (a loaded machine once showed
// more recording than there was CPU). Best of three pairs. Goal: ≤ 5 %.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
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

/** One run's CPU ms: the market alone, or with the recorder hearing it and flushing (its rows written). */
async function run(
  db: Parameters<MarketRecorder['flush']>[0],
  record: boolean,
): Promise<{ cpu: number; rows: number }> {
  let t = START;
  const market = createSimulator({ seed: 42, clock: { now: () => t }, alwaysOpen: true, profile: 'default' });
  market.step(t);
  const recorder = new MarketRecorder(market);
  const off = record ? recorder.listen() : () => undefined;
  let rows = 0;
  let nextFlush = t + RECORD_FLUSH_MS;
  const started = cpuMs();
  for (const end = START + MINUTES * 60_000; t < end;) {
    t += STEP_MS;
    market.step(t);
    if (record && t >= nextFlush) {
      rows += await recorder.flush(db, t);
      nextFlush += RECORD_FLUSH_MS;
    }
  }
  const cpu = cpuMs() - started;
  off();
  return { cpu, rows };
}

export const cases: Case[] = [
  {
    name: 'record-cost',
    kind: 'goal',
    unit: '% of market CPU',
    goal: 5,
    better: 'lower',
    note: `recording the simulated market (whole catalogue, ${MINUTES} virtual minutes, one row for every symbol every ${RECORD_FLUSH_MS / 1000} s into PGlite) as a share of its own CPU, by this CPU difference; not met: on 2026-11-30 at a load average of 10 to 25 on 2 cores a single run swings by a third (ten rounds in turn: medians of 14.6 % against 21.5 % for the recorder before the source handed over integer steps); sampled profiles put the recorder at 8 % of the market's samples against 12 to 14 % before. What is left: the listener (some 2.5 %), writing the rows' text and snapshots (some 3 %), PGlite taking some 2.8 MB a run (some 3 %)`,
    measure: async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'seans-record-cost-'));
      const database = await openDatabase({ kind: 'pglite', dataDir: dir });
      try {
        let alone = Infinity;
        let recording = Infinity;
        for (let r = 0; r < ROUNDS; r++) {
          alone = Math.min(alone, (await run(database.db, false)).cpu);
          const { cpu, rows } = await run(database.db, true);
          if (rows === 0) throw new Error('the recorder wrote nothing: nothing was measured');
          recording = Math.min(recording, cpu);
        }
        const best = ((recording - alone) / alone) * 100;
        return best;
      } finally {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
