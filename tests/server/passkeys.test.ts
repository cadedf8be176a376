import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passkeyChallenges, passkeys } from '../../server/db/schema/passkeys';
import { sessions } from '../../server/db/schema/users';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { noMarket } from '../support/scripted-source';
import { userWithSession } from '../support/session';
import { credentialForm, SoftAuthenticator } from '../support/soft-authenticator';

/**
 * Passkeys over a real server, with a software authenticator whose ECDSA signatures the server
 * verifies: adding one, signing in with it (the password path's session), and every answer that
 * must not sign anyone in — a replayed, stale or foreign challenge, a bad signature, a cloned key,
 * a wrong origin, an unverified user — each refused with a key and changing nothing.
 */

type Body = { code: number; msg: string; key?: string; data: Record<string, unknown> };
const EN = { 'Accept-Language': 'en-US' };
const TR = { 'Accept-Language': 'tr-TR' };

describe.each(dbTargets())('passkeys on %s', (target) => {
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    server = await startServer(target, { source: noMarket() });
    // What a browser on this broker signs: localhost, as an IP address cannot hold a passkey.
    origin = `http://localhost:${new URL(server.url).port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  async function post(path: string, fields: Record<string, string> = {}, token?: string, headers = EN) {
    const res = await postForm(server.api(path), fields, {
      ...headers,
      ...(token ? { accesstoken: token } : {}),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Body;
  }
  function ok<T = Record<string, unknown>>(body: Body): T {
    expect(body).toMatchObject({ code: 0 });
    return body.data as T;
  }
  type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };

  /** A user with a session and a passkey on `authenticator`. */
  async function userWithPasskey(authenticator = new SoftAuthenticator(), name?: string) {
    const user = await userWithSession(db());
    const options = ok<Options>(await post('/user/passkey/register/options', {}, user.token));
    const added = ok<{ id: string; name: string }>(
      await post(
        '/user/passkey/register',
        { ...authenticator.register(options, origin), ...(name ? { name } : {}) },
        user.token,
      ),
    );
    return { ...user, authenticator, passkeyId: added.id };
  }
  const loginOptions = async () => ok<Options>(await post('/user/passkey/login/options'));
  const list = async (token: string) =>
    ok<{ list: { id: string; name: string; createdAt: number; lastUsedAt: number | null }[] }>(
      await post('/user/passkey/list', {}, token),
    ).list;
  const storedCounter = async (id: string) =>
    (
      await db()
        .select({ c: passkeys.counter })
        .from(passkeys)
        .where(eq(passkeys.id, BigInt(id)))
    )[0]?.c;

  it('adds a passkey for the signed-in user: options name our RP and ask for a verified, discoverable key', async () => {
    const user = await userWithSession(db());
    const options = ok<Options & Record<string, unknown>>(
      await post('/user/passkey/register/options', {}, user.token),
    );
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Seans' },
      user: { name: user.account },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const before = Date.now();
    const added = ok(
      await post(
        '/user/passkey/register',
        { ...new SoftAuthenticator().register(options, origin), name: 'Telefonum' },
        user.token,
      ),
    );
    expect(added).toMatchObject({ name: 'Telefonum', lastUsedAt: null });
    expect(await list(user.token)).toEqual([
      { id: added.id, name: 'Telefonum', createdAt: expect.any(Number), lastUsedAt: null },
    ]);
    expect((await list(user.token))[0]?.createdAt).toBeGreaterThanOrEqual(before - 1000);
    // A second key without a name gets a numbered one; the first is left out of the new options.
    const again = ok<Options & { excludeCredentials: { id: string }[] }>(
      await post('/user/passkey/register/options', {}, user.token),
    );
    expect(again.excludeCredentials.map((c) => c.id)).toHaveLength(1);
    ok(await post('/user/passkey/register', new SoftAuthenticator().register(again, origin), user.token));
    expect((await list(user.token)).map((p) => p.name)).toEqual(['Telefonum', 'Passkey 2']);
  });

  it('adding or listing needs a session', async () => {
    expect(await post('/user/passkey/register/options')).toMatchObject({
      code: -1000,
      key: 'SESSION_INVALID',
    });
    expect(await post('/user/passkey/list')).toMatchObject({ code: -1000 });
    expect(await post('/user/passkey/delete', { id: '1' })).toMatchObject({ code: -1000 });
  });

  it('signs in with the passkey: the same real and demo session as the password path, and last used is set', async () => {
    const { token, userId, authenticator, passkeyId } = await userWithPasskey();
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const answer = ok<{
      userToken: string;
      userTokenReal: string;
      userTokenDemo: string;
      user: { id: string };
    }>(await post('/user/passkey/login', authenticator.assert(options, origin)));
    expect(answer.user.id).toBe(userId);
    expect(answer.userToken).toBe(answer.userTokenReal);
    const rows = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, BigInt(userId)));
    const pair = rows.filter((r) => r.pairId !== '');
    expect(pair.map((r) => r.accountType).sort()).toEqual(['demo', 'real']);
    expect(new Set(pair.map((r) => r.pairId)).size).toBe(1);
    expect(ok<{ id: string }>(await post('/user/info', {}, answer.userToken)).id).toBe(userId);
    const [listed] = await list(token);
    expect(listed?.lastUsedAt).toEqual(expect.any(Number));
    expect(await storedCounter(passkeyId)).toBe(1);
    // Sign-out ends both tokens of the pair, as after a password sign-in.
    ok(await post('/user/logout', {}, answer.userToken));
    expect(await post('/user/info', {}, answer.userTokenDemo)).toMatchObject({ code: -1000 });
  });

  it('a challenge answers once: a replayed assertion is refused (in Turkish too) and signs nobody in', async () => {
    const { userId, authenticator } = await userWithPasskey();
    const assertion = authenticator.assert(await loginOptions(), origin);
    ok(await post('/user/passkey/login', assertion));
    const count = (
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.userId, BigInt(userId)))
    ).length;
    const replay = await post('/user/passkey/login', assertion, undefined, TR);
    expect(replay).toMatchObject({
      code: -1001,
      key: 'PASSKEY_FAILED',
      msg: 'Passkey doğrulanamadı. Lütfen tekrar deneyin.',
    });
    expect(
      (
        await db()
          .select()
          .from(sessions)
          .where(eq(sessions.userId, BigInt(userId)))
      ).length,
    ).toBe(count);
  });

  it('refuses an expired challenge, a challenge never handed out, and one handed out for registration', async () => {
    const { authenticator, token } = await userWithPasskey();
    const options = await loginOptions();
    await db()
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, options.challenge));
    expect(await post('/user/passkey/login', authenticator.assert(options, origin))).toMatchObject({
      key: 'PASSKEY_CHALLENGE_EXPIRED',
    });
    expect(
      await post('/user/passkey/login', authenticator.assert({ challenge: 'A'.repeat(43) }, origin)),
    ).toMatchObject({ key: 'PASSKEY_FAILED' });
    const registration = ok<Options>(await post('/user/passkey/register/options', {}, token));
    expect(
      await post('/user/passkey/login', authenticator.assert({ challenge: registration.challenge }, origin)),
    ).toMatchObject({ key: 'PASSKEY_FAILED' });
  });

  it('refuses a bad signature, another origin, another RP and an unverified user; the counter stays', async () => {
    const { authenticator, passkeyId } = await userWithPasskey();
    const tampered = authenticator.get(await loginOptions(), origin);
    const signature = Buffer.from(tampered.response.signature, 'base64url');
    signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 1;
    tampered.response.signature = signature.toString('base64url');
    expect(await post('/user/passkey/login', credentialForm(tampered))).toMatchObject({
      key: 'PASSKEY_FAILED',
    });
    expect(
      await post('/user/passkey/login', authenticator.assert(await loginOptions(), 'https://evil.example')),
    ).toMatchObject({
      key: 'PASSKEY_FAILED',
    });
    expect(
      await post(
        '/user/passkey/login',
        authenticator.assert({ ...(await loginOptions()), rpId: 'evil.example' }, origin),
      ),
    ).toMatchObject({ key: 'PASSKEY_FAILED' });
    authenticator.verifiesUser = false;
    expect(
      await post('/user/passkey/login', authenticator.assert(await loginOptions(), origin)),
    ).toMatchObject({
      key: 'PASSKEY_FAILED',
    });
    expect(await storedCounter(passkeyId)).toBe(0);
  });

  it('a cloned key is caught by its signature count', async () => {
    const { authenticator } = await userWithPasskey();
    const clone = authenticator.clone();
    ok(await post('/user/passkey/login', authenticator.assert(await loginOptions(), origin)));
    ok(await post('/user/passkey/login', authenticator.assert(await loginOptions(), origin)));
    // The clone signs with count 1, which the original has already passed.
    expect(await post('/user/passkey/login', clone.assert(await loginOptions(), origin))).toMatchObject({
      key: 'PASSKEY_FAILED',
    });
  });

  it("a registration answers only its own user's challenge, and the same key cannot be added twice", async () => {
    const a = await userWithSession(db());
    const b = await userWithSession(db());
    const optionsForA = ok<Options>(await post('/user/passkey/register/options', {}, a.token));
    const authenticator = new SoftAuthenticator();
    expect(
      await post('/user/passkey/register', authenticator.register(optionsForA, origin), b.token),
    ).toMatchObject({ key: 'PASSKEY_FAILED' });
    expect(await list(b.token)).toEqual([]);
    const fresh = ok<Options>(await post('/user/passkey/register/options', {}, a.token));
    ok(await post('/user/passkey/register', authenticator.register(fresh, origin), a.token));
    const twice = ok<Options>(await post('/user/passkey/register/options', {}, b.token));
    expect(
      await post('/user/passkey/register', authenticator.register(twice, origin), b.token),
    ).toMatchObject({
      key: 'PASSKEY_EXISTS',
      msg: 'This passkey is already registered.',
    });
  });

  it('refuses a malformed credential as one problem with its key', async () => {
    const user = await userWithSession(db());
    expect(await post('/user/passkey/register', { name: 'x' }, user.token)).toMatchObject({
      code: -1001,
      key: 'FIELD_REQUIRED',
    });
    // Not JSON, and JSON of another shape: one problem with the key, named as such.
    for (const key of ['{not json', JSON.stringify({ id: 'a+b', type: 'public-key', response: {} })])
      expect(await post('/user/passkey/login', { key })).toMatchObject({
        code: -1001,
        key: 'FIELD_INVALID',
        msg: 'Key has an invalid value.',
      });
    // Well formed, but its client data is not JSON: it does not verify.
    const garbled = {
      id: 'ab',
      type: 'public-key',
      response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'eQ', signature: 'eg' },
    };
    expect(await post('/user/passkey/login', { key: JSON.stringify(garbled) })).toMatchObject({
      key: 'PASSKEY_FAILED',
    });
  });

  it('deletes only its own passkeys; a deleted passkey signs nobody in', async () => {
    const owner = await userWithPasskey();
    const other = await userWithSession(db());
    expect(await post('/user/passkey/delete', { id: owner.passkeyId }, other.token)).toMatchObject({
      key: 'PASSKEY_NOT_FOUND',
    });
    expect(await list(owner.token)).toHaveLength(1);
    ok(await post('/user/passkey/delete', { id: owner.passkeyId }, owner.token));
    expect(await list(owner.token)).toEqual([]);
    expect(await post('/user/passkey/delete', { id: owner.passkeyId }, owner.token)).toMatchObject({
      key: 'PASSKEY_NOT_FOUND',
    });
    expect(
      await post('/user/passkey/login', owner.authenticator.assert(await loginOptions(), origin)),
    ).toMatchObject({
      key: 'PASSKEY_FAILED',
    });
  });

  it('a disabled user cannot sign in with a passkey', async () => {
    const { authenticator, userId } = await userWithPasskey();
    const { setUserStatus } = await import('../support/session');
    await setUserStatus(db(), userId, 0);
    expect(
      await post('/user/passkey/login', authenticator.assert(await loginOptions(), origin)),
    ).toMatchObject({
      key: 'PASSKEY_FAILED',
    });
  });
});
