import type { Page } from 'playwright-core';

/** What `create-user --json` prints. */
export type CreatedUser = {
  userId: string;
  account: string;
  password: string;
  userToken: string;
  userTokenDemo: string;
};

/** One API call as the app makes it (POST form, `accesstoken` header); throws on a refusal. */
export async function callApi(
  base: string,
  token: string,
  path: string,
  body: Record<string, string> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<unknown> {
  const query = new URLSearchParams(body).toString();
  const response = await fetch(`${base}/ipxtrg-api${path}${method === 'GET' && query ? `?${query}` : ''}`, {
    method,
    headers: { accesstoken: token, 'Content-Type': 'application/x-www-form-urlencoded' },
    ...(method === 'POST' ? { body: query } : {}),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: unknown };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/**
 * Opens the broker's origin on a page with no app in it (/healthz's JSON), so a test can write the
 * origin's storage before it opens its first screen. Opening a screen for that (Home, as the tests
 * did) started the whole app (its scripts, the market-data worker, the socket) only to leave it at
 * once, and the app was still running, and could still write to storage, as the test set it.
 */
export async function openOrigin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/healthz`);
}

/** Signs the phone in as `user` the way the app keeps a session (its stored tokens), in `lang`. */
export async function signInAs(page: Page, base: string, user: CreatedUser, lang: string): Promise<void> {
  await openOrigin(page, base);
  await page.evaluate(
    ({ l, real, demo }) => {
      localStorage.setItem('lang', JSON.stringify(l));
      localStorage.setItem('userAccountType', JSON.stringify('real'));
      localStorage.setItem('userToken', JSON.stringify(real));
      localStorage.setItem('userTokenReal', JSON.stringify(real));
      localStorage.setItem('userTokenDemo', JSON.stringify(demo));
    },
    { l: lang, real: user.userToken, demo: user.userTokenDemo },
  );
}
