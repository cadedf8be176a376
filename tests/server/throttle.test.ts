import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser } from '../../server/accounts/users';
import { authThrottle } from '../../server/db/schema/users';
import { dbTargets, postForm, startServer, testSecurity, type TestServer } from '../support/server';
import { uniqueEmail } from '../support/accounts';
import { noMarket } from '../support/scripted-source';

/** Login throttling per account and per IP (all requests here come from 127.0.0.1). */

const EN = { 'Accept-Language': 'en-US' };
type Body = { code: number; msg: string; key?: string; data: Record<string, unknown> };

describe.each(dbTargets())('login throttling on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target, {
      security: { loginFailuresPerAccount: 3, loginFailuresPerIp: 5 },
      source: noMarket(),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  async function login(account: string, password: string, headers: Record<string, string> = {}) {
    return (await (await postForm(server.api('/user/login'), { account, password }, headers)).json()) as Body;
  }
  const user = (password = 'right-pass') =>
    createUser(db(), { security: testSecurity }, { account: uniqueEmail('t'), password });

  it('a success forgets the account’s failures', async () => {
    const u = await user();
    for (let i = 0; i < 2; i += 1) expect((await login(u.account, 'wrong-pass')).key).toBe('LOGIN_FAILED');
    expect((await login(u.account, 'right-pass')).code).toBe(0);
    expect(
      await db()
        .select()
        .from(authThrottle)
        .where(eq(authThrottle.key, `login:account:${u.account}`)),
    ).toHaveLength(0);
    for (let i = 0; i < 2; i += 1) expect((await login(u.account, 'wrong-pass')).key).toBe('LOGIN_FAILED');
    expect((await login(u.account, 'right-pass')).code).toBe(0);
    // Those 4 failures still count for the IP: clear it for the next test.
    await db().delete(authThrottle);
  });

  it('blocks an account after its limit, even with the right password, for the rest of the hour', async () => {
    const u = await user();
    for (let i = 0; i < 3; i += 1) expect((await login(u.account, `wrong-${i}`)).key).toBe('LOGIN_FAILED');
    const tr = await login(u.account, 'right-pass');
    expect(tr).toMatchObject({ code: -1001, key: 'LOGIN_THROTTLED', data: {} });
    // Numbers in messages are written as the reader writes them: "3.600 saniye" in Turkish.
    expect(tr.msg).toMatch(
      /^Çok fazla hatalı giriş denemesi\. Lütfen (\d{1,3}(\.\d{3})*) saniye sonra tekrar deneyin\.$/,
    );
    const seconds = Number(tr.msg.match(/([\d.]+) saniye/)?.[1]?.replaceAll('.', ''));
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    const en = await login(u.account, 'right-pass', EN);
    expect(en.msg).toMatch(
      /^Too many failed login attempts\. Please try again in \d{1,3}(,\d{3})* seconds\.$/,
    );
    // The block is per account: another account from the same IP (under the IP limit) signs in.
    const other = await user();
    expect((await login(other.account, 'right-pass')).code).toBe(0);

    // Once the hour has passed (backdated), the account signs in again.
    await db()
      .update(authThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 3_700_000) })
      .where(eq(authThrottle.key, `login:account:${u.account}`));
    expect((await login(u.account, 'right-pass')).code).toBe(0);
    await db().delete(authThrottle);
  });

  it('blocks an IP after its limit, for every account, even unknown ones and right passwords', async () => {
    const a = await user();
    const b = await user();
    const c = await user();
    for (let i = 0; i < 3; i += 1) expect((await login(a.account, 'wrong-pass')).key).toBe('LOGIN_FAILED');
    expect((await login(b.account, 'wrong-pass')).key).toBe('LOGIN_FAILED');
    expect((await login(uniqueEmail('t'), 'wrong-pass')).key).toBe('LOGIN_FAILED');
    // Five failures from this IP: nobody signs in from it now.
    expect((await login(b.account, 'right-pass')).key).toBe('LOGIN_THROTTLED');
    expect((await login(c.account, 'right-pass', EN)).key).toBe('LOGIN_THROTTLED');
    // Nobody's success resets an IP's counter; only the window's end does.
    const [ipRow] = await db().select().from(authThrottle).where(eq(authThrottle.key, 'login:ip:127.0.0.1'));
    expect(ipRow?.failures).toBe(5);
    await db().delete(authThrottle);
    expect((await login(c.account, 'right-pass')).code).toBe(0);
  });

  it('counts failures of concurrent requests exactly', async () => {
    const u = await user();
    const answers = await Promise.all(Array.from({ length: 3 }, () => login(u.account, 'wrong-pass')));
    expect(answers.map((a) => a.key)).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED']);
    const [row] = await db()
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `login:account:${u.account}`));
    expect(row?.failures).toBe(3);
    expect((await login(u.account, 'right-pass')).key).toBe('LOGIN_THROTTLED');
    await db().delete(authThrottle);
  });
});

describe.each(dbTargets())('growing delays under the default limit on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target, {
      security: { loginFailuresPerAccount: 10, loginFailuresPerIp: 100 },
      source: noMarket(),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('from the 5th failure, each failure blocks for 1, 2, 4… seconds', async () => {
    const u = await createUser(
      server.database.db,
      { security: testSecurity },
      { account: uniqueEmail('t'), password: 'right-pass' },
    );
    const login = async (password: string) =>
      (await (await postForm(server.api('/user/login'), { account: u.account, password })).json()) as Body;
    for (let i = 0; i < 4; i += 1) expect((await login('wrong-pass')).key).toBe('LOGIN_FAILED');
    expect((await login('wrong-pass')).key).toBe('LOGIN_FAILED');
    expect(await login('right-pass')).toMatchObject({
      key: 'LOGIN_THROTTLED',
      msg: 'Çok fazla hatalı giriş denemesi. Lütfen 1 saniye sonra tekrar deneyin.',
    });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login('wrong-pass')).key).toBe('LOGIN_FAILED');
    const blocked = await login('right-pass');
    expect(blocked.key).toBe('LOGIN_THROTTLED');
    expect(blocked.msg).toMatch(/Lütfen 2 saniye/);
  });
});
