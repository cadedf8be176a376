import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledBroker, freePort, startBroker, type Started } from './process';
import { emptyPgDatabase } from './server';

/** Debian's nats-server (`.ci/run` installs it, as it installs PostgreSQL). */
export const NATS_SERVER = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((p) => existsSync(p));

export type Nats = {
  url: string;
  stop(): Promise<void>;
  /** Stops the server and starts a new one on the same port (a bus restart under the nodes). */
  restart(downMs?: number): Promise<void>;
};

/** A NATS server of the test's own on a free loopback port. */
export async function startNats(): Promise<Nats> {
  if (!NATS_SERVER) throw new Error('nats-server is not installed (apt-get install nats-server)');
  const port = await freePort();
  const spawnServer = async (): Promise<ChildProcess> => {
    const child: ChildProcess = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    while (!output.includes('Server is ready')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`nats-server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return child;
  };
  let child = await spawnServer();
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return {
    url: `nats://127.0.0.1:${port}`,
    stop,
    async restart(downMs = 0) {
      await stop();
      await new Promise((r) => setTimeout(r, downMs));
      child = await spawnServer();
    },
  };
}

/** Polls `probe` until it answers something, or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type Cluster = {
  nodes: Started[];
  dbUrl: string;
  dataDir: string;
  nats: Nats;
  /** Index of the node whose /healthz says it owns the partition, or -1. */
  owner(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The clusters this test file started or is starting. A `beforeAll` that times out leaves
 * `startCluster` running with nodes no test holds (the file's `afterAll` sees no cluster), and they
 * outlive the worker with parent 1: `stopClusters` (tests/support/cluster-setup.ts, after every
 * cluster file) ends them, and a start it stopped starts no more nodes.
 */
const started = new Set<{ abort(): Promise<void> }>();
/** Every node process spawned here, healthy or not: killed outright if the worker exits first. */
const spawnedNodes = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawnedNodes)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Stops every cluster this file started, finished starting or not. */
export async function stopClusters(): Promise<void> {
  await Promise.allSettled([...started].map((c) => c.abort()));
}

/**
 * N broker nodes (server/main.ts, as `npm run cluster` starts them) on one PostgreSQL database
 * and one NATS server, sharing a data dir for the keys every node must agree on (PIN hashing,
 * deposit addresses, the operator key). The first starts alone so it migrates and seeds.
 */
export async function startCluster(size: number, extraEnv: Record<string, string> = {}): Promise<Cluster> {
  let aborted = false;
  const children: ChildProcess[] = [];
  const kill = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  // Until NATS and the database are up, a start stopped ends itself at its next step.
  let stopAll: (() => Promise<void>) | null = null;
  const record = {
    abort: async () => {
      aborted = true;
      kill();
      await stopAll?.();
    },
  };
  started.add(record);
  const nats = await startNats();
  // No database (DATABASE_URL unset, PostgreSQL down): the NATS server must not outlive the run.
  const db = await emptyPgDatabase('seans_cluster').catch(async (error: unknown) => {
    await nats.stop();
    throw error;
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-cluster-'));
  const nodes: Started[] = [];
  const env = (i: number): Record<string, string> => ({
    DATABASE_URL: db.url,
    BUS_URL: nats.url,
    DATA_DIR: dataDir,
    NODE_NAME: `node-${i}`,
    LEASE_RETRY_MS: '250',
    MARKET_ALWAYS_OPEN: '1',
    FUNDING_ALWAYS_OPEN: '1',
    SCRYPT_N: '1024',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const stopOnce = async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    // A node still starting when the start was abandoned: no one else holds it.
    kill();
    await Promise.all(
      children.map((c) => (c.exitCode === null && c.signalCode === null ? once(c, 'exit') : null)),
    );
    await nats.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
    started.delete(record);
  };
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= stopOnce();
    return stopping;
  };
  stopAll = stop;
  const spawnedHere = (child: ChildProcess) => {
    children.push(child);
    spawnedNodes.add(child);
    child.once('exit', () => spawnedNodes.delete(child));
  };
  try {
    // CLUSTER_NODE_ARGS: node arguments for every node, `{i}` its index (e.g. to profile each:
    // `--cpu-prof --cpu-prof-dir=/tmp/prof/n{i}`).
    const extraArgs = (i: number) =>
      (process.env.CLUSTER_NODE_ARGS ?? '')
        .split(' ')
        .filter(Boolean)
        .map((a) => a.replaceAll('{i}', String(i)));
    for (let i = 0; i < size; i++) {
      const entry = [...extraArgs(i), ...(await bundledBroker())];
      if (aborted) throw new Error('the cluster was stopped while it started');
      nodes.push(await startBroker(env(i), 120_000, entry, spawnedHere));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    nodes,
    dbUrl: db.url,
    dataDir,
    nats,
    async owner() {
      for (const [i, node] of nodes.entries()) {
        if (node.child.exitCode !== null || node.child.signalCode !== null) continue;
        try {
          const health = (await (await fetch(`${node.url}/healthz`)).json()) as { partition?: string };
          if (health.partition === 'owner') return i;
        } catch {
          // a node that is gone
        }
      }
      return -1;
    },
    stop,
  };
}
