// fanout-5000 (issue 19): three broker nodes (server/main.ts, bench market profile) on
// PostgreSQL (DATABASE_URL) and a NATS server of their own, with 5,000 real WebSocket clients on
// loopback spread evenly over the nodes, all on one stream (the ticker of BNC001, ~10 updates/s).
// The owner publishes each update once on the bus; every node relays it to its sockets. The row
// is the p99 of delivery latency (arrival at a client minus the source time the update carries;
// one machine, one clock) over every delivery of the run, against a goal of 50 ms. The note adds
// each node's CPU and its resident memory per 1,000 sockets (RSS with sockets minus RSS before).
import { readFileSync } from 'node:fs';
import { startCluster } from '../support/cluster';
import { Worker } from 'node:worker_threads';
import type { GoalCase } from './harness';

const SOCKETS = Number(process.env.CLUSTER_FANOUT_SOCKETS ?? 5000);
const SECONDS = Number(process.env.CLUSTER_FANOUT_SECONDS ?? 20);
const NODES = 3;
/** Client threads: each parses its share of ~50,000 frames/s (see fanout-worker.ts). */
const THREADS = Number(process.env.CLUSTER_FANOUT_THREADS ?? 4);
const GOAL_MS = 50;
const CLOCK_TICKS = 100; // USER_HZ on Linux

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Result = {
  p99: number;
  p50: number;
  deliveries: number;
  updates: number;
  cpu: number[];
  rssIdle: number[];
  rssPer1000: number[];
};
let result: Result | null = null;

async function measure(): Promise<number> {
  if (!process.env.DATABASE_URL) throw new Error('fanout-5000 needs PostgreSQL: set DATABASE_URL');
  const cluster = await startCluster(NODES, { MARKET_PROFILE: 'bench', CLIENT_DIR: '/nonexistent' });
  const pids = cluster.nodes.map((n) => n.child.pid!);
  try {
    await sleep(3000); // followers take the owner's snapshot
    const rssIdle = pids.map(rssMb);
    // Sockets spread evenly over the nodes, and each node's over the client threads.
    const shares = Array.from({ length: THREADS }, (_, w) => ({
      url: cluster.nodes[w % NODES]!.url,
      count: Math.floor(SOCKETS / THREADS) + (w < SOCKETS % THREADS ? 1 : 0),
      ch: 'ticker',
      symbol: 'BNC001',
    }));
    const perNode = cluster.nodes.map((n) =>
      shares.filter((sh) => sh.url === n.url).reduce((a, sh) => a + sh.count, 0),
    );
    const workers = shares.map(
      (share) => new Worker(new URL('./fanout-worker.mjs', import.meta.url), { workerData: share }),
    );
    const next = (w: Worker, op: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const on = (m: Record<string, unknown>) => {
          if (m.op === 'error') reject(new Error(String(m.message)));
          else if (m.op === op) {
            w.off('message', on);
            resolve(m);
          }
        };
        w.on('message', on);
        w.once('error', reject);
      });
    try {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(workers.map((w) => next(w, 'ready'))),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('sockets not subscribed within 180 s')), 180_000);
        }),
      ]).finally(() => clearTimeout(timer));
      await sleep(3000); // warm-up
      const cpuBefore = pids.map(cpuMs);
      const started = performance.now();
      for (const w of workers) w.postMessage({ op: 'measure' });
      await sleep(SECONDS * 1000);
      const results = workers.map((w) => next(w, 'result'));
      for (const w of workers) w.postMessage({ op: 'stop' });
      const elapsed = performance.now() - started;
      const cpu = pids.map((pid, i) => ((cpuMs(pid) - cpuBefore[i]!) / elapsed) * 100);
      const rssWith = pids.map(rssMb);
      const answers = (await Promise.all(results)) as { latencies: Float64Array; mismatches: number }[];
      const mismatches = answers.reduce((sum, a) => sum + a.mismatches, 0);
      if (mismatches > 0) throw new Error(`${mismatches} frames differed between sockets`);
      const latencies = Float64Array.from(answers.flatMap((a) => Array.from(a.latencies))).sort();
      const at = (q: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
      result = {
        p99: at(0.99),
        p50: at(0.5),
        deliveries: latencies.length,
        updates: Math.round(latencies.length / SOCKETS),
        cpu,
        rssIdle,
        rssPer1000: rssWith.map((r, i) => ((r - rssIdle[i]!) * 1000) / perNode[i]!),
      };
      return result.p99;
    } finally {
      await Promise.all(workers.map((w) => w.terminate()));
    }
  } finally {
    await cluster.stop();
  }
}

export const cases: GoalCase[] = [
  {
    kind: 'goal',
    name: 'fanout-5000',
    unit: 'ms',
    goal: GOAL_MS,
    better: 'lower',
    measure,
    get note() {
      const base = `p99 delivery latency, ${SOCKETS} sockets over ${NODES} nodes (PostgreSQL + NATS) on one ticker, ${SECONDS} s`;
      if (!result) return base;
      const r = result;
      const list = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(' / ');
      return (
        `${base}: ${r.deliveries} deliveries (~${r.updates} updates), p50 ${r.p50.toFixed(1)} ms; ` +
        `node CPU ${list(r.cpu)} % of a core (owner first); RSS idle ${list(r.rssIdle)} MB, ` +
        `+${list(r.rssPer1000, 1)} MB per 1,000 sockets`
      );
    },
  },
];
