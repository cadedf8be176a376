import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, type Phone } from '../support/browser';

// the kline chart's first paint is the screen's longest task on a phone. lightweight-charts
// sizes itself to even whole pixels, and when its box is any other size the first call of its
// resize observer paints the whole chart again, in the same task as the first paint. Phones with
// an odd width (393 px) or an odd height left for the chart (823 − 380 = 443 px) hit that. A
// canvas cleared twice in one task is a chart painted twice in it.
const base = inject('baseURL');
let phone: Phone;

beforeAll(async () => {
  phone = await openPhone();
  // In every document the phone opens: count the canvases cleared more than once in one task.
  await phone.page.addInitScript(() => {
    const w = window as unknown as { __twice: number };
    w.__twice = 0;
    let pending = false;
    const cleared = new Map<HTMLCanvasElement | OffscreenCanvas, number>();
    const clear = CanvasRenderingContext2D.prototype.clearRect;
    CanvasRenderingContext2D.prototype.clearRect = function (...args) {
      // One task: everything until a zero-delay timer set at its first clear can run.
      if (!pending) {
        pending = true;
        setTimeout(() => {
          pending = false;
          cleared.clear();
        }, 0);
      }
      const times = (cleared.get(this.canvas) ?? 0) + 1;
      cleared.set(this.canvas, times);
      if (times > 1) w.__twice++;
      return clear.apply(this, args);
    };
  });
});
afterAll(async () => {
  await phone?.close();
});

async function doublePaints(width: number, height: number): Promise<{ box: number[]; twice: number }> {
  const { page } = phone;
  await page.setViewportSize({ width, height });
  await page.goto(`${base}/pages/stock/stockKline?symbol=THYAO`);
  await screen(page, '/pages/stock/stockKline');
  await page.locator('[data-testid="kline-chart"]:not([data-bars="0"])').waitFor();
  // Its first paint, the size observers' first calls and a few live bars.
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="kline-chart"]')!.getBoundingClientRect();
    return { box: [box.width, box.height], twice: (window as unknown as { __twice: number }).__twice };
  });
}

describe('kline chart paints once per task', () => {
  it.each([
    [393, 823],
    [390, 844],
  ])(
    'at %i×%i its box is even whole pixels and no canvas is painted twice in a task',
    async (width, height) => {
      const { box, twice } = await doublePaints(width, height);
      expect(twice, `canvases painted twice in a task, box ${box.join('×')}`).toBe(0);
      for (const side of box) {
        expect(Number.isInteger(side), `box ${box.join('×')}`).toBe(true);
        expect(side % 2, `box ${box.join('×')}`).toBe(0);
      }
      // The box still fills the screen's width, less at most the pixel rounding took.
      expect(box[0]).toBeGreaterThanOrEqual(width - 1);
    },
  );
});
