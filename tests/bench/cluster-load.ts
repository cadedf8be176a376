// What the cluster order benches share: a cluster of N broker nodes on PostgreSQL and NATS with
// order-cpu-pg's users and stocks (tests/bench/orders.cases.ts), loaded round robin over its
// nodes, and the CPU the whole of it spends: every node process and every process of the
// PostgreSQL server (backends, WAL writer, checkpointer; those that ended meanwhile too).
import pg from 'pg';
import { startCluster, type Cluster } from '../support/cluster';
import { load, populateOn, type LoadTarget } from './orders.cases';
import { cpuMs, parentPid, treeCpuMs } from './proc';

export type LoadedCluster = { cluster: Cluster; target: LoadTarget; postmaster: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The PostgreSQL server's main process, found from a backend of its own: the bench counts the
 * whole server, which must run on this machine (as `npm run bench`'s throwaway one does).
 */
async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = rows[0]?.pid;
    if (backend === undefined) throw new Error('no backend pid');
    return parentPid(backend);
  } catch (error) {
    throw new Error(`PostgreSQL's processes are not on this machine: ${String(error)}`);
  } finally {
    await client.end();
  }
}

/** Starts `size` nodes, waits for an owner, makes the users and warms up; `run` gets them loaded. */
export async function withLoadedCluster<T>(size: number, run: (c: LoadedCluster) => Promise<T>): Promise<T> {
  const cluster = await startCluster(size, { CLIENT_DIR: '/nonexistent' });
  try {
    // A node answers /healthz before it has taken the partition (it reads the saved market first).
    let owner = await cluster.owner();
    for (let waited = 0; owner < 0 && waited < 15_000; waited += 250) {
      await sleep(250);
      owner = await cluster.owner();
    }
    if (owner < 0) throw new Error('no node owns the trading partition after 15 s');
    const target: LoadTarget = { urls: cluster.nodes.map((n) => n.url), tokens: [], lower: new Map() };
    await populateOn(cluster.nodes[owner]!.url, cluster.dataDir, target);
    await load(target, 50, 3, 0); // warm-up: JIT, bus subscriptions, first accounts
    return await run({ cluster, target, postmaster: await postmasterOf(cluster.dbUrl) });
  } finally {
    await cluster.stop();
  }
}

/** CPU ms so far: each node's, and the PostgreSQL server's. */
export function clusterCpu(c: LoadedCluster): { nodes: number[]; postgres: number } {
  return { nodes: c.cluster.nodes.map((n) => cpuMs(n.child.pid!)), postgres: treeCpuMs(c.postmaster) };
}

/**
 * Connections the PostgreSQL server has opened so far to the cluster's database (PostgreSQL 14+):
 * read around a load, how many backends it started meanwhile, each a fork, an authentication and
 * a cold catalog cache, so a pool that lets its connections go and opens new ones shows here.
 */
export async function sessionsOpened(c: LoadedCluster): Promise<number> {
  const client = new pg.Client({ connectionString: c.cluster.dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ sessions: string }>(
      'select sessions from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.sessions ?? NaN);
  } finally {
    await client.end();
  }
}
