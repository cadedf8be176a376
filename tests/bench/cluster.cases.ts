// fanout-5000: three broker nodes (server/main.ts, bench market profile) on
// PostgreSQL (DATABASE_URL) and a NATS server of their own, with 5,000 real WebSocket clients on
// loopback spread evenly over the nodes, all on one stream (the ticker of BNC001, ~10 updates/s).
// The owner publishes each update once on the bus; every node relays it to its sockets. The row
// is the p99 of delivery latency (arrival at a client minus the source time the update carries;
// one machine, one clock) over every delivery of the run, beside the floor measured in the same
// run (the same clients over bare relays, below); the goal is 1.5 × that floor (fanout-1000's single
// node keeps 1.25×: a cluster adds the bus hop and the owner's tick before it). The note adds
// each node's CPU, its resident memory per 1,000 sockets (RSS with sockets minus RSS before), the
// catch-up snapshots slow sockets got and any source times that repeated (a takeover's replay).
import { fork } from 'node:child_process';
import { connect } from '@nats-io/transport-node';
import { startCluster, startNats } from '../support/cluster';
import { clusterReady, FANOUT_CLUSTER_ENV } from './cluster-ready';
import { nextMessage, waitSubscribed, type Subscribed } from './fanout-workers';
import { Worker } from 'node:worker_threads';
import type { FloorCase } from './harness';
import { cpuMs, rssMb, systemCpuMs } from './proc';
import { tickerFrame } from './ticker-frame';

const SOCKETS = Number(process.env.CLUSTER_FANOUT_SOCKETS ?? 5000);
const SECONDS = Number(process.env.CLUSTER_FANOUT_SECONDS ?? 20);
const NODES = 3;
/**
 * Client threads: each parses its share of ~50,000 frames/s (see fanout-worker.ts) and holds
 * the sockets of one node, so the nodes get equal shares (four threads gave the first node
 * half the sockets).
 */
const THREADS = Number(process.env.CLUSTER_FANOUT_THREADS ?? NODES);
const FACTOR = 1.5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Result = {
  p99: number;
  p50: number;
  /** p99 of the deliveries to each node's sockets. */
  byNode: number[];
  deliveries: number;
  updates: number;
  cpu: number[];
  /** Each node's CPU in the kernel, % of its CPU (write(2) to loopback sockets, mostly). */
  kernel: number[];
  /** Each node's CPU per delivery to one of its sockets, µs. */
  perDelivery: number[];
  rssIdle: number[];
  rssPer1000: number[];
  catchUps: number;
  repeatedTimes: number;
  subscribed: Subscribed;
};
let result: Result | null = null;
let floor: Result | null = null;

/** Node processes whose sockets are measured: where to connect, and whose CPU and RSS to read. */
type Node = { url: string; pid: number };

/**
 * Opens SOCKETS clients on `ticker` of `symbol`, spread evenly over the nodes (and each node's
 * over the client threads), and records every delivery's latency for SECONDS.
 */
async function deliveries(
  nodes: readonly Node[],
  symbol: string,
  /** Called once every socket holds its snapshot, before the warm-up (the floor starts its publisher). */
  subscribedAll: () => void = () => undefined,
): Promise<Result> {
  const pids = nodes.map((n) => n.pid);
  const rssIdle = pids.map(rssMb);
  const shares = Array.from({ length: THREADS }, (_, w) => ({
    url: nodes[w % nodes.length]!.url,
    count: Math.floor(SOCKETS / THREADS) + (w < SOCKETS % THREADS ? 1 : 0),
    ch: 'ticker',
    symbol,
  }));
  const perNode = nodes.map((n) =>
    shares.filter((sh) => sh.url === n.url).reduce((a, sh) => a + sh.count, 0),
  );
  const workers = shares.map(
    (share) => new Worker(new URL('./fanout-worker.mjs', import.meta.url), { workerData: share }),
  );
  try {
    const subscribed = await waitSubscribed(workers);
    subscribedAll();
    await sleep(3000); // warm-up
    const cpuBefore = pids.map(cpuMs);
    const systemBefore = pids.map(systemCpuMs);
    const started = performance.now();
    for (const w of workers) w.postMessage({ op: 'measure' });
    await sleep(SECONDS * 1000);
    const results = workers.map((w) => nextMessage(w, 'result'));
    for (const w of workers) w.postMessage({ op: 'stop' });
    const elapsed = performance.now() - started;
    const used = pids.map((pid, i) => cpuMs(pid) - cpuBefore[i]!);
    const cpu = used.map((ms) => (ms / elapsed) * 100);
    const kernel = pids.map((pid, i) => ((systemCpuMs(pid) - systemBefore[i]!) / used[i]!) * 100);
    const rssWith = pids.map(rssMb);
    const answers = (await Promise.all(results)) as {
      latencies: Float64Array;
      mismatches: number;
      examples: string[][];
      catchUps: number;
      repeatedTimes: number;
    }[];
    const mismatches = answers.reduce((sum, a) => sum + a.mismatches, 0);
    if (mismatches > 0)
      throw new Error(
        `${mismatches} frames differed between sockets, e.g.\n${answers
          .flatMap((a) => a.examples)
          .slice(0, 3)
          .map((pair) => pair.join('\n'))
          .join('\n\n')}`,
      );
    const quantile = (sorted: Float64Array, q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
    const latencies = Float64Array.from(answers.flatMap((a) => Array.from(a.latencies))).sort();
    const at = (q: number) => quantile(latencies, q);
    // Each node's own p99: a node whose sockets wait on another's work shows here.
    const byNode = nodes.map((n) =>
      quantile(
        Float64Array.from(
          answers.flatMap((a, i) => (shares[i]!.url === n.url ? Array.from(a.latencies) : [])),
        ).sort(),
        0.99,
      ),
    );
    return {
      p99: at(0.99),
      p50: at(0.5),
      byNode,
      deliveries: latencies.length,
      updates: Math.round(latencies.length / SOCKETS),
      cpu,
      kernel,
      perDelivery: nodes.map((n, i) => {
        const delivered = answers.reduce(
          (sum, a, w) => sum + (shares[w]!.url === n.url ? a.latencies.length : 0),
          0,
        );
        return (used[i]! * 1000) / delivered;
      }),
      rssIdle,
      rssPer1000: rssWith.map((r, i) => ((r - rssIdle[i]!) * 1000) / perNode[i]!),
      catchUps: answers.reduce((sum, a) => sum + a.catchUps, 0),
      repeatedTimes: answers.reduce((sum, a) => sum + a.repeatedTimes, 0),
      subscribed,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

async function measure(): Promise<{ ours: number; floor: number }> {
  if (!process.env.DATABASE_URL) throw new Error('fanout-5000 needs PostgreSQL: set DATABASE_URL');
  const bare = await measureFloor();
  const cluster = await startCluster(NODES, FANOUT_CLUSTER_ENV);
  try {
    await clusterReady(cluster, 'BNC001');
    await sleep(3000); // followers take the owner's snapshot
    result = await deliveries(
      cluster.nodes.map((n) => ({ url: n.url, pid: n.child.pid! })),
      'BNC001',
    );
    return { ours: result.p99, floor: bare };
  } finally {
    await cluster.stop();
  }
}

/**
 * The floor under fanout-5000: the same clients, threads and bus server, but nodes that do
 * nothing of ours (fanout-floor-node.mjs: a hand-made upgrade, then each bus message written
 * as it came to every socket with bare write(2)), and a publisher sending one ticker frame
 * every 100 ms stamped with the time it was sent. What a 3-node relay costs on this machine
 * before any broker code runs.
 */
async function measureFloor(): Promise<number> {
  const nats = await startNats();
  const subject = 'floor.ticker';
  const children = Array.from({ length: NODES }, () =>
    fork(new URL('./fanout-floor-node.mjs', import.meta.url), [nats.url, subject], { stdio: 'ignore' }),
  );
  const bus = await connect({ servers: nats.url });
  let ticker: NodeJS.Timeout | undefined;
  try {
    const ports = await Promise.all(
      children.map(
        (child) =>
          new Promise<number>((resolve, reject) => {
            child.once('message', (m) => resolve((m as { port: number }).port));
            child.once('exit', (code) => reject(new Error(`floor node exited (${code})`)));
          }),
      ),
    );
    let seq = 0;
    // The publisher starts once every socket is in, so taking sockets does not compete with
    // relaying to those already in (at load ~20 the relays held ~1,000 of 1,667 each after
    // 180 s). The warm-up and the measurement see it running as before.
    floor = await deliveries(
      ports.map((port, i) => ({ url: `http://127.0.0.1:${port}`, pid: children[i]!.pid! })),
      'FLOOR',
      () => {
        ticker = setInterval(() => bus.publish(subject, tickerFrame(++seq, Date.now())), 100);
      },
    );
    return floor.p99;
  } finally {
    clearInterval(ticker);
    await bus.close();
    for (const child of children) child.kill('SIGKILL');
    await nats.stop();
  }
}

/** The row's note: what was measured, then the run's figures. */
function describe(base: string, r: Result | null): string {
  if (!r) return base;
  const list = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(' / ');
  return (
    `${base}: subscribed in ${r.subscribed.seconds.toFixed(0)} s (load ${r.subscribed.loadBefore} → ${r.subscribed.loadAfter}); ` +
    `${r.deliveries} deliveries (~${r.updates} updates), p50 ${r.p50.toFixed(1)} ms, ` +
    `p99 by node ${list(r.byNode, 1)} ms; ` +
    `node CPU ${list(r.cpu)} % of a core (kernel ${list(r.kernel)} % of it; ` +
    `${list(r.perDelivery, 1)} µs a delivery, idle included); RSS idle ${list(r.rssIdle)} MB, ` +
    `+${list(r.rssPer1000, 1)} MB per 1,000 sockets; ${r.catchUps} catch-up snapshots to slow ` +
    `sockets; ${r.repeatedTimes} updates not after the one before in source time`
  );
}

export const cases: FloorCase[] = [
  {
    kind: 'floor',
    name: 'fanout-5000',
    unit: 'ms',
    floorName: 'floor: bare relays',
    factor: FACTOR,
    measure,
    get note() {
      return [
        describe(
          `p99 delivery latency, ${SOCKETS} sockets over ${NODES} nodes (PostgreSQL + NATS) on one ticker, ${SECONDS} s (owner first)`,
          result,
        ),
        describe(
          `floor: the same clients over ${NODES} bare nodes relaying a NATS subject with write(2), a frame every 100 ms`,
          floor,
        ),
      ].join('; ');
    },
  },
];
