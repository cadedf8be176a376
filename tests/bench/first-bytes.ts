// Every file a signed-in screen's cold load asks for before its largest paint, with its bytes:
// what Lighthouse's simulation counts toward the LCP (each byte asked for before the observed
// largest paint is on the 1.6 Mbps line before it). Lighthouse observes an unthrottled load, and so
// does this by default; THROTTLE=1 loads on slow 4G at 4× CPU instead. Run by hand:
//   CLIENT_DIR=dist/client-x npx tsx tests/bench/first-bytes.ts [runs]
// PAGES (comma-separated, the Trade tab and the wallet), LANG (tr-TR), WINDOW_MS (6000).
import path from 'node:path';
import type { CreatedUser } from '../support/browser-session';
import { SLOW_4G, signedInPhone, withFundedBroker } from './trace-parts';

const PAGES = (process.env.PAGES ?? '/pages/tabbar/trade,/pages/user/assets').split(',');
const LANG = process.env.LANG_TAG ?? 'tr-TR';
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 6000);
const THROTTLE = process.env.THROTTLE === '1';

type Asked = { name: string; start: number; bytes: number };
type Load = { lcp: number; element: string; candidates: string; asked: Asked[] };

async function once(base: string, page: string, user: CreatedUser): Promise<Load> {
  const { page: tab, cdp, close } = await signedInPhone(base, user, LANG);
  try {
    if (THROTTLE) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    await tab.addInitScript(() => {
      const seen: { at: number; element: string }[] = [];
      (window as unknown as { __lcp: typeof seen }).__lcp = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          const el = e.element;
          seen.push({ at: e.startTime, element: el ? `${el.tagName.toLowerCase()}.${el.className}` : '?' });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await tab.goto(base + page, { waitUntil: 'commit' });
    await tab.waitForTimeout(WINDOW_MS);
    return await tab.evaluate(() => {
      const seen = (window as unknown as { __lcp: { at: number; element: string }[] }).__lcp;
      const last = seen.at(-1) ?? { at: 0, element: '-' };
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      return {
        lcp: last.at,
        element: last.element,
        candidates: seen.map((c) => `${Math.round(c.at)} ms ${c.element}`).join(', '),
        asked: entries.map((e) => ({
          name: new URL(e.name).pathname,
          start: e.startTime,
          bytes: e.transferSize || e.encodedBodySize,
        })),
      };
    });
  } finally {
    await close();
  }
}

const runs = Number(process.argv[2] ?? 1);
await withFundedBroker(async (base, user) => {
  for (const page of PAGES) {
    for (let i = 0; i < runs; i += 1) {
      const load = await once(base, page, user);
      const before = load.asked.filter((a) => a.start < load.lcp).sort((a, b) => a.start - b.start);
      const bytes = before.reduce((sum, a) => sum + a.bytes, 0);
      console.log(
        `\n== ${page} run ${i + 1}: LCP ${Math.round(load.lcp)} ms (${load.element}); before it ` +
          `${before.length} requests, ${(bytes / 1000).toFixed(1)} KB (page's own; workers' not listed)`,
      );
      console.log(`  largest-paint candidates: ${load.candidates}`);
      for (const a of before)
        console.log(
          `  ${String(Math.round(a.start)).padStart(5)} ms ${String(a.bytes).padStart(7)}  ${a.name}`,
        );
      const after = load.asked.filter((a) => a.start >= load.lcp).sort((a, b) => a.start - b.start);
      console.log(
        `  -- after: ${after.map((a) => `${path.basename(a.name)} ${a.bytes} @${Math.round(a.start)}`).join(', ')}`,
      );
    }
  }
});
