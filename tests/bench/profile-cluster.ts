// Not a bench case: `DATABASE_URL=… npx tsx tests/bench/profile-cluster.ts [SOCKETS] [SECONDS]`
// runs fanout-5000's load once (three broker nodes on PostgreSQL + NATS, bench market profile,
// SOCKETS raw WebSocket clients on BNC001's ticker spread evenly over the nodes) and prints each
// node's CPU idle (no socket) and loaded, and its CPU per delivery past idle. CPU seconds, unlike
// latencies, compare across runs on a machine other work shares. CLUSTER_NODE_ARGS
// (tests/support/cluster.ts) passes node arguments, e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/prof/n{i}` for a profile of each node (read with
// profile-summary.ts); the idle reading shows what the nodes burn with no socket at all.
// Each node also runs the fan-out probe on BNC001's ticker (server/ws/fanout-probe.ts): over the
// measured window, per node, how long after its source time each update was computed, sent on
// the bus, read, handed to the hub and written to the first and last socket, with the node's GC
// pauses and event-loop delay (fanout-stages.ts).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { connect } from '@nats-io/transport-node';
import { startCluster } from '../support/cluster';
import { clusterReady, FANOUT_CLUSTER_ENV } from './cluster-ready';
import { nextMessage, waitSubscribed } from './fanout-workers';
import { stepLines } from '../../server/ws/fanout-probe-summary';
import { stageLine, takeProbes } from './fanout-stages';
import { cpuMs } from './proc';

const [socketsArg = '5000', secondsArg = '15'] = process.argv.slice(2);
const SOCKETS = Number(socketsArg);
const SECONDS = Number(secondsArg);
const NODES = 3;
const IDLE_SECONDS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const probeDir = mkdtempSync(path.join(tmpdir(), 'fanout-probe-'));
const cluster = await startCluster(NODES, {
  ...FANOUT_CLUSTER_ENV,
  SEANS_FANOUT_PROBE: 'ticker|BNC001',
  SEANS_FANOUT_PROBE_DIR: probeDir,
});
const load = () => loadavg()[0]!.toFixed(1);
try {
  const pids = cluster.nodes.map((n) => n.child.pid!);
  await clusterReady(cluster, 'BNC001');
  await sleep(3000);
  // What the owner sends every follower meanwhile, by channel: a follower reads each frame once
  // for its mirror and forwards its bytes to the sockets that follow the stream.
  const bus = await connect({ servers: cluster.nats.url });
  const traffic = new Map<string, { count: number; bytes: number }>();
  bus.subscribe('seans.market', {
    callback: (_error, msg) => {
      // A message is a turn's frames, a line each (server/bus/nats.ts). A stream frame names its
      // channel, anything else (a market's status) its type.
      const lines = msg.string().split('\n');
      const turn = traffic.get('(messages)') ?? { count: 0, bytes: 0 };
      turn.count++;
      turn.bytes += msg.data.length;
      traffic.set('(messages)', turn);
      for (const line of lines) {
        const type = /"(?:ch|type)":"([a-z0-9:]+)"/.exec(line)?.[1] ?? '?';
        const seen = traffic.get(type) ?? { count: 0, bytes: 0 };
        seen.count++;
        seen.bytes += Buffer.byteLength(line);
        traffic.set(type, seen);
      }
    },
  });
  const idleBefore = pids.map(cpuMs);
  await sleep(IDLE_SECONDS * 1000);
  const idle = pids.map((pid, i) => (cpuMs(pid) - idleBefore[i]!) / IDLE_SECONDS / 10);
  await bus.close();
  console.log(
    'bus market events a second: ' +
      [...traffic]
        .map(
          ([type, t]) =>
            `${type} ${(t.count / IDLE_SECONDS).toFixed(0)} (${(t.bytes / IDLE_SECONDS / 1024).toFixed(0)} KB)`,
        )
        .join(', '),
  );
  const counts = cluster.nodes.map((_, i) => Math.floor(SOCKETS / NODES) + (i < SOCKETS % NODES ? 1 : 0));
  const workers = cluster.nodes.map(
    (node, i) =>
      new Worker(new URL('./fanout-worker.mjs', import.meta.url), {
        workerData: { url: node.url, count: counts[i], ch: 'ticker', symbol: 'BNC001' },
      }),
  );
  try {
    const subscribed = await waitSubscribed(workers);
    console.log(
      `${SOCKETS} sockets subscribed in ${subscribed.seconds.toFixed(1)} s (load ${subscribed.loadBefore} → ${subscribed.loadAfter})`,
    );
    await sleep(3000); // warm-up
    await takeProbes(pids, probeDir); // what came before the window
    const loadBefore = load();
    const before = pids.map(cpuMs);
    const started = performance.now();
    for (const w of workers) w.postMessage({ op: 'measure' });
    await sleep(SECONDS * 1000);
    const results = workers.map((w) => nextMessage(w, 'result'));
    const probes = await takeProbes(pids, probeDir);
    const loadAfter = load();
    for (const w of workers) w.postMessage({ op: 'stop' });
    const elapsed = performance.now() - started;
    const busy = pids.map((pid, i) => cpuMs(pid) - before[i]!);
    const answers = (await Promise.all(results)) as { latencies: Float64Array; catchUps: number }[];
    cluster.nodes.forEach((_, i) => {
      const delivered = answers[i]!.latencies.length;
      const loaded = (busy[i]! / elapsed) * 100;
      const pastIdle = busy[i]! - (idle[i]! / 100) * elapsed;
      console.log(
        `node ${i}: ${counts[i]} sockets, ${delivered} deliveries; CPU idle ${idle[i]!.toFixed(1)} %, ` +
          `loaded ${loaded.toFixed(1)} % of a core, past idle ${((pastIdle * 1000) / delivered).toFixed(2)} µs ` +
          `a delivery; catch-ups ${answers[i]!.catchUps}`,
      );
    });
    console.log('each step, ms, p50 / p99:');
    for (const line of stepLines(probes)) console.log(line);
    console.log('stages, ms after the source time, p50 / p99:');
    cluster.nodes.forEach((_, i) =>
      console.log(
        stageLine(`node ${i}`, probes[i]!, Array.from(answers[i]!.latencies), `${loadBefore} → ${loadAfter}`),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
} finally {
  await cluster.stop();
}
