import { count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys } from '../../server/db/schema/passkeys';
import { sessions } from '../../server/db/schema/users';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';
import { SoftAuthenticator } from '../support/soft-authenticator';

/**
 * A passkey ceremony on a virtual clock: its challenge lives exactly as long as the options'
 * `timeout` tells the browser (a second before, the answer signs in; a second after, it is refused
 * as expired and removed), and asking for options is counted like password sign-ins, so a burst
 * past the limit stores no more challenges.
 */
type Body = { code: number; msg: string; key?: string; data: Record<string, unknown> };
type Options = { challenge: string; timeout: number; rp: { id?: string }; user: { id: string } };
const EN = { 'Accept-Language': 'en-US' };
const TR = { 'Accept-Language': 'tr-TR' };
const PER_IP = 8;
const PER_ACCOUNT = 5;
const HOUR = 3_600_000;

describe.each(dbTargets())('passkey ceremonies on %s', (target) => {
  let server: TestServer;
  let origin: string;
  const clock = { t: Date.UTC(2026, 10, 27, 9), now: () => clock.t };
  beforeAll(async () => {
    server = await startServer(target, {
      clock,
      security: { loginFailuresPerIp: PER_IP, loginFailuresPerAccount: PER_ACCOUNT },
    });
    origin = `http://localhost:${new URL(server.url).port}`;
  });
  afterAll(async () => server?.close());

  const db = () => server.database.db;
  const post = async (path: string, fields: Record<string, string> = {}, token?: string, headers = EN) =>
    (await (
      await postForm(server.api(path), fields, { ...headers, ...(token ? { accesstoken: token } : {}) })
    ).json()) as Body;
  const ok = <T>(body: Body) => {
    expect(body).toMatchObject({ code: 0 });
    return body.data as T;
  };
  /** Challenges still live on the virtual clock (the older ones may be swept meanwhile). */
  const challenges = async () =>
    (
      await db()
        .select({ n: count() })
        .from(passkeyChallenges)
        .where(gt(passkeyChallenges.expiresAt, new Date(clock.t)))
    )[0]?.n ?? 0;
  const stored = async (challenge: string) =>
    (await db().select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, challenge))).length;
  const sessionsOf = async (userId: string) =>
    (
      await db()
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.userId, BigInt(userId)))
    )[0]?.n ?? 0;
  /** A fresh hour for the options counters (they count in windows of an hour from the first). */
  const nextHour = () => void (clock.t += 2 * HOUR);

  async function userWithPasskey() {
    const user = await userWithSession(db());
    const authenticator = new SoftAuthenticator();
    const options = ok<Options>(await post('/user/passkey/register/options', {}, user.token));
    ok(await post('/user/passkey/register', authenticator.register(options, origin), user.token));
    return { ...user, authenticator };
  }

  it('a sign-in challenge is answered up to its timeout and refused as expired after it', async () => {
    nextHour();
    const { authenticator, userId } = await userWithPasskey();
    const early = ok<Options>(await post('/user/passkey/login/options'));
    expect(early.timeout).toBe(120_000);
    clock.t += early.timeout - 1000;
    ok(await post('/user/passkey/login', authenticator.assert(early, origin)));

    const late = ok<Options>(await post('/user/passkey/login/options'));
    clock.t += late.timeout + 1000;
    const before = await sessionsOf(userId);
    const refused = await post('/user/passkey/login', authenticator.assert(late, origin));
    expect(refused).toMatchObject({ code: -1001, key: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect(refused.msg).toBe('The passkey request timed out after 120 seconds. Please start again.');
    expect(await sessionsOf(userId)).toBe(before);
    expect(await stored(late.challenge)).toBe(0);
    // Gone once refused: the same answer again is a plain failure, not a second "expired".
    expect((await post('/user/passkey/login', authenticator.assert(late, origin))).key).toBe(
      'PASSKEY_FAILED',
    );
  });

  it('a registration challenge too: a second before its timeout adds the key, a second after adds nothing', async () => {
    nextHour();
    const user = await userWithSession(db());
    const keys = async () =>
      (
        await db()
          .select({ n: count() })
          .from(passkeys)
          .where(eq(passkeys.userId, BigInt(user.userId)))
      )[0]?.n;
    const early = ok<Options>(await post('/user/passkey/register/options', {}, user.token));
    expect(early.timeout).toBe(120_000);
    clock.t += early.timeout - 1000;
    ok(await post('/user/passkey/register', new SoftAuthenticator().register(early, origin), user.token));
    const late = ok<Options>(await post('/user/passkey/register/options', {}, user.token));
    clock.t += late.timeout + 1000;
    const refused = await post(
      '/user/passkey/register',
      new SoftAuthenticator().register(late, origin),
      user.token,
      TR,
    );
    expect(refused).toMatchObject({ code: -1001, key: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect(refused.msg).toBe('Passkey isteğinin 120 saniyelik süresi doldu. Lütfen yeniden başlayın.');
    expect(await keys()).toBe(1);
    expect(await stored(late.challenge)).toBe(0);
  });

  it('removes expired challenges nobody answered when new ones are handed out', async () => {
    nextHour();
    const abandoned = ok<Options>(await post('/user/passkey/login/options'));
    clock.t += abandoned.timeout + 1000;
    // Kept a while after its expiry, so a late answer still hears why.
    ok<Options>(await post('/user/passkey/login/options'));
    expect(await stored(abandoned.challenge)).toBe(1);
    clock.t += abandoned.timeout;
    const fresh = ok<Options>(await post('/user/passkey/login/options'));
    expect(await stored(abandoned.challenge)).toBe(0);
    expect(await stored(fresh.challenge)).toBe(1);
  });

  it(`hands out ${PER_IP} sign-in challenges an hour to an address; a burst past that stores nothing more`, async () => {
    nextHour();
    const before = await challenges();
    const answers = await Promise.all(
      Array.from({ length: PER_IP + 3 }, () => post('/user/passkey/login/options')),
    );
    const keys = answers.map((a) => a.key ?? 'ok');
    expect(keys.filter((k) => k === 'ok')).toHaveLength(PER_IP);
    expect(keys.filter((k) => k !== 'ok')).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(await challenges()).toBe(before + PER_IP);
    const refused = await post('/user/passkey/login/options', {}, undefined, TR);
    expect(refused).toMatchObject({ code: -1001, key: 'RATE_LIMITED' });
    expect(refused.msg).toBe('Çok fazla deneme yapıldı. Lütfen biraz sonra tekrar deneyin.');
    expect(await challenges()).toBe(before + PER_IP);
    // The budget is the hour's: the next hour asks afresh.
    nextHour();
    ok<Options>(await post('/user/passkey/login/options'));
  });

  it(`hands out ${PER_ACCOUNT} registration challenges an hour to a user, afresh once a passkey is added`, async () => {
    nextHour();
    const user = await userWithSession(db());
    const other = await userWithSession(db());
    const before = await challenges();
    const answers = await Promise.all(
      Array.from({ length: PER_ACCOUNT + 2 }, () => post('/user/passkey/register/options', {}, user.token)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(PER_ACCOUNT);
    expect(answers.filter((a) => a.key === 'RATE_LIMITED')).toHaveLength(2);
    expect(await challenges()).toBe(before + PER_ACCOUNT);
    // Counted per user: another one still asks.
    ok<Options>(await post('/user/passkey/register/options', {}, other.token));
    // Answering one of those challenges adds a passkey, and the user may ask again.
    const options = answers.find((a) => a.code === 0)!.data as Options;
    ok(await post('/user/passkey/register', new SoftAuthenticator().register(options, origin), user.token));
    ok<Options>(await post('/user/passkey/register/options', {}, user.token));
  });
});
