// Not a bench case: `npx tsx tests/bench/profile-orders.ts RATE SECONDS [node args…]` runs the
// order load once against a broker started with extra node arguments (e.g. --cpu-prof) and
// prints p50/p99, so the order path can be profiled under the bench's own load (sum a profile
// with tests/bench/profile-summary.ts). BENCH_DB=postgres runs the broker on a scratch database
// on DATABASE_URL instead of PGlite.
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { close, load, p99, sendOrder, single, world, type Target } from './orders.cases';
import { cpuMs } from './proc';

/**
 * CPU milliseconds used so far by each PostgreSQL backend serving the broker's database (on this
 * machine, so /proc has them): on PostgreSQL part of an order's cost is spent there, not in the
 * broker. Backends that ended between two readings are missed (the pool keeps them under load).
 */
async function backendsCpu(url: string | undefined): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!url) return cpu;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuMs(pid));
      } catch {
        // Ended since the query: nothing to count.
      }
    }
  } finally {
    await client.end();
  }
  return cpu;
}

/**
 * BURST=K: instead of an open-loop rate, RATE×SECONDS orders in closed-loop bursts of K sent at
 * once, each burst after the last one's answers. The writer's batches then hold ~K orders
 * whatever the machine's load, so CPU per order compares across runs on a busy shared machine
 * (at a fixed rate, load changes the batch sizes and with them the cost per order).
 */
async function bursts(k: number, total: number, offset: number) {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure = '';
  for (let sent = 0; sent < total; sent += k) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(k, total - sent) }, (_, i) => sendOrder(single(w), offset + sent + i)),
    );
    for (const a of answers) {
      latencies.push(a.ms);
      if (a.failure !== undefined) {
        failures++;
        firstFailure ||= a.failure;
      }
    }
  }
  latencies.sort((a, b) => a - b);
  return { latencies, failures, firstFailure };
}

const [rate = '500', seconds = '15', ...nodeArgs] = process.argv.slice(2);
const target: Target = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const w = await world(target, nodeArgs);
try {
  await load(single(w), 100, 3, 0);
  // What the broker burns with no orders (simulated market, tickers, jobs): at a low rate it is
  // a large share of the CPU per order, so it is printed and taken off.
  const idleSeconds = 5;
  const idleBefore = cpuMs(w.broker.child.pid!);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idlePerSecond = (cpuMs(w.broker.child.pid!) - idleBefore) / idleSeconds;
  const cpuBefore = cpuMs(w.broker.child.pid!);
  const started = performance.now();
  const dbBefore = await backendsCpu(w.database?.url);
  const burst = Number(process.env.BURST ?? 0);
  const { latencies, failures, firstFailure } =
    burst > 0
      ? await bursts(burst, Number(rate) * Number(seconds), 1_000)
      : await load(single(w), Number(rate), Number(seconds), 1_000);
  const busyMs = cpuMs(w.broker.child.pid!) - cpuBefore;
  const cpuPerOrder = busyMs / latencies.length;
  const netPerOrder = (busyMs - (idlePerSecond * (performance.now() - started)) / 1000) / latencies.length;
  const dbAfter = await backendsCpu(w.database?.url);
  let dbMs = 0;
  for (const [pid, ms] of dbAfter) dbMs += ms - (dbBefore.get(pid) ?? 0);
  const dbPerOrder = w.database
    ? `, PostgreSQL backends ${(dbMs / latencies.length).toFixed(2)} ms/order`
    : '';
  const p50 = latencies[Math.floor(latencies.length / 2)];
  console.log(
    `${target}, ${burst > 0 ? `${Number(rate) * Number(seconds)} orders in bursts of ${burst}` : `rate ${rate}/s for ${seconds} s`}: p50 ${p50?.toFixed(1)} ms, p99 ${p99(latencies).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms, failures ${failures} ${firstFailure}; broker CPU ${cpuPerOrder.toFixed(2)} ms/order (${netPerOrder.toFixed(2)} past its idle ${idlePerSecond.toFixed(0)} ms/s)${dbPerOrder}`,
  );
  // BROKER_LOG=file keeps the broker's output (e.g. with --trace-gc) for a look afterwards.
  if (process.env.BROKER_LOG) writeFileSync(process.env.BROKER_LOG, w.broker.output());
} finally {
  await close(w);
  if (process.env.BENCH_KEEP_DATA) console.log('data kept in', w.dataDir);
}
