// How the fan-out rows read their clients: for every update the spread from the first socket
// receiving it to the last, over a window after a warm-up. The broker's row and its floor read
// the same clients the same way, so the two differ only in the server.
import type { FanoutClients } from './fanout-client';
import { cpuMs } from './proc';

export type Spread = {
  p99: number;
  p50: number;
  max: number;
  updates: number;
  /** Updates a second over the window. */
  rate: number;
  /** The server's CPU over the window, % of one core scaled to 1,000 sockets. */
  cpu: number;
  catchUps: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for every socket's snapshot (at most 120 s), warms up 3 s, then measures `seconds`. */
export async function measureSpread(
  clients: FanoutClients,
  sockets: number,
  seconds: number,
  serverPid: number,
): Promise<Spread> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    clients.ready,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('sockets not subscribed within 120 s')), 120_000);
    }),
  ]).finally(() => clearTimeout(timer));
  await sleep(3000); // warm-up: JIT on both sides
  const firstSeq = Math.max(0, ...clients.arrivals.keys()) + 1;
  const cpuBefore = cpuMs(serverPid);
  const started = performance.now();
  await sleep(seconds * 1000);
  const cpu = cpuMs(serverPid) - cpuBefore;
  const elapsed = performance.now() - started;
  const lastSeq = Math.max(...clients.arrivals.keys()) - 1; // the newest may still be arriving
  await sleep(500);
  const spreads: number[] = [];
  let incomplete = 0;
  for (let seq = firstSeq; seq <= lastSeq; seq++) {
    const seen = clients.arrivals.get(seq);
    if (!seen || seen.count !== sockets) incomplete++;
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
  return {
    p99: at(0.99),
    p50: at(0.5),
    max: spreads.at(-1) ?? NaN,
    updates: spreads.length,
    rate: (spreads.length / elapsed) * 1000,
    cpu: ((cpu / elapsed) * 100 * 1000) / sockets,
    catchUps: clients.catchUps(),
  };
}
