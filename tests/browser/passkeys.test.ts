import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, pathOf, screen, screenshot, SCREENSHOTS, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { audit } from '../support/axe';
import { operator } from '../support/operator';

/**
 * Passkeys in Chromium with a CDP virtual authenticator (a platform one: internal transport,
 * resident keys, user verification): add one from the passkeys screen, sign out, sign in with
 * it from the login screen, see it was used, remove it after confirming.
 */

// A browser refuses an IP address as a passkey's domain: the app is opened on localhost.
const base = inject('baseURL').replace('127.0.0.1', 'localhost');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const phones: Phone[] = [];

async function phoneWithAuthenticator(): Promise<Page> {
  const phone = await openPhone();
  phones.push(phone);
  const cdp = await phone.context.newCDPSession(phone.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return phone.page;
}

/** The shot for the suite's folder, and a copy where the screens' reviewers look (when set). */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const extra = process.env.SHOTS_DIR;
  if (extra) {
    await mkdir(extra, { recursive: true });
    await copyFile(path.join(SCREENSHOTS, `${name}.png`), path.join(extra, `${name}.png`));
  }
}

/** axe (WCAG 2.1 AA) finds nothing on the page as it is now. */
async function accessible(page: Page, what: string): Promise<void> {
  const violations = await audit(page);
  expect(violations, `${what}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function passkeysOf(token: string) {
  return ((await callApi(base, token, '/user/passkey/list')) as { list: { name: string }[] }).list;
}

afterAll(async () => {
  for (const phone of phones) await phone.close();
});

describe('passkeys in Chromium', () => {
  let user: CreatedUser;
  beforeAll(async () => {
    user = (await operator(['create-user'], cli)) as CreatedUser;
  });

  it('adds a passkey from Security, signs out, signs in with it, then removes it (tr-TR)', async () => {
    const page = await phoneWithAuthenticator();
    await signInAs(page, base, user, 'tr-TR');
    await page.goto(`${base}/pages/user/security`);
    await screen(page, '/pages/user/security');
    await page.getByTestId('security-row-passkeys').waitFor();
    await shot(page, 'passkeys-security-row-tr-TR');
    await page.getByTestId('security-row-passkeys').click();
    await screen(page, '/pages/user/passkeys');
    await page.getByTestId('passkeys-empty').waitFor();
    await shot(page, 'passkeys-empty-tr-TR');

    await page.getByTestId('passkeys-add').click();
    await page.getByTestId('passkey-row').waitFor();
    expect(await page.getByTestId('passkey-name').innerText()).toMatch(/Chrome/);
    expect(await page.getByTestId('passkey-last-used').innerText()).toBe('Henüz kullanılmadı');
    expect(await passkeysOf(user.userToken)).toHaveLength(1);
    await shot(page, 'passkeys-one-tr-TR');
    await accessible(page, 'passkeys list');

    // Sign out from the drawer, as a user does.
    await page.goto(`${base}/pages/tabbar/home`);
    await screen(page, '/pages/tabbar/home');
    await page.getByTestId('drawer-open').click();
    await page.getByTestId('drawer-row-signOut').click();
    await page.getByTestId('modal-confirm').click();
    await screen(page, '/pages/account/login');

    await page.getByTestId('login-passkey').waitFor();
    await shot(page, 'passkeys-login-tr-TR');
    await accessible(page, 'login with the passkey button');
    await page.getByTestId('login-passkey').click();
    await page.waitForURL((url) => url.pathname !== '/pages/account/login', { timeout: 15_000 });
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userToken') ?? '""') as string);
    expect(token).not.toBe('');
    expect(((await callApi(base, token, '/user/info')) as { id: string }).id).toBe(user.userId);

    await page.goto(`${base}/pages/user/passkeys`);
    await screen(page, '/pages/user/passkeys');
    await page
      .getByTestId('passkey-last-used')
      .getByText(/^Son kullanım: /)
      .waitFor();

    await page.getByTestId('passkey-remove').click();
    await page.getByTestId('modal').waitFor();
    await shot(page, 'passkeys-remove-confirm-tr-TR');
    // Cancelling leaves it; confirming removes it.
    await page.getByTestId('modal-cancel').click();
    expect(await passkeysOf(token)).toHaveLength(1);
    await page.getByTestId('passkey-remove').click();
    await page.getByTestId('modal-confirm').click();
    await page.getByTestId('passkeys-empty').waitFor();
    expect(await passkeysOf(token)).toEqual([]);
    expect(pathOf(page)).toBe('/pages/user/passkeys');
  });

  it('shows the screen and the login button in English', async () => {
    const english = (await operator(['create-user'], cli)) as CreatedUser;
    const page = await phoneWithAuthenticator();
    await signInAs(page, base, english, 'en-US');
    await page.goto(`${base}/pages/user/passkeys`);
    await screen(page, '/pages/user/passkeys');
    await page.getByTestId('passkeys-add').click();
    await page.getByTestId('passkey-row').waitFor();
    expect(await page.getByTestId('passkey-last-used').innerText()).toBe('Not used yet');
    await shot(page, 'passkeys-one-en-US');
    await page.getByTestId('passkey-remove').click();
    await page.getByTestId('modal').getByText('Remove this passkey?').waitFor();
    await shot(page, 'passkeys-remove-confirm-en-US');
    await page.getByTestId('modal-cancel').click();
    await page.evaluate(() => {
      for (const key of ['userToken', 'userTokenReal', 'userTokenDemo']) localStorage.removeItem(key);
    });
    await page.goto(`${base}/pages/account/login`);
    await screen(page, '/pages/account/login');
    expect(await page.getByTestId('login-passkey').innerText()).toBe('Sign in with a passkey');
    await shot(page, 'passkeys-login-en-US');
  });
});
