import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, pathOf, screen, screenshot, type Phone } from '../support/browser';
import { operator } from '../support/operator';

const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

type Mail = { to: string; body: string };
type Submission = { id: string; userId: string; status: string };

/** A new user's account journey (register, KYC, demo), in one phone, against the real broker and the real operator CLI. */
describe('accounts journey in Chromium', () => {
  let phone: Phone;
  const email = `journey-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Seans-2026';

  beforeAll(async () => {
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('register → log in → KYC approved by the operator → demo → sign out', async () => {
    const { page } = phone;

    // Register, with the code read from the operator outbox.
    await page.goto(`${base}/pages/account/reg`);
    await screen(page, '/pages/account/reg');
    await page.getByTestId('reg-kind-email').click();
    await page.getByTestId('reg-account').fill(email);
    await page.getByTestId('reg-send-code').click();
    let code = '';
    for (let i = 0; i < 50 && !code; i += 1) {
      const mails = (await operator(['outbox', '--to', email], cli)) as Mail[];
      code = /\b(\d{6})\b/.exec(mails[0]?.body ?? '')?.[1] ?? '';
      if (!code) await page.waitForTimeout(100);
    }
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('reg-code').fill(code);
    await page.getByTestId('reg-password').fill(password);
    await page.getByTestId('reg-confirm').fill(password);
    await page.getByTestId('reg-agree').check();
    await screenshot(page, 'journey-register-tr-TR');
    await page.getByTestId('reg-submit').click();
    await page.waitForURL((url) => url.pathname !== '/pages/account/reg');

    // Log in explicitly with what was registered.
    await page.goto(`${base}/pages/account/login`);
    await screen(page, '/pages/account/login');
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(password);
    await screenshot(page, 'journey-login-tr-TR');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname !== '/pages/account/login');

    // The drawer shows the account and its KYC label.
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    await page.getByTestId('drawer-open').click();
    await page.getByTestId('drawer-account').waitFor();
    expect(await page.getByTestId('drawer-account').innerText()).toContain(email);
    const kycBefore = await page.getByTestId('drawer-kyc').innerText();
    await screenshot(page, 'journey-drawer-signed-in-tr-TR');

    // Submit KYC with two real images (screenshots are PNGs).
    const image = await page.screenshot({ type: 'png' });
    await page.goto(`${base}/pages/user/kyc`);
    await screen(page, '/pages/user/kyc');
    await page.getByTestId('kyc-cert-type').selectOption('id_card');
    await page.getByTestId('kyc-full-name').fill('Ayşe Yılmaz');
    await page.getByTestId('kyc-cert-number').fill('12345678901');
    await page.getByTestId('kyc-tax-id').fill('10000000146');
    await page
      .getByTestId('kyc-front')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: image });
    await page
      .getByTestId('kyc-back')
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: image });
    await screenshot(page, 'journey-kyc-form-tr-TR');
    await page.getByTestId('kyc-submit').click();
    await page.getByTestId('kyc-status').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="kyc-status"]')?.getAttribute('data-status') === 'pending',
    );
    // The owner sees their own photos, fetched with the session token and decoded.
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('figure img')];
      return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    await screenshot(page, 'journey-kyc-pending-tr-TR');

    // The operator approves it.
    const pending = (await operator(['kyc', 'list', '--status', 'pending'], cli)) as Submission[];
    const mine = pending.find((s) => s.status === 'pending');
    expect(mine).toBeDefined();
    await operator(['kyc', 'approve', mine?.id ?? ''], cli);

    // The label changes.
    await page.goto(`${base}/pages/tabbar/home`);
    await page.getByTestId('drawer-open').click();
    await page.getByTestId('drawer-kyc').waitFor();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="drawer-kyc"]')?.textContent !== before,
      kycBefore,
    );
    const kycAfter = await page.getByTestId('drawer-kyc').innerText();
    expect(kycAfter).not.toBe(kycBefore);
    await screenshot(page, 'journey-drawer-verified-tr-TR');

    // Switch to demo (confirmed): the balances change.
    await page.goto(`${base}/pages/user/assets`);
    await page.getByTestId('assets-row-stock-TRY-total').waitFor();
    const realTotal = await page.getByTestId('assets-row-stock-TRY-total').innerText();
    await page.goto(`${base}/pages/user/account`);
    await screen(page, '/pages/user/account');
    await page.getByTestId('account-switch-demo').click();
    await page.getByTestId('modal-confirm').click();
    await page.waitForFunction(() =>
      /demo/i.test(document.querySelector('[data-testid="account-type-label"]')?.textContent ?? ''),
    );
    await page.goto(`${base}/pages/user/assets`);
    await page.getByTestId('assets-row-stock-TRY-total').waitFor();
    await page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid="assets-row-stock-TRY-total"]')?.textContent !== before,
      realTotal,
    );
    expect(await page.getByTestId('assets-row-stock-TRY-total').innerText()).toMatch(/1\.000\.000/);
    await screenshot(page, 'journey-assets-demo-tr-TR');

    // Every screen says the demo account is the one shown and traded, not only the account screens.
    for (const route of ['/pages/tabbar/home', '/pages/tabbar/trade', '/pages/tabbar/position']) {
      await page.goto(`${base}${route}`);
      await screen(page, route);
      expect(await page.getByTestId('demo-mark').innerText(), route).toBe('DEMO hesap');
    }
    expect(await page.getByTestId('sandbox-mark').innerText()).toBe('SANDBOX — sanal para DEMO hesap');
    await screenshot(page, 'journey-demo-mark-tr-TR');

    // Sign out (confirmed) → login page.
    await page.goto(`${base}/pages/tabbar/home`);
    await page.getByTestId('drawer-open').click();
    await page.getByTestId('drawer-row-signOut').click();
    await page.getByTestId('modal-confirm').click();
    await page.waitForURL(/\/pages\/account\/login$/);
    await screen(page, '/pages/account/login');
    expect(pathOf(page)).toBe('/pages/account/login');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).not.toMatch(/[A-Za-z0-9_-]{20,}/);
    expect(await page.getByTestId('demo-mark').count()).toBe(0);
  });
});
