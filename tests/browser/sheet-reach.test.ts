import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screenshot, type Phone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// A sheet's primary action in thumb reach: on a short screen (a small phone, or the keyboard
// open) a sheet taller than the screen scrolls its figures behind its actions, never the actions
// below the screen's edge.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

let phone: Phone;
let user: CreatedUser;

beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  await operator(['fund', user.userId, '100000', '--reason', 'sheet reach test'], cli);
  phone = await openPhone();
  await signInAs(phone.page, base, user, 'tr-TR');
});
afterAll(async () => {
  await phone?.close();
});

describe('bottom sheets on a short screen', () => {
  it('keep the order confirmation inside the screen, the figures scrolling behind it', async () => {
    const { page } = phone;
    const height = 480;
    await page.setViewportSize({ width: 390, height });
    await page.goto(`${base}/pages/tabbar/trade?symbol=THYAO&side=buy`);
    await page.getByTestId('stock-ticket').waitFor();
    await page.getByTestId('ticket-type-market').click();
    await page.getByTestId('ticket-qty').fill('10');
    await page.getByTestId('cost-total').filter({ hasText: /\d/ }).waitFor();
    await page.getByTestId('ticket-submit').click();
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.waitFor();
    // Where it comes to rest: read mid-slide, its button was still 0.45 px below the edge.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    // The sheet is taller than it may be: it scrolls.
    expect(await sheet.evaluate((n) => n.scrollHeight > n.clientHeight)).toBe(true);
    const submit = await page.getByTestId('confirm-sheet-submit').boundingBox();
    expect(submit!.y + submit!.height).toBeLessThanOrEqual(height);
    // Tapped where it is shown, without a scroll first.
    const top = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'),
      { x: submit!.x + submit!.width / 2, y: submit!.y + submit!.height / 2 },
    );
    expect(top).toBe('confirm-sheet-submit');
    await screenshot(page, 'sheet-short-screen-tr-TR');
    // Scrolled to its end, the last figure shows above the actions.
    await sheet.evaluate((n) => (n.scrollTop = n.scrollHeight));
    const total = await sheet.getByTestId('cost-total').boundingBox();
    const after = await page.getByTestId('confirm-sheet-submit').boundingBox();
    expect(total!.y + total!.height).toBeLessThanOrEqual(after!.y);
  });
});
