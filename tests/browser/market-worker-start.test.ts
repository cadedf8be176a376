import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, type Phone } from '../support/browser';

const base = inject('baseURL');
const HOME = '/pages/tabbar/home';
/** The market worker's script (src/market/client.ts createWorker). */
const WORKER = /\/assets\/market\.worker-[^/]+\.js$/;

/**
 * The market worker (~22 KiB of gzip with its imports) starts once the first screen's largest
 * paint is recorded (src/main.tsx): started at boot, its download shared the phone's line with
 * that paint on every screen. It still starts with nothing tapped, for the rows that follow.
 */
describe('the market worker on a first load (390×844)', () => {
  let phone: Phone;
  beforeEach(async () => {
    phone = await openPhone();
  });
  afterEach(async () => {
    await phone?.close();
  });

  it("is asked for after Home's largest paint, and then without a tap", async () => {
    const { page } = phone;
    await page.goto(`${base}${HOME}`);
    await screen(page, HOME);
    await page.waitForFunction(
      (worker) =>
        performance.getEntriesByType('resource').some((entry) => new RegExp(worker).test(entry.name)),
      WORKER.source,
      { timeout: 30_000 },
    );
    const { paint, worker } = await page.evaluate(
      (workerFile) =>
        new Promise<{ paint: number | null; worker: number | null }>((resolve) => {
          const entries: { startTime: number; element: Element | null }[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) entries.push(entry as never);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            // Home's first paint of its own (the frame's brand bar painted before any script).
            const home = entries.filter((e) => e.element?.closest(`[data-screen]`));
            resolve({
              paint: home[0]?.startTime ?? null,
              worker:
                performance.getEntriesByType('resource').find((e) => new RegExp(workerFile).test(e.name))
                  ?.startTime ?? null,
            });
          }, 100);
        }),
      WORKER.source,
    );
    expect(paint).not.toBeNull();
    expect(worker).not.toBeNull();
    expect(worker!).toBeGreaterThanOrEqual(paint!);
  });
});
