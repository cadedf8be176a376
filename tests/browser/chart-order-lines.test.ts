import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stockTick } from '../../domain/rules/stock';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, prefer, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium, with a mouse as a finger: a resting buy limit and a buy stop drawn on the kline
// screen's chart, each dragged to a new price and confirmed (the broker's order changed), then
// the stop dragged under the market, refused by the broker, and its line back where the order is.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const SYMBOL = 'THYAO';
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
/** Colours no candle has, set as the order lines' tokens, to find the lines on the canvas. */
const CYAN = [0, 255, 255] as const;
const MAGENTA = [255, 0, 255] as const;

type Order = { id: string; price: string | null; status: string };
type Leg = { id: string; trigger: string; state: string };
let phone: Phone;
let user: CreatedUser;

const onTick = (value: Decimal) => {
  const tick = new Decimal(stockTick(value.toFixed()));
  return value.dividedBy(tick).floor().times(tick).toFixed(2);
};
const lastPrice = async () => {
  const info = (await callApi(base, user.userToken, '/stock/index/info', { symbol: SYMBOL }, 'GET')) as {
    price: string;
  };
  return new Decimal(info.price);
};
const order = async (id: string) =>
  (await callApi(base, user.userToken, '/stock/order/info', { id }, 'GET')) as { order: Order };
const leg = async (id: string) => {
  const { list } = (await callApi(base, user.userToken, '/stock/order/conditional/list', {
    state: 'pending',
  })) as { list: Leg[] };
  return list.find((l) => l.id === id);
};

/** Before the app's code: the buy line cyan, the stop line magenta, on every chart built. */
function paintOrderLines(): void {
  new MutationObserver(() => {
    for (const chart of document.querySelectorAll<HTMLElement>('.kline-chart')) {
      chart.style.setProperty('--chart-order-buy', '#00ffff');
      chart.style.setProperty('--chart-order-stop', '#ff00ff');
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Where the chart paints a colour now on the column at `x`, in page pixels (its middle row). */
async function lineY(page: Page, x: number, rgb: readonly number[]): Promise<number | null> {
  return page.evaluate(
    ({ at, colour }) => {
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>(
        '[data-testid="kline-chart"] canvas',
      )) {
        const box = canvas.getBoundingClientRect();
        if (at < box.left || at >= box.right || box.height < 100) continue;
        const ratio = canvas.width / box.width;
        const column = canvas
          .getContext('2d')
          ?.getImageData(Math.floor((at - box.left) * ratio), 0, 1, canvas.height).data;
        if (!column) continue;
        const rows: number[] = [];
        for (let row = 0; row < canvas.height; row += 1) {
          const px = [column[row * 4]!, column[row * 4 + 1]!, column[row * 4 + 2]!];
          if (px.every((v, i) => Math.abs(v - colour[i]!) < 40)) rows.push(row);
        }
        if (rows.length > 0) return box.top + rows.reduce((s, r) => s + r, 0) / rows.length / ratio;
      }
      return null;
    },
    { at: x, colour: [...rgb] },
  );
}

/** Presses the line of `rgb` on the chart, drags it `dy` px and lets go: the move's sheet opens. */
async function drag(page: Page, rgb: readonly number[], toY: (y: number, box: DOMRectLike) => number) {
  const box = (await page.getByTestId('kline-chart').boundingBox())!;
  const x = box.x + box.width * 0.6;
  await expect.poll(() => lineY(page, x, rgb), { timeout: 15_000 }).not.toBeNull();
  const y = (await lineY(page, x, rgb))!;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, toY(y, box), { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('order-move').waitFor();
}
type DOMRectLike = { x: number; y: number; width: number; height: number };

const sheetFigure = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent())!.trim();
/** "98,15" (tr-TR) as a canonical decimal. */
const canonical = (shown: string) => shown.replace(/\./g, '').replace(',', '.');

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(
    ['fund', user.userId, '100000', '--reason', 'chart lines', '--wallet', 'stock', '--currency', 'TRY'],
    cli,
  );
  phone = await openPhone();
  await phone.context.addInitScript(paintOrderLines);
  await signInAs(phone.page, base, user, 'tr-TR');
});
afterAll(async () => {
  await phone?.close();
});

describe('order lines on the chart in Chromium', () => {
  it('drags a limit line and a stop line to modify them, and a refused drag puts the line back', async () => {
    const { page } = phone;
    const last = await lastPrice();
    const limit = (await callApi(base, user.userToken, '/stock/order/buy', {
      symbol: SYMBOL,
      type: 'limit',
      price: onTick(last.times(0.99)),
      quantity: '10',
    })) as { order: Order };
    const [stop] = (
      (await callApi(base, user.userToken, '/stock/order/conditional/add', {
        symbol: SYMBOL,
        side: 'buy',
        kind: 'stop',
        quantity: '10',
        trigger: onTick(last.times(1.01)),
      })) as { list: Leg[] }
    ).list;

    await page.setViewportSize(PORTRAIT);
    await page.goto(`${base}/pages/stock/stockKline?symbol=${SYMBOL}`);
    await screen(page, '/pages/stock/stockKline');
    await page.locator('[data-testid="kline-chart"][data-loaded]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('order-lines').locator('li').count()).toBe(2);

    // The limit line dragged 25 px down: a lower price, confirmed, the order changed to it.
    await drag(page, CYAN, (y) => y + 25);
    const from = canonical(await sheetFigure(page, 'order-move-from'));
    const to = canonical(await sheetFigure(page, 'order-move-to'));
    expect(from).toBe(new Decimal(limit.order.price!).toFixed(2));
    expect(new Decimal(to).lt(from)).toBe(true);
    await screenshot(page, 'chart-order-lines-sheet-tr-TR');
    await page.getByTestId('order-move-submit').tap();
    await page.getByTestId('order-move').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await order(limit.order.id)).order.price)
      .toBe(to.replace(/0+$/, '').replace(/\.$/, ''));

    // The stop line dragged up: a higher trigger.
    await drag(page, MAGENTA, (y) => y - 20);
    const stopTo = canonical(await sheetFigure(page, 'order-move-to'));
    await page.getByTestId('order-move-submit').tap();
    await page.getByTestId('order-move').waitFor({ state: 'detached' });
    await expect.poll(async () => new Decimal((await leg(stop!.id))!.trigger).toFixed(2)).toBe(stopTo);

    // Under the market a buy stop would fire at once: the broker refuses, the line goes back.
    await drag(page, MAGENTA, (_y, box) => box.y + box.height * 0.85);
    await page.getByTestId('order-move-submit').tap();
    await page.getByTestId('order-move').waitFor({ state: 'detached' });
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.textContent()).toMatch(/\S/);
    expect(new Decimal((await leg(stop!.id))!.trigger).toFixed(2)).toBe(stopTo);
    await expect
      .poll(() =>
        page
          .locator(`[data-testid="order-lines"] li[data-key="cond:${stop!.id}"]`)
          .getAttribute('data-price'),
      )
      .toBe(new Decimal(stopTo).toFixed());
  });

  it('draws the lines on the kline screen and the landscape chart, in both languages and themes', async () => {
    // A phone of its own: the lines in the theme's colours, not the test's.
    const shots = await openPhone();
    await signInAs(shots.page, base, user, 'tr-TR');
    const { page } = shots;
    for (const [lang, theme] of [
      ['tr-TR', 'dark'],
      ['en-US', 'light'],
      ['tr-TR', 'light'],
      ['en-US', 'dark'],
    ] as const) {
      await prefer(page, lang, theme);
      for (const [name, size, path] of [
        ['portrait', PORTRAIT, '/pages/stock/stockKline'],
        ['landscape', LANDSCAPE, '/pages/stock/chart'],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto(`${base}${path}?symbol=${SYMBOL}`);
        await screen(page, path);
        await page.locator('[data-testid="kline-chart"][data-loaded]').waitFor({ timeout: 30_000 });
        await expect.poll(() => page.getByTestId('order-lines').locator('li').count()).toBe(2);
        await screenshot(page, `chart-order-lines-${name}-${lang}-${theme}`);
      }
    }
    await shots.close();
  });
});
