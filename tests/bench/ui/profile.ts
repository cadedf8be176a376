import type { Page } from 'playwright-core';

/** Stops the profile and returns the top functions by self time, one per line. */
export type CpuProfileStop = () => Promise<string>;

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] };

/**
 * A V8 CPU profile of the page's main thread over a window, through the DevTools protocol:
 * where a missed goal spends its time (the bundle is minified, so names are short; the
 * column points into the chunk).
 */
export async function startCpuProfile(page: Page, top = 15): Promise<CpuProfileStop> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return async () => {
    const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
    await session.detach();
    const total = profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0) || 1;
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const file = url.slice(url.lastIndexOf('/') + 1);
      const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + (node.hitCount ?? 0));
    }
    const seconds = (profile.endTime - profile.startTime) / 1e6;
    return [...byFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, hits]) => {
        const share = hits / total;
        return `    ${(share * 100).toFixed(1).padStart(5)}%  ${(share * seconds * 1000).toFixed(0).padStart(6)} ms  ${key}`;
      })
      .join('\n');
  };
}
