import type { Lease } from '../../server/cluster/lease';

// What the cluster tests that run a node's partition in the test's own process share.

/** A partition's lease the test hands over by hand: `take` and `lose` tell its listeners. */
export function stubLease(name = 'partition:trading', held = false): Lease & { take(): void; lose(): void } {
  const listeners = new Set<(held: boolean) => void>();
  const tell = (value: boolean) => {
    held = value;
    for (const listener of [...listeners]) listener(value);
  };
  return {
    name,
    held: () => held,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async release() {
      held = false;
    },
    take: () => tell(true),
    lose: () => tell(false),
  };
}

/** Polls `probe` until it answers something, or fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
