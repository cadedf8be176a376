// cluster-orders: order capacity of three broker nodes over one, both on PostgreSQL
// (DATABASE_URL) and NATS, the same load as order-cpu-pg (tests/bench/orders.cases.ts:
// open loop, half market orders that fill, half resting limits, 10 users, 4 stocks, each order
// with its own client order id) spread round robin over the nodes. Capacity is the highest rate of
// a ladder carried with no failure and p99 under a bound: 20 ms where one node meets it at the
// ladder's first rate, otherwise the first of BOUNDS that one node meets there with half as much
// again to spare, measured in the same run, so a machine slower than the developers' still prints
// a rate for both sides rather than a 0. The peer is the same search against a cluster of one
// node, in the same run. Both have one trading partition: every node takes orders, the lease
// holder matches and commits them, so three nodes add request handling (parsing, auth,
// validation) but not matching — the ratio says what that buys on this machine.
import type { RatioCase } from './harness';
import { withLoadedCluster } from './cluster-load';
import { load, p99, type LoadTarget } from './orders.cases';

/** The bounds a p99 is held to, the first one node meets with headroom; 20 ms is the goal's. */
const BOUNDS = [20, 30, 50, 75, 100, 150, 200, 300, 500];
const HEADROOM = 1.5;
/** Absolute rates (orders/s), the same ladder for both sides: the ratio is of two capacities. */
const LADDER = [20, 30, 50, 70, 100, 130, 160, 200, 250, 300, 400, 500, 650, 800, 1000];
const STEP_SECONDS = 10;

let notes: string[] = [];
let bound = BOUNDS[0]!;

/** The bound one node meets at the ladder's first rate (the better of two tries), with headroom. */
async function calibrate(target: LoadTarget): Promise<number> {
  const tries = [];
  for (let attempt = 0; attempt < 2; attempt++)
    tries.push(p99((await load(target, LADDER[0]!, STEP_SECONDS, 500_000 + attempt * 1_000)).latencies));
  const best = Math.min(...tries);
  const chosen = BOUNDS.find((b) => b >= best * HEADROOM) ?? BOUNDS.at(-1)!;
  notes.push(
    `bound ${chosen} ms (one node's p99 at ${LADDER[0]}/s: ${tries.map((t) => t.toFixed(1)).join(', ')} ms)`,
  );
  return chosen;
}

async function search(target: LoadTarget, label: string): Promise<number> {
  let offset = 1_000;
  let best = 0;
  const steps: string[] = [];
  // A step that misses runs once more before the search stops: one stall of the shared machine
  // in a 10 s window (a p99 is its 1 % slowest) ended a one-node search at 30/s, a rate it
  // carries twenty times over. Both sides get the same second chance.
  ladder: for (const rate of LADDER) {
    for (let attempt = 1; attempt <= 2; attempt++) {
      const { latencies, failures } = await load(target, rate, STEP_SECONDS, offset);
      offset += rate * STEP_SECONDS;
      steps.push(`${rate}/s p99 ${p99(latencies).toFixed(1)} ms${failures ? ` (${failures} failed)` : ''}`);
      if (failures === 0 && p99(latencies) <= bound) {
        best = rate;
        continue ladder;
      }
    }
    break;
  }
  notes.push(`${label}: ${best}/s (${steps.join(', ')})`);
  return best;
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
      const peer = await withLoadedCluster(1, async ({ target }) => {
        bound = await calibrate(target);
        return search(target, '1 node');
      });
      const ours = await withLoadedCluster(3, ({ target }) => search(target, '3 nodes'));
      console.log(`cluster-orders: ${notes.join('; ')}`);
      return { ours, peer };
    },
    get note() {
      const base =
        'highest open-loop order rate with p99 under the bound and no failure: 3 nodes (orders round robin) over 1 node, PostgreSQL + NATS, one partition';
      return notes.length ? `${base}; ${notes.join('; ')}` : base;
    },
  },
];
