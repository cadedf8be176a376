// Waits, for the cluster benches, until the cluster can take their sockets: some node owns the
// partition and every node knows the symbol. On a loaded machine a follower has taken over a
// minute to load the owner's market, and a socket subscribed before that was refused
// (UNKNOWN_SYMBOL) and never came back: the run failed as "sockets not subscribed".
import type { Cluster } from '../support/cluster';
import { openClients } from './fanout-client';

/**
 * The fan-out benches' cluster: the bench market, no client build, and the lease timing a node
 * runs with by default (a proof a second, a holder silent 5 s evicted). The cluster tests' quick
 * takeovers (LEASE_RETRY_MS 250: silent 3 s) are for the takeovers they test; under 5,000 sockets
 * on a loaded machine an owner's event loop stalled past 3 s and the partition went from node to
 * node for the whole run, its sockets refused UNKNOWN_SYMBOL at every switch.
 */
export const FANOUT_CLUSTER_ENV: Record<string, string> = {
  MARKET_PROFILE: 'bench',
  CLIENT_DIR: '/nonexistent',
  LEASE_RETRY_MS: '1000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether one socket subscribed to the symbol's ticker on `url` gets its snapshot within 2 s. */
async function knows(url: string, symbol: string): Promise<boolean> {
  const probe = openClients(url, 1, 'ticker', symbol);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe.ready.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 2000);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    probe.close();
  }
}

export async function clusterReady(cluster: Cluster, symbol: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const owned = (await cluster.owner()) >= 0;
    if (owned && (await Promise.all(cluster.nodes.map((n) => knows(n.url, symbol)))).every(Boolean)) return;
    if (Date.now() > deadline)
      throw new Error(`after ${timeoutMs / 1000} s: ${owned ? 'a node without ' + symbol : 'no owner'}`);
    await sleep(500);
  }
}
