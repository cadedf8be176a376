// fanout-1000: the broker process (server/main.ts, bench market profile) with 1,000 real
// WebSocket clients on loopback, all on one stream (the ticker of BNC001, ~10 updates/s).
// For every update, the spread is the time from the first socket receiving it to the last;
// the row is the p99 of that spread over the run, beside the floor of this machine measured in
// the same run with the same clients (fanout-floor.ts: a bare relay writing each frame to every
// socket with write(2)); the goal is 1.25 × that floor. The note adds the broker's CPU over the run (from
// /proc, user + system) per 1,000 sockets and the catch-up snapshots slow sockets got, and
// checks that every socket got every update with the same bytes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledBroker, startBroker } from '../support/process';
import { openClients } from './fanout-client';
import { measureFanoutFloor } from './fanout-floor';
import { measureSpread, type Spread } from './fanout-spread';
import type { FloorCase } from './harness';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 1000);
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 30);
const FACTOR = 1.25;

type Result = Spread & { floorNote: string };
let result: Result | null = null;

async function measure(): Promise<{ ours: number; floor: number }> {
  const floor = await measureFanoutFloor(SOCKETS, SECONDS);
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
    const r = await measureSpread(clients, SOCKETS, SECONDS, broker.child.pid!);
    result = { ...r, floorNote: floor.note };
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
    floorName: 'floor: same clients, bare relay',
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
