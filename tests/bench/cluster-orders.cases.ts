// cluster-orders: order capacity of three broker nodes over one, both on PostgreSQL
// (DATABASE_URL) and NATS, the same load as order-cpu-pg (tests/bench/orders.cases.ts:
// open loop, half market orders that fill, half resting limits, 10 users, 4 stocks, each order
// with its own client order id) spread round robin over the nodes. The peer is the same search
// against a cluster of one node, in the same run. Both have one trading partition: every node
// takes orders, the lease holder matches and commits them, so three nodes add request handling
// (parsing, auth, validation) but not matching — the ratio says what that buys on this machine.
import { startCluster, type Cluster } from '../support/cluster';
import type { RatioCase } from './harness';
import { load, p99, populateOn, type LoadTarget } from './orders.cases';

const GOAL_MS = 20;
/** Absolute rates (orders/s), the same ladder for both sides: the ratio is of two capacities. */
const LADDER = [20, 30, 50, 70, 100, 130, 160, 200, 250, 300, 400, 500, 650, 800, 1000];

let notes: string[] = [];

async function capacityOf(size: number): Promise<number> {
  const cluster: Cluster = await startCluster(size, { CLIENT_DIR: '/nonexistent' });
  try {
    // A node answers /healthz before it has taken the partition (it reads the saved market first).
    let owner = await cluster.owner();
    for (let waited = 0; owner < 0 && waited < 15_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      owner = await cluster.owner();
    }
    if (owner < 0) throw new Error('no node owns the trading partition after 15 s');
    const target: LoadTarget = { urls: cluster.nodes.map((n) => n.url), tokens: [], lower: new Map() };
    await populateOn(cluster.nodes[owner]!.url, cluster.dataDir, target);
    await load(target, 50, 3, 0); // warm-up: JIT, bus subscriptions, first accounts
    let offset = 1_000;
    let best = 0;
    const steps: string[] = [];
    // A step that misses runs once more before the search stops: one stall of the shared machine
    // in a 10 s window (a p99 is its 1 % slowest) ended a one-node search at 30/s, a rate it
    // carries twenty times over. Both sides get the same second chance.
    ladder: for (const rate of LADDER) {
      for (let attempt = 1; attempt <= 2; attempt++) {
        const { latencies, failures } = await load(target, rate, 10, offset);
        offset += rate * 10;
        steps.push(`${rate}/s p99 ${p99(latencies).toFixed(1)} ms${failures ? ` (${failures} failed)` : ''}`);
        if (failures === 0 && p99(latencies) <= GOAL_MS) {
          best = rate;
          continue ladder;
        }
      }
      break;
    }
    notes.push(`${size} node${size > 1 ? 's' : ''}: ${steps.join(', ')}`);
    return best;
  } finally {
    await cluster.stop();
  }
}

export const cases: RatioCase[] = [
  {
    kind: 'ratio',
    name: 'cluster-orders',
    unit: 'orders/s',
    peerName: 'one-node',
    // Three nodes should at least not take capacity away; on a 2-core machine they share the
    // cores the one node had, so this is a floor, not a scaling claim.
    goal: 1,
    check: () => {
      if (!process.env.DATABASE_URL) throw new Error('cluster-orders needs PostgreSQL: set DATABASE_URL');
    },
    measure: async () => {
      notes = [];
      const peer = await capacityOf(1);
      const ours = await capacityOf(3);
      console.log(`cluster-orders: ${notes.join('; ')}`);
      return { ours, peer };
    },
    get note() {
      const base =
        'highest open-loop order rate with p99 ≤ 20 ms and no failure: 3 nodes (orders round robin) over 1 node, PostgreSQL + NATS, one partition';
      return notes.length ? `${base}; ${notes.join('; ')}` : base;
    },
  },
];
