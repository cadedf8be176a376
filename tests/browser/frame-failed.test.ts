import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';

const base = inject('baseURL');
let phone: Phone;

beforeEach(async () => {
  phone = await openPhone();
});
afterEach(async () => {
  await phone?.close();
});

/**
 * A page whose entry script cannot load (a broker started before `npm run build` serving an
 * index.html whose hashed scripts are gone) showed index.html's spinner forever. The frame says,
 * after 15 s and in both languages (the stored one is unknown without a script), that Seans could
 * not load, with a reload that opens the app once the script is there.
 */
describe("index.html's frame when the entry never loads", () => {
  it('says Seans could not load after 15 s, and its reload opens the app', async () => {
    const { page } = phone;
    let blocked = true;
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => (blocked ? route.abort() : route.continue()));
    await page.goto(`${base}/pages/tabbar/markets`, { waitUntil: 'commit' });
    const failed = page.getByTestId('frame-failed');
    await page.locator('#app-frame .pending-spinner').waitFor();
    // A slow phone's entry still has time: nothing is said yet.
    await page.waitForTimeout(1_000);
    expect(await failed.isVisible()).toBe(false);

    // The reveal is the stylesheet's delayed animation: its delay is read, and the page's clock
    // for it moved past it, rather than the test waiting 15 s of wall time.
    const delay = await failed.evaluate((element) => {
      const [reveal] = element.getAnimations();
      if (!reveal) return -1;
      const { delay } = reveal.effect?.getTiming() ?? {};
      reveal.currentTime = Number(delay);
      return Number(delay);
    });
    expect(delay, 'the reveal waits').toBeGreaterThanOrEqual(14_000);
    await failed.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await failed.innerText()).toMatch(/Seans yüklenemedi\s+Seans could not load/);
    const reload = page.getByTestId('frame-reload');
    expect(await reload.innerText()).toBe('Yeniden yükle / Reload');
    const box = await reload.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'frame-failed');

    blocked = false;
    await reload.click();
    await screen(page, '/pages/tabbar/markets');
    expect(await page.getByTestId('frame-failed').count()).toBe(0);
  }, 60_000);
});
