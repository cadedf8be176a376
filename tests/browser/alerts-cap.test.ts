import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../domain/limits';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// The alert form of an account already holding LIMITS.alerts alerts, in Chromium against the real
// broker: the add is refused with the broker's words, said of the whole form (no level would do),
// and the list still holds exactly the cap.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };

let user: CreatedUser;
let level = '';
let phone: Phone | undefined;
beforeAll(async () => {
  user = (await operator(['create-user'], cli)) as CreatedUser;
  const quote = (await callApi(base, user.userToken, '/stock/index/info', { symbol: 'THYAO' }, 'GET')) as {
    last?: string;
    price?: string;
  };
  const last = Number(quote.last ?? quote.price ?? '0');
  // Levels 20 % and more over the price, a kuruş apart: none is past, none is a typo.
  for (let i = 0; i < LIMITS.alerts; i++) {
    const threshold = (Math.floor(last * 120) / 100 + i / 100).toFixed(2);
    await callApi(base, user.userToken, '/user/alert/add', { symbol: 'THYAO', kind: 'above', threshold });
  }
  level = (Math.floor(last * 130) / 100).toFixed(2);
});
afterAll(async () => {
  await phone?.close();
});

describe.each([
  ['tr-TR', `${LIMITS.alerts} alarmınız var`],
  ['en-US', `You have ${LIMITS.alerts} alerts`],
] as const)('an account at its alert cap, in %s', (lang, said) => {
  it('is told so under the form, and nothing is added', async () => {
    phone = await openPhone();
    const { page } = phone;
    await signInAs(page, base, user, lang);
    await page.goto(`${base}/pages/user/alerts?symbol=THYAO&kind=above`);
    await screen(page, '/pages/user/alerts');
    await page.getByTestId('alerts-list').waitFor();
    await page.getByTestId('alert-threshold').fill(lang === 'tr-TR' ? level.replace('.', ',') : level);
    await page.getByTestId('alert-add').click();
    const refusal = page.getByTestId('alert-form').getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(said);
    expect(await page.getByTestId('alert-threshold-error').count()).toBe(0);
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(page, `alerts-cap-${lang}`);
    const listed = (await callApi(base, user.userToken, '/user/alert/list', { page: '1', size: '20' })) as {
      total: number;
    };
    expect(listed.total).toBe(LIMITS.alerts);
    await phone.close();
    phone = undefined;
  });
});
