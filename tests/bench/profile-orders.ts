// Not a bench case: `npx tsx tests/bench/profile-orders.ts RATE SECONDS [node args…]` runs the
// order load once against a broker started with extra node arguments (e.g. --cpu-prof) and
// prints p50/p99, so the order path can be profiled under the bench's own load (sum a profile
// with tests/bench/profile-summary.ts). BENCH_DB=postgres runs the broker on a scratch database
// on DATABASE_URL instead of PGlite.
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { close, load, p99, single, world, type Target } from './orders.cases';

/** CPU milliseconds (user + system) the broker has used so far: a cost per order that, unlike
 * latency, a busy shared machine barely moves. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
}

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

const [rate = '500', seconds = '15', ...nodeArgs] = process.argv.slice(2);
const target: Target = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const w = await world(target, nodeArgs);
try {
  await load(single(w), 100, 3, 0);
  const cpuBefore = cpuMs(w.broker.child.pid!);
  const dbBefore = await backendsCpu(w.database?.url);
  const { latencies, failures, firstFailure } = await load(single(w), Number(rate), Number(seconds), 1_000);
  const cpuPerOrder = (cpuMs(w.broker.child.pid!) - cpuBefore) / latencies.length;
  const dbAfter = await backendsCpu(w.database?.url);
  let dbMs = 0;
  for (const [pid, ms] of dbAfter) dbMs += ms - (dbBefore.get(pid) ?? 0);
  const dbPerOrder = w.database
    ? `, PostgreSQL backends ${(dbMs / latencies.length).toFixed(2)} ms/order`
    : '';
  const p50 = latencies[Math.floor(latencies.length / 2)];
  console.log(
    `${target}, rate ${rate}/s for ${seconds} s: p50 ${p50?.toFixed(1)} ms, p99 ${p99(latencies).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms, failures ${failures} ${firstFailure}; broker CPU ${cpuPerOrder.toFixed(2)} ms/order${dbPerOrder}`,
  );
  // BROKER_LOG=file keeps the broker's output (e.g. with --trace-gc) for a look afterwards.
  if (process.env.BROKER_LOG) writeFileSync(process.env.BROKER_LOG, w.broker.output());
} finally {
  await close(w);
  if (process.env.BENCH_KEEP_DATA) console.log('data kept in', w.dataDir);
}
