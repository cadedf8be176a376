// Waits, for the cluster benches, until the cluster can take their sockets: some node owns the
// partition and every node knows the symbol. On a loaded machine a follower has taken over a
// minute to load the owner's market, and a socket subscribed before that was refused
// (UNKNOWN_SYMBOL) and never came back: the run failed as "sockets not subscribed".
import type { Cluster } from '../support/cluster';
import { openClients } from './fanout-client';

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
