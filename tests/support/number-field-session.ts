import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { CreatedUser } from './browser-session';
import { operator } from './operator';
import { ROOT } from './process';
import type { OracleLocale } from './typed-number-oracle';

/** The broker the browser suite runs, and the operator CLI's way to it. */
export type Broker = { base: string; cli: { port: string; dataDir: string } };

/** The trade password the trader sets: the money forms' confirm sheets ask for it. */
export const TRADER_PIN = '246810';

/** A user with money in every wallet the number fields spend from, and a trade password. */
export async function createTrader(broker: Broker): Promise<CreatedUser> {
  const user = (await operator(
    ['create-user', '--kyc', 'approved', '--name', 'Deniz Yılmaz'],
    broker.cli,
  )) as CreatedUser;
  const fund = (amount: string, wallet: string, currency: string) =>
    operator(
      [
        'fund',
        user.userId,
        amount,
        '--reason',
        'number typing test',
        '--wallet',
        wallet,
        '--currency',
        currency,
      ],
      broker.cli,
    );
  await fund('100000', 'stock', 'TRY');
  await fund('50000', 'coin', 'USDT');
  await fund('50000', 'contract', 'USDT');
  const response = await fetch(`${broker.base}/ipxtrg-api/user/update/tradepwd`, {
    method: 'POST',
    headers: { accesstoken: user.userToken, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      password: TRADER_PIN,
      confirmPassword: TRADER_PIN,
      loginPassword: user.password,
    }).toString(),
  });
  if (((await response.json()) as { code: number }).code !== 0) throw new Error('trade password not set');
  return user;
}

/** Signs the phone in as `user` in `lang`, the Trade tab opening on `tradeType`. */
export async function signIn(
  page: Page,
  broker: Broker,
  user: CreatedUser,
  lang: OracleLocale,
  tradeType: 'stock' | 'coin' | 'contract' = 'stock',
): Promise<void> {
  await page.goto(`${broker.base}/healthz`);
  await page.evaluate(
    ({ l, real, demo, type }) => {
      localStorage.clear();
      localStorage.setItem('lang', JSON.stringify(l));
      localStorage.setItem('userAccountType', JSON.stringify('real'));
      localStorage.setItem('userToken', JSON.stringify(real));
      localStorage.setItem('userTokenReal', JSON.stringify(real));
      localStorage.setItem('userTokenDemo', JSON.stringify(demo));
      localStorage.setItem('systemTradeType', JSON.stringify(type));
    },
    { l: lang, real: user.userToken, demo: user.userTokenDemo, type: tradeType },
  );
}

type Texts = { [key: string]: string | Texts };
const texts = new Map<string, Texts>();

/** A text of the app's own locale files ("trade", "ticket.quantity"), as the screens show it. */
export function label(lang: OracleLocale, ns: string, key: string): string {
  const file = `${lang}/${ns}`;
  if (!texts.has(file))
    texts.set(
      file,
      JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Texts,
    );
  let node: string | Texts | undefined = texts.get(file);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${file}:${key}`);
  return node;
}

/** The figure of a confirm sheet's row, found by the row's label. */
export function sheetRow(page: Page, sheet: string, rowLabel: string): Locator {
  return page
    .getByTestId(sheet)
    .locator('.figure-rows__row')
    .filter({ has: page.locator('dt').getByText(rowLabel, { exact: true }) })
    .locator('dd')
    .first();
}

/** The API's answer data, for the figures a case needs (a price inside the band). */
export async function apiData(
  broker: Broker,
  token: string,
  route: string,
  body: Record<string, string> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<Record<string, unknown>> {
  const query = new URLSearchParams(body).toString();
  const response = await fetch(`${broker.base}/ipxtrg-api${route}${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers: { accesstoken: token, 'Content-Type': 'application/x-www-form-urlencoded' },
    ...(method === 'POST' ? { body: query } : {}),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (answer.code !== 0) throw new Error(`${route}: ${answer.msg}`);
  return answer.data;
}
