import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { openPhone, type Phone } from './browser';
import { operator } from './operator';

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
/** Stores the language and theme the app reads at its next load, as a user's choice would. */
export async function prefer(page: Page, lang: string, theme: string): Promise<void> {
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('lang', JSON.stringify(l));
      localStorage.setItem('theme', JSON.stringify(t));
    },
    [lang, theme],
  );
}

export async function openOrigin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/healthz`);
}

/** The tokens a signed-in session keeps; a user made by a test's own server may have no demo token. */
export type SessionTokens = { userToken: string; userTokenDemo?: string | undefined };

/**
 * Signs the phone in as `user` the way the app keeps a session (its stored tokens, the real
 * account), in `lang`; `stored` sets more of the app's stored keys (`systemTradeType`, `theme`).
 */
export async function signInAs(
  page: Page,
  base: string,
  user: SessionTokens,
  lang: string,
  stored: Record<string, string> = {},
): Promise<void> {
  await openOrigin(page, base);
  await page.evaluate(
    (entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
    },
    {
      lang,
      userAccountType: 'real',
      userToken: user.userToken,
      userTokenReal: user.userToken,
      ...(user.userTokenDemo === undefined ? {} : { userTokenDemo: user.userTokenDemo }),
      ...stored,
    },
  );
}

/** Sets `user`'s trade or withdrawal password to `pin`, as the password screens do. */
export async function setPassword(
  base: string,
  user: CreatedUser,
  kind: 'trade' | 'withdraw',
  pin: string,
): Promise<void> {
  await callApi(base, user.userToken, `/user/update/${kind}pwd`, {
    password: pin,
    confirmPassword: pin,
    loginPassword: user.password,
  });
}

export type SignedInPhone = { readonly phone: Phone; readonly user: CreatedUser };

/**
 * A user of their own for the file or describe block this is called in, and a phone signed in as
 * them in `lang` (tr-TR unless said), closed after its last test: created by the operator CLI
 * (`create`: `create-user`'s flags), funded (`fund`: the CLI's `fund` flags after the user id),
 * with `passwords` set and `prepare` run before the phone opens. Read its fields in tests and hooks:
 * they are there once beforeAll has run.
 */
export function signedInPhone(
  options: {
    create?: string[];
    fund?: string[];
    passwords?: { trade?: string; withdraw?: string };
    prepare?: (user: CreatedUser) => Promise<void>;
    lang?: string;
  } = {},
): SignedInPhone {
  const base = inject('baseURL');
  const cli = { port: inject('port'), dataDir: inject('dataDir') };
  let phone: Phone | undefined;
  let user: CreatedUser | undefined;
  beforeAll(async () => {
    const created = (await operator(['create-user', ...(options.create ?? [])], cli)) as CreatedUser;
    user = created;
    if (options.fund) await operator(['fund', created.userId, ...options.fund], cli);
    await options.prepare?.(created);
    for (const kind of ['trade', 'withdraw'] as const) {
      const pin = options.passwords?.[kind];
      if (pin) await setPassword(base, created, kind, pin);
    }
    phone = await openPhone();
    await signInAs(phone.page, base, created, options.lang ?? 'tr-TR');
  });
  afterAll(async () => {
    await phone?.close();
  });
  return handles(() => ({ phone, user }), 'signedInPhone is ready once beforeAll has run');
}

/** The phone and user a suite's hooks set, read in its tests: `why` when they are not there yet. */
function handles(get: () => { phone?: Phone; user?: CreatedUser }, why: string): SignedInPhone {
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(why);
    return value;
  };
  return {
    get phone() {
      return ready(get().phone);
    },
    get user() {
      return ready(get().user);
    },
  };
}

/**
 * A user of their own for the file or describe block (`create`: `create-user`'s flags, `fund`: the
 * CLI's `fund` flags after the user id), and a new phone for every test, closed after it: a cold
 * browser cache each time, for tests of what a first load asks for. Not signed in: each test
 * signs in in its own language.
 */
export function userWithFreshPhones(options: { create?: string[]; fund?: string[] } = {}): SignedInPhone {
  const cli = { port: inject('port'), dataDir: inject('dataDir') };
  let phone: Phone | undefined;
  let user: CreatedUser | undefined;
  beforeAll(async () => {
    user = (await operator(['create-user', ...(options.create ?? [])], cli)) as CreatedUser;
    if (options.fund) await operator(['fund', user.userId, ...options.fund], cli);
  });
  beforeEach(async () => {
    phone = await openPhone();
  });
  afterEach(async () => {
    await phone?.close();
    phone = undefined;
  });
  return handles(() => ({ phone, user }), 'userWithFreshPhones is ready inside a test');
}
