import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { callApi, openOrigin, type CreatedUser } from '../../support/browser-session';
import { operator } from '../../support/operator';

/** How many order lines the chart screen carries while it is measured. */
export const BENCH_LINES = 10;

/**
 * A user with ten order lines on the bench symbol's chart: eight resting buy limits under the
 * price and two buy stops over it (each far enough not to fill or fire during a run), funded by
 * the operator as staff fund a sandbox account.
 */
export async function userWithOrderLines(
  base: string,
  env: { port: string; dataDir: string },
  symbol: string,
): Promise<CreatedUser> {
  const user = (await operator(['create-user'], env)) as CreatedUser;
  await operator(
    ['fund', user.userId, '1000000', '--reason', 'ui bench', '--wallet', 'coin', '--currency', 'USDT'],
    env,
  );
  const ticker = (await callApi(base, user.userToken, '/coin/ticker', { symbol })) as { price: string };
  const price = new Decimal(ticker.price);
  const at = (factor: number) => price.times(factor).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
  for (let i = 1; i <= BENCH_LINES - 2; i += 1)
    await callApi(base, user.userToken, '/coin/order/add', {
      symbol,
      side: 'buy',
      type: 'limit',
      price: at(1 - 0.01 * i),
      quantity: '0.01',
    });
  for (let i = 1; i <= 2; i += 1)
    await callApi(base, user.userToken, '/coin/order/conditional/add', {
      symbol,
      side: 'buy',
      kind: 'stop',
      quantity: '0.01',
      trigger: at(1 + 0.02 * i),
    });
  return user;
}

/**
 * Signs the page in as `user` (the stored tokens), or out (`null`), before its next screen: from
 * the broker's /healthz, with no app running that could write its session meanwhile.
 */
export async function storeSession(page: Page, base: string, user: CreatedUser | null): Promise<void> {
  await openOrigin(page, base);
  await page.evaluate((u) => {
    for (const key of ['userToken', 'userTokenReal', 'userTokenDemo']) localStorage.removeItem(key);
    if (!u) return;
    localStorage.setItem('userAccountType', JSON.stringify('real'));
    localStorage.setItem('userToken', JSON.stringify(u.userToken));
    localStorage.setItem('userTokenReal', JSON.stringify(u.userToken));
    localStorage.setItem('userTokenDemo', JSON.stringify(u.userTokenDemo));
  }, user);
}
