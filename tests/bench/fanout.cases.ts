// fanout-1000: the broker process (server/main.ts, bench market profile) with 1,000 real
// WebSocket clients on loopback, all on one stream (the ticker of BNC001, ~10 updates/s).
// For every update, the spread is the time from the first socket receiving it to the last;
// the row is the p99 of that spread over the run, beside the floor of this machine measured in
// the same run (fanout-floor.ts: one thread writing a frame to as many sockets with bare
// write(2)); the goal is 1.25 × that floor. The note adds the broker's CPU over the run (from
// /proc, user + system) per 1,000 sockets and the catch-up snapshots slow sockets got, and
// checks that every socket got every update with the same bytes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledBroker, startBroker } from '../support/process';
import { openClients } from './fanout-client';
import { measureFanoutFloor } from './fanout-floor';
import type { FloorCase } from './harness';
import { cpuMs } from './proc';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 1000);
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 30);
const FACTOR = 1.25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Result = {
  p99: number;
  p50: number;
  max: number;
  updates: number;
  rate: number;
  cpu: number;
  catchUps: number;
  floorNote: string;
};
let result: Result | null = null;

async function measure(): Promise<{ ours: number; floor: number }> {
  const floor = await measureFanoutFloor();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-bench-fanout-'));
  const broker = await startBroker(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      MARKET_PROFILE: 'bench',
      MARKET_ALWAYS_OPEN: '1',
      CLIENT_DIR: '/nonexistent',
    },
    // Generous: on a loaded machine the broker has taken a minute to start.
    300_000,
    await bundledBroker(),
  );
  const clients = openClients(broker.url, SOCKETS, 'ticker', 'BNC001');
  try {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      clients.ready,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('sockets not subscribed within 120 s')), 120_000);
      }),
    ]).finally(() => clearTimeout(timer));
    await sleep(3000); // warm-up: JIT on both sides
    const pid = broker.child.pid!;
    const firstSeq = Math.max(0, ...clients.arrivals.keys()) + 1;
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    await sleep(SECONDS * 1000);
    const cpu = cpuMs(pid) - cpuBefore;
    const elapsed = performance.now() - started;
    const lastSeq = Math.max(...clients.arrivals.keys()) - 1; // the newest may still be arriving
    await sleep(500);
    const spreads: number[] = [];
    let incomplete = 0;
    for (let seq = firstSeq; seq <= lastSeq; seq++) {
      const seen = clients.arrivals.get(seq);
      if (!seen || seen.count !== SOCKETS) incomplete++;
      else spreads.push(seen.last - seen.first);
    }
    if (incomplete > 0) throw new Error(`${incomplete} updates did not reach every socket`);
    if (clients.mismatches() > 0)
      throw new Error(
        `${clients.mismatches()} frames differed between sockets, e.g.\n${clients
          .examples()
          .map((pair) => pair.join('\n'))
          .join('\n\n')}`,
      );
    spreads.sort((a, b) => a - b);
    const at = (q: number) => spreads[Math.min(spreads.length - 1, Math.floor(spreads.length * q))] ?? NaN;
    result = {
      p99: at(0.99),
      p50: at(0.5),
      max: spreads.at(-1) ?? NaN,
      updates: spreads.length,
      rate: (spreads.length / elapsed) * 1000,
      // % of one core, scaled to 1,000 sockets.
      cpu: ((cpu / elapsed) * 100 * 1000) / SOCKETS,
      catchUps: clients.catchUps(),
      floorNote: floor.note,
    };
    return { ours: result.p99, floor: floor.p99 };
  } finally {
    clients.close();
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const cases: FloorCase[] = [
  {
    kind: 'floor',
    name: 'fanout-1000',
    unit: 'ms',
    floorName: 'floor: bare write(2)',
    factor: FACTOR,
    measure,
    get note() {
      const base = `p99 over updates of first-to-last arrival among ${SOCKETS} sockets on one ticker stream, ${SECONDS} s`;
      if (!result) return base;
      const r = result;
      return (
        `${base}: ${r.updates} updates at ${r.rate.toFixed(1)}/s, spread p50 ${r.p50.toFixed(2)} ms, ` +
        `max ${r.max.toFixed(2)} ms; broker CPU ${r.cpu.toFixed(1)}% of a core per 1,000 sockets; ` +
        `${r.catchUps} catch-up snapshots to slow sockets; ${r.floorNote}`
      );
    },
  },
];
