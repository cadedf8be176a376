import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server';

const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/** The broker runs the simulator (createMarket's default) and stops its timer when it closes. */
describe('market simulator inside the real app', () => {
  it('serves /healthz and leaves no timer running after close', async () => {
    const before = timers();
    const server = await startServer('pglite');
    try {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(200);
      // The simulator's tick timer is one of the live handles while the app runs.
      expect(timers()).toBeGreaterThan(before);
    } finally {
      await server.close();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
