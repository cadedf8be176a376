// cluster-cpu-per-order: the CPU a three-node cluster spends per acknowledged order, over one
// node's at the same rate, both on PostgreSQL (DATABASE_URL) and NATS with order-cpu-pg's load
// (open loop, half market orders that fill, half resting limits, 10 users, 4 stocks), spread round
// robin over the nodes. CPU is every node process's plus every process of the PostgreSQL server
// (its backends, WAL writer and checkpointer: the database's side of a durable order), from
// /proc, user + system, over the load window; a cluster of one node is the floor. What the
// cluster adds per order: followers parse, authenticate and validate the request, call the owner
// over NATS and relay the answer, and every follower reads the owner's market stream. Two cores
// are shared by all of it, so this counts work, not a speed-up. The note prints both sides'
// split and their idle CPU (what the nodes burn with no order, counted in the row).
import type { FloorCase } from './harness';
import { clusterCpu, sessionsOpened, withLoadedCluster, type LoadedCluster } from './cluster-load';
import { load } from './orders.cases';

const RATE = Number(process.env.CLUSTER_CPU_RATE ?? 50);
const SECONDS = Number(process.env.CLUSTER_CPU_SECONDS ?? 15);
const IDLE_SECONDS = 5;
/** Load windows a cluster gets; the row keeps its cheapest (a stall of the shared machine costs one). */
const WINDOWS = 2;
const FACTOR = 1.25;
/**
 * A side whose p99 passes this has fallen behind the rate: its orders wait into larger batches,
 * each order's share of a batch's round trips and commit shrinks, and its CPU an order with them,
 * so the two sides no longer compare (the note says so).
 */
const BEHIND_MS = 1_000;

type Idle = { nodes: number[]; postgres: number };
type Side = {
  perOrder: number;
  nodes: number[];
  postgres: number;
  idle: Idle;
  acked: number;
  p99: number;
  /** PostgreSQL connections opened during the window (its own reading's one counted out). */
  connections: number;
};
const sides = new Map<number, Side>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function window(c: LoadedCluster, offset: number): Promise<Side> {
  const opened = await sessionsOpened(c);
  const before = clusterCpu(c);
  const { latencies, failures } = await load(c.target, RATE, SECONDS, offset);
  const after = clusterCpu(c);
  const connections = (await sessionsOpened(c)) - opened - 1;
  const nodes = after.nodes.map((ms, i) => ms - before.nodes[i]!);
  const postgres = after.postgres - before.postgres;
  const acked = latencies.length - failures;
  if (acked === 0) throw new Error(`no order acknowledged at ${RATE}/s`);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN;
  return {
    perOrder: (sum(nodes) + postgres) / acked,
    nodes,
    postgres,
    idle: { nodes: [], postgres: 0 },
    acked,
    p99,
    connections,
  };
}

async function measureSize(size: number): Promise<number> {
  return withLoadedCluster(size, async (c) => {
    const idleBefore = clusterCpu(c);
    await sleep(IDLE_SECONDS * 1000);
    const idleAfter = clusterCpu(c);
    // % of a core: CPU ms over IDLE_SECONDS s, each side apart (what a follower burns idle is
    // not what the owner or PostgreSQL does).
    const share = (ms: number) => ms / IDLE_SECONDS / 10;
    const idle: Idle = {
      nodes: idleAfter.nodes.map((ms, i) => share(ms - idleBefore.nodes[i]!)),
      postgres: share(idleAfter.postgres - idleBefore.postgres),
    };
    let best: Side | null = null;
    for (let w = 0; w < WINDOWS; w++) {
      const side = await window(c, 1_000 + w * RATE * SECONDS);
      if (!best || side.perOrder < best.perOrder) best = side;
    }
    sides.set(size, { ...best!, idle });
    return best!.perOrder;
  });
}

function describe(size: number): string {
  const s = sides.get(size);
  if (!s) return `${size} node(s): not measured`;
  const ms = (x: number) => (x / s.acked).toFixed(2);
  return (
    `${size} node${size > 1 ? 's' : ''}: ${s.perOrder.toFixed(2)} ms/order (nodes ${s.nodes.map(ms).join(' / ')}, ` +
    `PostgreSQL ${ms(s.postgres)}), ${s.acked} acknowledged, p99 ${s.p99.toFixed(1)} ms` +
    `${s.p99 > BEHIND_MS ? ' (fell behind the rate: larger batches, not comparable)' : ''}, ` +
    `${s.connections} PostgreSQL connection(s) opened, ` +
    `idle ${(sum(s.idle.nodes) + s.idle.postgres).toFixed(1)} % of a core ` +
    `(nodes ${s.idle.nodes.map((x) => x.toFixed(1)).join(' / ')}, PostgreSQL ${s.idle.postgres.toFixed(1)})`
  );
}

export const cases: FloorCase[] = [
  {
    kind: 'floor',
    name: 'cluster-cpu-per-order',
    unit: 'CPU ms/order',
    floorName: 'one node, same rate',
    factor: FACTOR,
    check: () => {
      if (!process.env.DATABASE_URL)
        throw new Error('cluster-cpu-per-order needs PostgreSQL: set DATABASE_URL');
    },
    measure: async () => {
      sides.clear();
      const floor = await measureSize(1);
      const ours = await measureSize(3);
      return { ours, floor };
    },
    get note() {
      const base =
        `CPU (all node processes + the PostgreSQL server's processes, /proc) per acknowledged order at ` +
        `${RATE}/s for ${SECONDS} s (the cheaper of ${WINDOWS} windows), 3 nodes round robin over 1 node, PostgreSQL + NATS`;
      return sides.size ? `${base}; ${describe(1)}; ${describe(3)}` : base;
    },
  },
];
