// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its queue, its links and its host are the module's. */
const fresh = async () => {
  vi.resetModules();
  return import('./preload-queue');
};

const HOME = '/pages/tabbar/home';
const FILES = Array.from({ length: 12 }, (_, i) => `/assets/part-${i}.js`);
const MAP = { files: FILES, routes: { [HOME]: FILES.map((_, i) => i) } };

/**
 * Stands in for the network: each link the queue adds to the head loads `ms` later. Counts the
 * links in flight at once and the waves they arrived in (links that loaded at the same moment).
 */
function network(ms: number) {
  let inFlight = 0;
  let most = 0;
  const linked: string[] = [];
  const arrivals: number[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLLinkElement)) continue;
        inFlight += 1;
        most = Math.max(most, inFlight);
        linked.push(new URL(node.href).pathname);
        setTimeout(() => {
          inFlight -= 1;
          arrivals.push(Date.now());
          node.dispatchEvent(new Event('load'));
        }, ms);
      }
  });
  observer.observe(document.head, { childList: true });
  return { most: () => most, linked, arrivals, stop: () => observer.disconnect() };
}

afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
});

describe('the idle preload queue', () => {
  it('keeps five files of a screen in flight, so its 12 files take three round trips, not four', async () => {
    vi.useFakeTimers();
    const net = network(150);
    try {
      const queue = await fresh();
      queue.setHost({
        wants: (path) => path === HOME,
        settled: () => Promise.resolve(),
        map: () => Promise.resolve(MAP),
        lang: () => 'tr-TR',
      });
      queue.startQueue();
      const started = Date.now();
      await vi.advanceTimersByTimeAsync(2_000);
      expect([...net.linked].sort()).toEqual([...FILES].sort());
      // Never more than five at once: the browser's sixth connection stays free for a tap.
      expect(net.most()).toBe(5);
      // Each wave is a round trip (150 ms here): the last file arrived in the third.
      const last = Math.max(...net.arrivals) - started;
      expect(last).toBeGreaterThan(2 * 150);
      expect(last).toBeLessThan(3 * 150 + 50);
    } finally {
      net.stop();
    }
  });
});

describe('the idle preload queue’s order', () => {
  it('fetches the Trade tab’s ticket right after its switch, and every tab before a deeper screen', async () => {
    vi.useFakeTimers();
    const net = network(150);
    try {
      const { IDLE_ROUTES, screenOf } = await import('./idle-routes');
      // Four files a queue key, each of its own: the order the links are added is the queue's.
      const keys = IDLE_ROUTES.map((route) => route.path);
      const files = keys.flatMap((_, k) => [0, 1, 2, 3].map((i) => `/assets/key-${k}-${i}.js`));
      const routes = Object.fromEntries(keys.map((key, k) => [key, [0, 1, 2, 3].map((i) => k * 4 + i)]));
      const queue = await fresh();
      queue.setHost({
        wants: (path) => path !== HOME,
        settled: () => Promise.resolve(),
        map: () => Promise.resolve({ files, routes }),
        lang: () => 'tr-TR',
      });
      queue.startQueue();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(net.linked).toHaveLength(files.length - 4);
      const keyOf = (file: string) => keys[Number(/key-(\d+)-/.exec(file)?.[1])] as string;
      const order = [...new Set(net.linked.map(keyOf))];
      expect(order.slice(0, 2)).toEqual(['/pages/tabbar/markets', '/pages/tabbar/trade']);
      expect(order[2]).toBe('/pages/tabbar/trade#ticket');
      const lastTab = Math.max(
        ...order.map((key, at) => (screenOf(key).startsWith('/pages/tabbar/') ? at : -1)),
      );
      const firstDeeper = order.findIndex((key) => !screenOf(key).startsWith('/pages/tabbar/'));
      expect(lastTab).toBeLessThan(firstDeeper);
      // Five in flight: the ticket's last file was in flight before the queue's fourth round trip.
      const ticketLast = net.linked.findLastIndex((file) => keyOf(file) === '/pages/tabbar/trade#ticket');
      expect(Math.ceil((ticketLast + 1) / 5)).toBeLessThanOrEqual(3);
    } finally {
      net.stop();
    }
  });
});
