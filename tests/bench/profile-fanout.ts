// Not a bench case: `npx tsx tests/bench/profile-fanout.ts [SOCKETS] [SECONDS] [node args…]`
// runs fanout-1000's load (the broker under the bench market profile, SOCKETS raw WebSocket
// clients on BNC001's ticker) once and prints the broker's CPU per update per socket past its
// idle CPU, beside the clients' first-to-last spread and the clients' own CPU an update (this
// process reads every socket in one thread: the last socket's arrival waits for that work too).
// CPU, unlike the spread, compares across runs on a machine other work shares; node args (e.g.
// --cpu-prof) go to the broker.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledBroker, startBroker } from '../support/process';
import { openClients } from './fanout-client';
import { cpuMs } from './proc';

const [socketsArg = '1000', secondsArg = '15', ...nodeArgs] = process.argv.slice(2);
const SOCKETS = Number(socketsArg);
const SECONDS = Number(secondsArg);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-profile-fanout-'));
const broker = await startBroker(
  {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    MARKET_PROFILE: 'bench',
    MARKET_ALWAYS_OPEN: '1',
    CLIENT_DIR: '/nonexistent',
  },
  300_000,
  [...nodeArgs, ...(await bundledBroker())],
);
const pid = broker.child.pid!;
try {
  await sleep(3000);
  // What the broker burns with no socket (the simulated market): taken off the loaded reading.
  const idleBefore = cpuMs(pid);
  const idleStarted = performance.now();
  await sleep(5000);
  const idlePerMs = (cpuMs(pid) - idleBefore) / (performance.now() - idleStarted);
  const clients = openClients(broker.url, SOCKETS, 'ticker', 'BNC001');
  try {
    await clients.ready;
    await sleep(3000);
    const firstSeq = Math.max(0, ...clients.arrivals.keys()) + 1;
    const before = cpuMs(pid);
    const clientsBefore = process.cpuUsage();
    const started = performance.now();
    await sleep(SECONDS * 1000);
    const busy = cpuMs(pid) - before;
    const clientsUsage = process.cpuUsage(clientsBefore);
    const elapsed = performance.now() - started;
    const lastSeq = Math.max(...clients.arrivals.keys()) - 1;
    await sleep(500);
    const spreads: number[] = [];
    for (let seq = firstSeq; seq <= lastSeq; seq++) {
      const seen = clients.arrivals.get(seq);
      if (seen?.count === SOCKETS) spreads.push(seen.last - seen.first);
    }
    spreads.sort((a, b) => a - b);
    const at = (q: number) => spreads[Math.min(spreads.length - 1, Math.floor(spreads.length * q))] ?? NaN;
    const net = busy - idlePerMs * elapsed;
    const updates = lastSeq - firstSeq + 1;
    console.log(
      `${SOCKETS} sockets, ${SECONDS} s: ${updates} updates (${spreads.length} complete), spread p50 ` +
        `${at(0.5).toFixed(2)} ms p99 ${at(0.99).toFixed(2)} ms; broker CPU ${busy.toFixed(0)} ms, idle ` +
        `${(idlePerMs * 1000).toFixed(0)} ms/s, past idle ${((net * 1000) / updates / SOCKETS).toFixed(2)} µs ` +
        `per update per socket (heartbeats included); catch-ups ${clients.catchUps()}; the clients' ` +
        `own CPU ${((clientsUsage.user + clientsUsage.system) / 1000 / updates).toFixed(2)} ms an update`,
    );
  } finally {
    clients.close();
  }
} finally {
  await broker.stop();
  await rm(dataDir, { recursive: true, force: true });
}
