import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema/users';
import { createSessionCache } from '../../server/auth/session-cache';
import { createUser, disableUser } from '../../server/accounts/users';
import { dbTargets, postForm, startServer, testSecurity, type TestServer } from '../support/server';
import { uniqueEmail } from '../support/accounts';

/**
 * The broker remembers sessions it has checked (server/auth/session-cache.ts) so orders skip a
 * query. Whatever it remembers, a token that has ended must be refused on the very next request
 * when this process ended it, and an expired one the moment it expires.
 */

describe('session cache, alone', () => {
  const session = { userId: 7n, accountType: 'real' as const };

  it('answers a remembered session until its own expiry, then "expired"', () => {
    const cache = createSessionCache(null);
    const now = 1_000_000;
    cache.remember('h-expiry', { ...session, expiresAt: new Date(now + 500) }, cache.revocationMark(), now);
    expect(cache.cached('h-expiry', now + 499)).toEqual(session);
    expect(cache.cached('h-expiry', now + 500)).toBe('expired');
    expect(cache.cached('h-expiry', now + 501)).toBeUndefined();
  });

  it('asks the database again after two seconds, and never for another app', () => {
    const [cache, another] = [createSessionCache(null), createSessionCache(null)];
    const now = 2_000_000;
    cache.remember(
      'h-recheck',
      { ...session, expiresAt: new Date(now + 60_000) },
      cache.revocationMark(),
      now,
    );
    expect(cache.cached('h-recheck', now + 1_999)).toEqual(session);
    expect(another.cached('h-recheck', now + 1)).toBeUndefined();
    expect(cache.cached('h-recheck', now + 2_000)).toBeUndefined();
  });

  it('does not keep an answer that raced with a revocation, nor any for that user for a while', () => {
    const cache = createSessionCache(null);
    const now = Date.now();
    const mark = cache.revocationMark();
    cache.forgetUser(8n, now);
    const user8 = { userId: 8n, accountType: 'demo' as const, expiresAt: new Date(now + 60_000) };
    cache.remember('h-race', user8, mark, now);
    expect(cache.cached('h-race', now)).toBeUndefined();
    cache.remember('h-held', user8, cache.revocationMark(), now + 4_999);
    expect(cache.cached('h-held', now + 4_999)).toBeUndefined();
    cache.remember('h-later', user8, cache.revocationMark(), now + 5_000);
    expect(cache.cached('h-later', now + 5_000)).toEqual({ userId: 8n, accountType: 'demo' });
  });
});

describe.each(dbTargets())('remembered sessions end when the broker ends them, on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  const info = async (token: string) =>
    (await (await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } })).json()) as {
      code: number;
      key?: string;
    };
  const post = async (path: string, fields: Record<string, string>, token: string) =>
    (await (await postForm(server.api(path), fields, { accesstoken: token })).json()) as {
      code: number;
      key?: string;
    };
  const user = () =>
    createUser(
      server.database.db,
      { security: testSecurity },
      { account: uniqueEmail('cache'), password: 'secret1' },
    );

  /** Used twice, so the second answer came from the cache. */
  async function warm(...tokens: string[]) {
    for (const token of tokens) {
      expect((await info(token)).code).toBe(0);
      expect((await info(token)).code).toBe(0);
    }
  }

  it('logout refuses both tokens of the pair at once', async () => {
    const u = await user();
    await warm(u.userToken, u.userTokenDemo);
    expect((await post('/user/logout', {}, u.userToken)).code).toBe(0);
    expect(await info(u.userToken)).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
    expect(await info(u.userTokenDemo)).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
  });

  it('a password change refuses the other sessions at once and keeps the one used', async () => {
    const u = await user();
    const login = (await (
      await postForm(server.api('/user/login'), { account: u.account, password: 'secret1' })
    ).json()) as { data: { userToken: string } };
    const other = login.data.userToken;
    await warm(u.userToken, other);
    const changed = await post(
      '/user/update/password',
      { oldPassword: 'secret1', password: 'secret2', confirmPassword: 'secret2' },
      u.userToken,
    );
    expect(changed.code).toBe(0);
    expect(await info(other)).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
    expect((await info(u.userToken)).code).toBe(0);
  });

  it('disabling a user refuses their remembered sessions at once', async () => {
    const u = await user();
    await warm(u.userToken);
    await disableUser(server.database.db, BigInt(u.userId));
    expect(await info(u.userToken)).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
  });

  it('a change made outside the broker is seen within two seconds', async () => {
    const u = await user();
    await warm(u.userToken);
    await server.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, BigInt(u.userId)));
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await info(u.userToken)).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
  });
});
