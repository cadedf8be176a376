import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, prefer, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium, by touch: the full-screen chart in landscape, a horizontal line drawn with a tap,
// kept on the server across a reload, its alert link carrying its price; the depth chart beside
// the book, and the stock screen's small chart opening the full one.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const SYMBOL = 'THYAO';
const LANDSCAPE = { width: 844, height: 390 };
const PORTRAIT = { width: 390, height: 844 };

type Line = { id: string; kind: string; price: string };
let phone: Phone;
let user: CreatedUser;

const lines = async (): Promise<Line[]> =>
  ((await callApi(base, user.userToken, '/user/drawing/list', { symbol: SYMBOL })) as { list: Line[] }).list;

/**
 * Where the chart paints the selected line now, in page pixels, on the column at `x`: read from
 * the canvas, as the price scale moves with the market. The test paints selected lines magenta
 * (a colour no series has) to find them.
 */
async function selectedLineY(page: Page, x: number): Promise<number | null> {
  return page.evaluate((at) => {
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="kline-chart"] canvas')) {
      const box = canvas.getBoundingClientRect();
      if (at < box.left || at >= box.right || box.height < 100) continue;
      const ratio = canvas.width / box.width;
      const column = canvas
        .getContext('2d')
        ?.getImageData(Math.floor((at - box.left) * ratio), 0, 1, canvas.height).data;
      if (!column) continue;
      const rows: number[] = [];
      for (let row = 0; row < canvas.height; row += 1) {
        const [r, g, b] = [column[row * 4]!, column[row * 4 + 1]!, column[row * 4 + 2]!];
        if (r > 200 && g < 60 && b > 200) rows.push(row);
      }
      if (rows.length > 0) return box.top + rows.reduce((sum, row) => sum + row, 0) / rows.length / ratio;
    }
    return null;
  }, x);
}
/** Before the app's code: the selection colour magenta, the chart's own lines as they were. */
function paintSelectionMagenta(): void {
  // The parsed page's root is not the one an init script sees: set on each change of the tree.
  new MutationObserver(() => {
    document.documentElement.style.setProperty('--ind-1', '#ff00ff');
    for (const chart of document.querySelectorAll<HTMLElement>('.kline-chart'))
      chart.style.setProperty('--ind-1', '#f5c842');
  }).observe(document, { childList: true, subtree: true });
}

/** The chart has its bars and its drawing layer (both come with the chart's first series). */
async function chartReady(page: Page): Promise<void> {
  await page.locator('[data-testid="kline-chart"][data-loaded]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="drawing-tools"]:not([data-lines="-1"])').waitFor();
}

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
});
afterAll(async () => {
  await phone?.close();
});

describe('the trader chart in Chromium', () => {
  it('draws a horizontal line by touch, keeps it across a reload, and links an alert at its price', async () => {
    const { page } = phone;
    await page.setViewportSize(LANDSCAPE);
    await page.goto(`${base}/pages/stock/chart?symbol=${SYMBOL}`);
    await screen(page, '/pages/stock/chart');
    await chartReady(page);
    await page.getByTestId('depth-chart').waitFor();
    // Landscape: the rotate hint is gone, the depth panel is beside the chart.
    expect(await page.getByTestId('trader-chart-rotate').isVisible()).toBe(false);
    await page.screenshot({ path: '/work/shots/chart/landscape-tr-TR.png' });

    await page.getByTestId('tool-hline').tap();
    expect(await page.getByTestId('drawing-hint').textContent()).toBe('Çizginin fiyatına dokunun');
    const box = (await page.getByTestId('kline-chart').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.4, box.y + box.height * 0.3);

    const selected = page.getByTestId('drawing-selected');
    await selected.waitFor();
    await expect.poll(lines).toHaveLength(1);
    const [line] = await lines();
    expect(line!.kind).toBe('hline');
    const alert = page.getByTestId('drawing-alert');
    expect(await alert.textContent()).toBe('Bu fiyata alarm kur');
    const href = new URL((await alert.getAttribute('href'))!, base);
    expect(href.pathname).toBe('/pages/user/alerts');
    expect(href.searchParams.get('symbol')).toBe(SYMBOL);
    expect(href.searchParams.get('price')).toBe(line!.price);
    expect(['above', 'below']).toContain(href.searchParams.get('kind'));
    await page.screenshot({ path: '/work/shots/chart/landscape-line-tr-TR.png' });
    await selected.getByRole('button', { name: 'Seçimi kaldır' }).tap();
    await selected.waitFor({ state: 'detached' });

    await page.reload();
    await screen(page, '/pages/stock/chart');
    await chartReady(page);
    await expect.poll(() => page.getByTestId('drawing-tools').getAttribute('data-lines')).toBe('1');
    // The line is listed for screen readers, with its price; choosing it selects it again.
    const item = page.getByTestId('drawing-list').getByRole('button');
    await item.dispatchEvent('click');
    await selected.waitFor();
    expect(
      new URL((await page.getByTestId('drawing-alert').getAttribute('href'))!, base).searchParams.get(
        'price',
      ),
    ).toBe(line!.price);

    await page.getByTestId('drawing-delete').tap();
    await expect.poll(lines).toHaveLength(0);
    await expect.poll(() => page.getByTestId('drawing-tools').getAttribute('data-lines')).toBe('0');
  });

  it('moves a line dragged on the chart, kept across a reload', async () => {
    // A phone of its own: the colour it paints the selection with stays in this test.
    const own = await openPhone();
    const { page } = own;
    await own.context.addInitScript(paintSelectionMagenta);
    await signInAs(page, base, user, 'tr-TR');
    await page.setViewportSize(LANDSCAPE);
    await page.goto(`${base}/pages/stock/chart?symbol=${SYMBOL}`);
    await screen(page, '/pages/stock/chart');
    await chartReady(page);
    const box = (await page.getByTestId('kline-chart').boundingBox())!;
    const x = box.x + box.width * 0.3;
    const y = box.y + box.height * 0.25;
    await page.getByTestId('tool-hline').tap();
    await page.touchscreen.tap(x, y);
    await expect.poll(lines).toHaveLength(1);
    await page.getByTestId('drawing-selected').waitFor();
    const [placed] = await lines();

    // Dragged down by 60 px from where it is painted: saved lower, under the same id.
    await expect.poll(() => selectedLineY(page, x + 40)).not.toBeNull();
    const at = await selectedLineY(page, x + 40);
    await page.mouse.move(x + 40, at!);
    await page.mouse.down();
    for (let step = 1; step <= 6; step += 1) await page.mouse.move(x + 40, at! + step * 10);
    await page.mouse.up();
    await expect.poll(async () => (await lines())[0]?.price).not.toBe(placed!.price);
    const [moved] = await lines();
    expect(moved!.id).toBe(placed!.id);
    expect(Number(moved!.price)).toBeLessThan(Number(placed!.price));
    await page.screenshot({ path: '/work/shots/alerts/chart-dragged-tr-TR.png' });

    // Kept: after a reload the line is listed where it was dropped.
    await page.reload();
    await chartReady(page);
    await expect.poll(() => page.getByTestId('drawing-tools').getAttribute('data-lines')).toBe('1');
    const kept = await lines();
    expect(kept).toEqual([moved]);
    for (const line of kept) await callApi(base, user.userToken, '/user/drawing/delete', { id: line.id });
    await own.close();
  });

  it('keeps the plot where it is while a tool is chosen and a placed line is selected', async () => {
    const { page } = phone;
    const plot = () => page.getByTestId('kline-chart').boundingBox();
    for (const size of [PORTRAIT, LANDSCAPE]) {
      await page.setViewportSize(size);
      await page.goto(`${base}/pages/stock/chart?symbol=${SYMBOL}`);
      await screen(page, '/pages/stock/chart');
      await chartReady(page);
      const before = await plot();
      expect(before).not.toBeNull();
      // The hint floats over the plot: the toolbar keeps its height, so the chart keeps its box.
      await page.getByTestId('tool-trend').tap();
      await page.getByTestId('drawing-hint').waitFor();
      expect(await plot()).toEqual(before);
      await page.getByTestId('tool-hline').tap();
      expect(await page.getByTestId('drawing-hint').textContent()).toBe('Çizginin fiyatına dokunun');
      expect(await plot()).toEqual(before);
      await page.touchscreen.tap(before!.x + before!.width * 0.4, before!.y + before!.height * 0.3);
      // The new line is selected: its actions float too.
      await page.getByTestId('drawing-selected').waitFor();
      expect(await plot()).toEqual(before);
    }
    for (const line of await lines())
      await callApi(base, user.userToken, '/user/drawing/delete', { id: line.id });
  });

  it('asks a portrait phone to turn sideways, in both languages', async () => {
    const { page } = phone;
    await page.setViewportSize(PORTRAIT);
    await page.goto(`${base}/pages/stock/chart?symbol=${SYMBOL}`);
    await chartReady(page);
    expect(await page.getByTestId('trader-chart-rotate').textContent()).toBe(
      'Tam grafik için telefonunuzu yan çevirin',
    );
    await page.screenshot({ path: '/work/shots/chart/portrait-tr-TR.png' });

    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.reload();
    await chartReady(page);
    expect(await page.getByTestId('trader-chart-rotate').textContent()).toBe(
      'Turn your phone sideways for the full chart',
    );
    await page.screenshot({ path: '/work/shots/chart/portrait-en-US.png' });
    await page.setViewportSize(LANDSCAPE);
    await page.getByTestId('tool-trend').tap();
    expect(await page.getByTestId('drawing-hint').textContent()).toBe("Tap the trend line's first point");
    await page.screenshot({ path: '/work/shots/chart/landscape-en-US.png' });
  });

  it('shows the depth chart beside the book, and the stock screen’s small chart opens the full one', async () => {
    const { page } = phone;
    await page.setViewportSize(PORTRAIT);
    await page.goto(`${base}/pages/stock/index?symbol=${SYMBOL}`);
    await screen(page, '/pages/stock/index');
    await page.locator('[data-testid="compact-chart"] [data-testid="kline-chart"][data-loaded]').waitFor({
      timeout: 30_000,
    });
    await page.getByTestId('depth-tab-depth').tap();
    const depth = page.getByTestId('depth-chart');
    await depth.waitFor();
    await expect.poll(async () => Number(await depth.getAttribute('data-bids'))).toBeGreaterThan(0);
    await depth.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/work/shots/chart/stock-depth-en-US.png' });
    await page.getByTestId('compact-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'stock-compact-chart-en-US');
    await page.screenshot({ path: '/work/shots/chart/stock-compact-en-US.png' });

    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('tr-TR')));
    await page.reload();
    await page.locator('[data-testid="compact-chart"] [data-testid="kline-chart"][data-loaded]').waitFor({
      timeout: 30_000,
    });
    await page.getByTestId('depth-tab-depth').tap();
    expect(await page.getByTestId('depth-tab-depth').textContent()).toBe('Derinlik');
    await depth.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/work/shots/chart/stock-depth-tr-TR.png' });
    await page.getByTestId('compact-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/work/shots/chart/stock-compact-tr-TR.png' });
    await page.getByTestId('compact-chart-open').tap();
    await screen(page, '/pages/stock/chart');
    expect(new URL(page.url()).search).toBe(`?symbol=${SYMBOL}&interval=5m`);
    await chartReady(page);
    await page.getByTestId('trader-chart-close').tap();
    await screen(page, '/pages/stock/index');
  });

  it.each([
    ['tr-TR', 'dark'],
    ['en-US', 'light'],
  ] as const)(
    'offers the book’s grouping beside the depth in landscape, grouped in the worker as the book is (%s, %s)',
    async (lang, theme) => {
      const { page } = phone;
      await prefer(page, lang, theme);
      await page.setViewportSize(LANDSCAPE);
      await page.goto(`${base}/pages/stock/chart?market=coin&symbol=BTCUSDT`);
      await chartReady(page);
      const side = page.getByTestId('trader-chart-side');
      const depth = side.getByTestId('depth-chart');
      await expect.poll(async () => Number(await depth.getAttribute('data-asks'))).toBeGreaterThan(0);
      await side.getByTestId('book-group').selectOption('10');
      // The depth's ends are the grouped book's outer levels: whole tens once grouped by 10.
      const ends = async () =>
        (await depth.locator('.depth-chart__axis span').allInnerTexts())
          .slice(0, 2)
          .map((text) =>
            Number(lang === 'tr-TR' ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', '')),
          );
      await expect.poll(async () => (await ends()).every((end) => end > 0 && end % 10 === 0)).toBe(true);
      await screenshot(page, `trader-chart-grouped-${lang}-${theme}`);
      await page.setViewportSize(PORTRAIT);
    },
  );

  it.each([
    ['tr-TR', 'dark'],
    ['tr-TR', 'light'],
    ['en-US', 'dark'],
    ['en-US', 'light'],
  ] as const)(
    'lays the legend above the candles, not over them, in landscape and portrait (%s, %s)',
    async (lang, theme) => {
      const { page } = phone;
      await prefer(page, lang, theme);
      for (const [name, size] of [
        ['landscape', LANDSCAPE],
        ['portrait', PORTRAIT],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto(`${base}/pages/stock/chart?symbol=${SYMBOL}`);
        await chartReady(page);
        await expect
          .poll(() => page.getByTestId('legend-close').textContent(), { timeout: 15_000 })
          .not.toBe('--');
        // Every line of the legend (OHLC and the moving averages) ends above the chart's box, where
        // the candles and their lines are painted.
        const plot = (await page.getByTestId('kline-chart').boundingBox())!;
        for (const part of await page.locator('[data-testid="kline-legend"] > p').all()) {
          const box = await part.boundingBox();
          if (box && box.height > 0) expect(box.y + box.height).toBeLessThanOrEqual(plot.y + 0.5);
        }
        // And the candles keep room: most of the screen's height is still the chart's.
        expect(plot.height).toBeGreaterThan(size.height * 0.4);
        await screenshot(page, `trader-chart-legend-${name}-${lang}-${theme}`);
      }
      await page.setViewportSize(PORTRAIT);
    },
  );

  it('opened without a symbol, offers stocks and coins; a coin opens with market=coin', async () => {
    const { page } = phone;
    await page.setViewportSize(PORTRAIT);
    await page.goto(`${base}/pages/stock/chart`);
    await screen(page, '/pages/stock/chart');
    await page.getByTestId('chooser-list').waitFor();
    await page.screenshot({ path: '/work/shots/chart/chooser-tr-TR.png' });
    await page.getByTestId('chart-chooser-switch').tap();
    await page.getByTestId('choose-BTCUSDT').tap();
    await screen(page, '/pages/stock/chart');
    expect(new URL(page.url()).search).toBe('?market=coin&symbol=BTCUSDT');
    await page.setViewportSize(LANDSCAPE);
    await chartReady(page);
    await expect
      .poll(async () => Number(await page.getByTestId('depth-chart').getAttribute('data-asks')))
      .toBeGreaterThan(0);
    await page.screenshot({ path: '/work/shots/chart/landscape-coin-tr-TR.png' });
  });
});
