// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_ROUTES } from './idle-routes';
import type { QueueHost } from './preload-queue';

/** A fresh copy of the queue: it keeps what it linked and whether it started. */
const fresh = async () => {
  vi.resetModules();
  const queue = await import('./preload-queue');
  // The tabs' answers the queue asks as it starts: keep-tabs-warm.test.ts's; none here.
  const warm = await import('./keep-tabs-warm');
  return Object.assign(queue, { keep: vi.spyOn(warm, 'keepTabsWarm').mockImplementation(() => undefined) });
};

/** Two files for each queued screen, named after its key. */
const MAP = (() => {
  const files: string[] = [];
  const routes: Record<string, number[]> = {};
  for (const { path } of IDLE_ROUTES) {
    routes[path] = [files.length, files.length + 1];
    files.push(`/assets/${encodeURIComponent(path)}-a.js`, `/assets/${encodeURIComponent(path)}-b.js`);
  }
  return { files, routes };
})();
const isTabFile = (href: string) => /%2Fpages%2Ftabbar%2F[a-z]+-[ab]\.js$/.test(href);

/** Answers each link the queue appends a few milliseconds later; `loaded` lists them as they load. */
function serveLinks(): { loaded: string[]; stop: () => void } {
  const loaded: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLLinkElement)
          setTimeout(() => {
            loaded.push(new URL(node.href).pathname);
            node.dispatchEvent(new Event('load'));
          }, 5);
  });
  observer.observe(document.head, { childList: true });
  return { loaded, stop: () => observer.disconnect() };
}

/** A host whose user may open every screen, none loaded, the map at hand; `over` changes that. */
const host = (over: Partial<QueueHost> = {}): QueueHost => ({
  allowed: () => true,
  loaded: () => false,
  settled: () => Promise.resolve(),
  map: () => Promise.resolve(MAP),
  lang: () => 'tr-TR',
  ...over,
});

let served: ReturnType<typeof serveLinks> | undefined;
afterEach(() => {
  served?.stop();
  document.head.replaceChildren();
});

describe('tabsTaken', () => {
  it("resolves once the tabs' own files have arrived, not after the ticket's and the drawer rows'", async () => {
    const q = await fresh();
    served = serveLinks();
    q.setHost(host());
    q.startQueue();
    await q.tabsTaken();
    const atResolve = [...served.loaded];
    const tabFiles = MAP.files.filter(isTabFile);
    expect(tabFiles).toHaveLength(10);
    expect(atResolve).toEqual(expect.arrayContaining(tabFiles));
    // Three in flight at a time: at most the two after the tabs' last had started, none arrived.
    expect(atResolve.length).toBeLessThanOrEqual(tabFiles.length + 2);
    expect(atResolve.length).toBeLessThan(MAP.files.length);
  });

  it("resolves at once when the tabs need nothing (loaded, or not the user's to open)", async () => {
    const q = await fresh();
    served = serveLinks();
    q.setHost(host({ loaded: (path) => path.startsWith('/pages/tabbar/') }));
    q.startQueue();
    await q.tabsTaken();
    expect(served.loaded.filter(isTabFile)).toEqual([]);
    expect(served.loaded.length).toBeLessThan(3);
  });

  it("resolves at once when a screen is wanted now (the drawer opened), though the tabs' files are coming", async () => {
    const q = await fresh();
    served = serveLinks();
    q.setHost(host());
    q.startQueue();
    const taken = q.tabsTaken();
    q.drawerOpened();
    await taken;
    expect(served.loaded.filter(isTabFile).length).toBeLessThan(10);
  });

  it("resolves at once when the idle queue has not started: nothing fetches the tabs' code", async () => {
    const q = await fresh();
    await q.tabsTaken();
  });
});

describe('startQueue', () => {
  it("asks the tabs' first answers as the queue starts, for the tabs the user may open", async () => {
    const q = await fresh();
    const allowed = (path: string) => path !== '/pages/tabbar/mine';
    q.setHost(host({ allowed, loaded: () => true }));
    q.startQueue();
    await expect.poll(() => q.keep.mock.calls.length).toBe(1);
    expect(q.keep).toHaveBeenCalledWith(allowed);
  });
});
