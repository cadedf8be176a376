import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../support/cluster';

/**
 * Issue 19 promises a takeover within 5 s when the owner dies. An owner that stops without dying
 * (SIGSTOP, a paused VM, a wedged event loop) kept its lease: its database connection stayed
 * open, so the advisory lock was never freed, and every node's orders timed out for as long as
 * it stayed stopped. A lease whose holder has not been heard from is now taken from it.
 */
let cluster: Cluster;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  cluster = await startCluster(2);
  await waitFor('node 0 owns', async () => ((await cluster.owner()) === 0 ? true : undefined), 10_000);
}, 240_000);

afterAll(async () => {
  const first = cluster?.nodes[0];
  if (first?.child.exitCode === null) first.child.kill('SIGCONT');
  await cluster?.stop();
});

describe('an owner that stops answering without dying', () => {
  it('loses the partition to another node within 8 s, and follows once it wakes', async () => {
    const stalled = cluster.nodes[0]!;
    stalled.child.kill('SIGSTOP');
    const stoppedAt = Date.now();
    try {
      // The stopped node cannot answer its /healthz: ask node 1 alone.
      await waitFor(
        'node 1 owns',
        async () => {
          const res = await fetch(`${cluster.nodes[1]!.url}/healthz`);
          const health = (await res.json()) as { partition?: string };
          return health.partition === 'owner' ? true : undefined;
        },
        15_000,
      );
      expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    } finally {
      stalled.child.kill('SIGCONT');
    }
    // Woken, it finds its lease gone and follows: one owner.
    await waitFor(
      'node 0 follows',
      async () => {
        const health = (await (await fetch(`${stalled.url}/healthz`)).json()) as { partition?: string };
        return health.partition === 'follower' ? true : undefined;
      },
      10_000,
    );
  });
});
