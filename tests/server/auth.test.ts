import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { outbox, sessions, users, verificationCodes } from '../../server/db/schema/users';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { uniqueEmail, latestCode as latestCodeIn } from '../support/accounts';
import { noMarket } from '../support/scripted-source';

/** Registration, sign-in, sign-out, codes and password reset, over a real server. */

const EN = { 'Accept-Language': 'en-US' };
type Body = { code: number; msg: string; key?: string; data: Record<string, unknown> };

describe.each(dbTargets())('accounts: codes, registration, login on %s', (target) => {
  let server: TestServer;
  /** The server the helpers below talk to: `server`, or the rate-limit tests' own. */
  let active: TestServer;
  beforeAll(async () => {
    server = active = await startServer(target, { source: noMarket() });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function post(
    path: string,
    fields: Record<string, string | string[]>,
    headers: Record<string, string> = {},
  ) {
    const res = await postForm(active.api(path), fields, headers);
    expect(res.status).toBe(200);
    return (await res.json()) as Body;
  }
  const db = () => active.database.db;
  async function userCount(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(users);
    return row?.n ?? 0;
  }
  /** The operator CLI reads codes from the outbox; so do the tests. */
  async function outboxFor(targetAccount: string) {
    return db().select().from(outbox).where(eq(outbox.target, targetAccount)).orderBy(desc(outbox.id));
  }
  const latestCode = (to: string) => latestCodeIn(db(), to);
  async function sendCode(account: string, purpose = 'register', headers: Record<string, string> = {}) {
    return post('/common/code/send', { account, purpose }, headers);
  }
  async function register(account: string, password = 'secret1', extra: Record<string, string> = {}) {
    expect((await sendCode(account)).code).toBe(0);
    const code = await latestCode(account);
    return post('/user/register', {
      account,
      code,
      password,
      confirmPassword: password,
      agree: '1',
      ...extra,
    });
  }

  describe('POST /common/code/send', () => {
    it("puts a 6-digit code in the outbox, in the caller's language, never in the answer", async () => {
      const account = uniqueEmail();
      const body = await sendCode(account);
      expect(body).toEqual({ code: 0, msg: 'ok', data: { resendAfterSeconds: 1 } });
      expect(JSON.stringify(body)).not.toMatch(/\d{6}/);
      const [tr] = await outboxFor(account);
      expect(tr).toMatchObject({ channel: 'email', subject: 'Seans doğrulama kodu' });
      expect(tr?.body).toMatch(/Seans doğrulama kodunuz: \d{6}\./);
      const stored = await db().select().from(verificationCodes).where(eq(verificationCodes.target, account));
      expect(stored).toHaveLength(1);
      // Stored hashed: the code itself appears nowhere in the row.
      const code = await latestCode(account);
      expect(
        JSON.stringify(stored[0], (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      ).not.toContain(code);

      const other = uniqueEmail();
      await sendCode(other, 'register', EN);
      const [en] = await outboxFor(other);
      expect(en?.subject).toBe('Seans verification code');
      expect(en?.body).toMatch(/your Seans verification code is \d{6}\./);
    });

    it('sends to a phone with its area code', async () => {
      const body = await post('/common/code/send', {
        accountKind: 'phone',
        areaCode: '90',
        account: '0532 111 22 33',
        purpose: 'register',
      });
      expect(body.code).toBe(0);
      const [row] = await outboxFor('+905321112233');
      expect(row?.channel).toBe('phone');
    });

    // A one-second window (the suite's, so other tests can resend quickly) is outlasted by a
    // loaded machine between two requests: these run on a broker with a minute's window.
    describe('with a minute between codes', () => {
      let limited: TestServer;
      beforeAll(async () => {
        limited = active = await startServer(target, {
          security: { codeResendSeconds: 60 },
          source: noMarket(),
        });
      });
      afterAll(async () => {
        active = server;
        await limited?.close();
      });

      it('limits how often codes go to one target', async () => {
        const account = uniqueEmail();
        expect((await sendCode(account)).code).toBe(0);
        // The wait counts down from 60 on the server's clock: a loaded machine takes seconds
        // between these requests.
        expect(await sendCode(account)).toEqual({
          code: -1001,
          msg: expect.stringMatching(
            /^Çok sık kod istendi\. Lütfen (60|[1-5]\d) saniye sonra tekrar deneyin\.$/,
          ),
          key: 'CODE_RATE_LIMITED',
          data: {},
        });
        expect((await sendCode(account, 'register', EN)).msg).toMatch(
          /^Codes were requested too often\. Please try again in (60|[1-5]\d) seconds\.$/,
        );
        expect(await outboxFor(account)).toHaveLength(1);
      });

      it('refuses a register code for an existing account, and says nothing about unknown ones on reset', async () => {
        const account = uniqueEmail();
        expect((await register(account)).code).toBe(0);
        const before = (await outboxFor(account)).length;
        expect(await sendCode(account, 'register', EN)).toMatchObject({
          key: 'ACCOUNT_EXISTS',
          msg: 'An account is already registered with this. Try logging in.',
        });
        const unknown = uniqueEmail();
        expect(await sendCode(unknown, 'reset')).toEqual({
          code: 0,
          msg: 'ok',
          data: { resendAfterSeconds: 60 },
        });
        expect(await outboxFor(unknown)).toHaveLength(0);
        // The same rate limit as for a real account, so the answers cannot tell them apart.
        expect((await sendCode(unknown, 'reset')).key).toBe('CODE_RATE_LIMITED');
        expect((await sendCode(account, 'reset')).code).toBe(0);
        expect(await outboxFor(account)).toHaveLength(before + 1);
      });
    });

    it.each(['email', 'tradepwd', 'withdrawpwd'])('needs a session for purpose %s', async (purpose) => {
      expect(await sendCode(uniqueEmail(), purpose)).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
    });

    it.each([
      [{ purpose: 'register' }, 'FIELD_REQUIRED', 'Account is required.'],
      [{ account: 'a@b.co' }, 'FIELD_REQUIRED', 'Purpose is required.'],
      [{ account: 'a@b.co', purpose: 'spam' }, 'FIELD_INVALID', 'Purpose has an invalid value.'],
      [
        { account: 'not-an-email', purpose: 'register' },
        'EMAIL_FORMAT',
        'Please enter a valid email address.',
      ],
      [
        { account: ['a@b.co', 'c@d.co'], purpose: 'register' },
        'FIELD_INVALID_TYPE',
        'Account has an invalid value.',
      ],
      [
        { account: `${'a'.repeat(250)}@b.co`, purpose: 'register' },
        'FIELD_TOO_LONG',
        'Account can be at most 254 characters.',
      ],
      [
        { accountKind: 'phone', account: '4321112233', purpose: 'register' },
        'PHONE_FORMAT',
        'The phone number format is incorrect.',
      ],
    ])('rejects bad input %j', async (fields, key, msg) => {
      const before = (await db().select({ n: count() }).from(outbox))[0]?.n;
      expect(await post('/common/code/send', fields, EN)).toEqual({ code: -1001, msg, key, data: {} });
      expect((await db().select({ n: count() }).from(outbox))[0]?.n).toBe(before);
    });
  });

  describe('POST /user/register', () => {
    it('registers, signs in at once, and gives both tokens and an invite code', async () => {
      const account = uniqueEmail();
      const body = await register(account);
      expect(body).toMatchObject({ code: 0, msg: 'ok' });
      const data = body.data as {
        userToken: string;
        userTokenReal: string;
        userTokenDemo: string;
        user: Record<string, unknown>;
      };
      expect(data.userToken).toBe(data.userTokenReal);
      expect(data.userTokenDemo).not.toBe(data.userTokenReal);
      expect(data.userToken).toMatch(/^[\w-]{43}$/);
      expect(data.user).toMatchObject({
        account,
        accountKind: 'email',
        email: account,
        phone: null,
        status: 1,
        idStatus: 'none',
        tradePasswordSet: false,
        withdrawPasswordSet: false,
        openAutoApply: 0,
      });
      expect(data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
      const info = await (
        await fetch(server.api('/user/login/info'), { headers: { accesstoken: data.userToken } })
      ).json();
      expect(info).toMatchObject({ code: 0, data: { user: { account, status: 1 } } });
      // The password is stored as scrypt with its parameters, never in clear.
      const [row] = await db().select().from(users).where(eq(users.account, account));
      expect(row?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$[\w+/=]{24}\$[\w+/=]{44}$/);
      expect(row?.passwordHash).not.toContain('secret1');
    });

    it('accepts 6- and 20-character passwords, and spends the code (single use)', async () => {
      const six = uniqueEmail();
      expect((await register(six, '123456')).code).toBe(0);
      const twenty = uniqueEmail();
      expect((await register(twenty, 'x'.repeat(20))).code).toBe(0);
      expect((await post('/user/login', { account: twenty, password: 'x'.repeat(20) })).code).toBe(0);
      const code = await latestCode(six);
      const again = await post('/user/register', {
        account: six,
        code,
        password: '123456',
        confirmPassword: '123456',
        agree: '1',
      });
      expect(again.key).toBe('ACCOUNT_EXISTS');
    });

    it('registers with a phone number', async () => {
      const fields = { accountKind: 'phone', areaCode: '+90', account: '5321234567' };
      expect((await post('/common/code/send', { ...fields, purpose: 'register' })).code).toBe(0);
      const code = await latestCode('+905321234567');
      const body = await post('/user/register', {
        ...fields,
        code,
        password: 'secret1',
        confirmPassword: 'secret1',
        agree: '1',
      });
      expect(body).toMatchObject({
        code: 0,
        data: {
          user: { account: '+905321234567', accountKind: 'phone', phone: '+905321234567', email: null },
        },
      });
    });

    it('takes a phone number pasted whole, with its country code, as the same account', async () => {
      // As contacts, autofill and a saved login give it: refused as a wrong format before.
      const areaCode = '+90';
      expect(
        (
          await post('/common/code/send', {
            accountKind: 'phone',
            areaCode,
            account: '+90 532 123 45 68',
            purpose: 'register',
          })
        ).code,
      ).toBe(0);
      const code = await latestCode('+905321234568');
      const body = await post('/user/register', {
        accountKind: 'phone',
        areaCode,
        account: '0090 (532) 123-45-68',
        code,
        password: 'secret1',
        confirmPassword: 'secret1',
        agree: '1',
      });
      expect(body).toMatchObject({
        code: 0,
        data: { user: { account: '+905321234568', phone: '+905321234568' } },
      });
      for (const account of ['+905321234568', '0532 123 45 68', '(532) 123 45 68'])
        expect(
          (await post('/user/login', { accountKind: 'phone', areaCode, account, password: 'secret1' })).code,
          account,
        ).toBe(0);
      // Another country's code is not taken for this one's.
      expect(
        (
          await post('/user/login', {
            accountKind: 'phone',
            areaCode,
            account: '+44 532 123 45 68',
            password: 'secret1',
          })
        ).key,
      ).toBe('PHONE_FORMAT');
    });

    it('records the inviter, and refuses an unknown invite code', async () => {
      const inviter = await register(uniqueEmail());
      const inviteCode = (inviter.data.user as { inviteCode: string }).inviteCode;
      const invited = uniqueEmail();
      expect((await register(invited, 'secret1', { inviteCode: inviteCode.toLowerCase() })).code).toBe(0);
      const [row] = await db().select().from(users).where(eq(users.account, invited));
      expect(String(row?.invitedBy)).toBe((inviter.data.user as { id: string }).id);

      const before = await userCount();
      const bad = uniqueEmail();
      expect(await register(bad, 'secret1', { inviteCode: 'NOPE2345' })).toEqual({
        code: -1001,
        msg: 'Davet kodu geçersiz.',
        key: 'INVITE_CODE_INVALID',
        data: {},
      });
      expect(await userCount()).toBe(before);
      // The code was not spent by the rejected attempt.
      const code = await latestCode(bad);
      expect(
        (
          await post('/user/register', {
            account: bad,
            code,
            password: 'secret1',
            confirmPassword: 'secret1',
            agree: '1',
          })
        ).code,
      ).toBe(0);
    });

    describe('rejects bad fields with no user made', () => {
      let account: string;
      let code: string;
      beforeAll(async () => {
        account = uniqueEmail();
        await sendCode(account);
        code = await latestCode(account);
      });
      const good = () => ({ account, code, password: 'secret1', confirmPassword: 'secret1', agree: '1' });

      it.each([
        [
          'no password',
          { password: undefined },
          'FIELD_REQUIRED',
          'Şifre alanı zorunludur.',
          'Password is required.',
        ],
        [
          'a 5-character password',
          { password: '12345', confirmPassword: '12345' },
          'PASSWORD_LENGTH',
          'Şifre 6 ile 20 karakter arasında olmalıdır.',
          'The password must be 6 to 20 characters.',
        ],
        [
          'a 21-character password',
          { password: 'y'.repeat(21), confirmPassword: 'y'.repeat(21) },
          'PASSWORD_LENGTH',
          'Şifre 6 ile 20 karakter arasında olmalıdır.',
          'The password must be 6 to 20 characters.',
        ],
        [
          'a repeated password',
          { password: ['secret1', 'secret2'] },
          'FIELD_INVALID_TYPE',
          'Şifre alanının değeri geçersiz.',
          'Password has an invalid value.',
        ],
        [
          'a mismatched confirmation',
          { confirmPassword: 'secret2' },
          'PASSWORDS_MISMATCH',
          'Şifreler eşleşmiyor.',
          'The passwords do not match.',
        ],
        [
          'no agreement',
          { agree: undefined },
          'AGREEMENT_REQUIRED',
          'Lütfen önce sorumluluk reddi beyanını ve gizlilik sözleşmesini okuyup onaylayın.',
          'Please read and agree to the disclaimer and privacy agreement first.',
        ],
        [
          'no code',
          { code: undefined },
          'FIELD_REQUIRED',
          'Doğrulama kodu alanı zorunludur.',
          'Verification code is required.',
        ],
        [
          'a non-numeric code',
          { code: 'abcdef' },
          'CODE_INCORRECT',
          'Doğrulama kodu hatalı.',
          'The verification code is incorrect.',
        ],
        [
          'no account',
          { account: undefined },
          'FIELD_REQUIRED',
          'Hesap alanı zorunludur.',
          'Account is required.',
        ],
        [
          'a bad email',
          { account: 'a@b' },
          'EMAIL_FORMAT',
          'Lütfen geçerli bir e-posta adresi girin.',
          'Please enter a valid email address.',
        ],
        [
          'an over-long invite code',
          { inviteCode: 'A'.repeat(17) },
          'INVITE_CODE_INVALID',
          'Davet kodu geçersiz.',
          'The invite code is not valid.',
        ],
      ] as const)('%s', async (_name, change, key, tr, en) => {
        const fields: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries({ ...good(), ...change }))
          if (v !== undefined) fields[k] = v as string | string[];
        const before = await userCount();
        expect(await post('/user/register', fields)).toEqual({ code: -1001, msg: tr, key, data: {} });
        expect(await post('/user/register', fields, EN)).toEqual({ code: -1001, msg: en, key, data: {} });
        expect(await userCount()).toBe(before);
      });

      it('a wrong code counts a try; the right one still works afterwards', async () => {
        const wrong = code === '000000' ? '000001' : '000000';
        expect(await post('/user/register', { ...good(), code: wrong }, EN)).toMatchObject({
          key: 'CODE_INCORRECT',
          msg: 'The verification code is incorrect.',
        });
        const [row] = await db()
          .select()
          .from(verificationCodes)
          .where(eq(verificationCodes.target, account));
        expect(row?.attempts).toBeGreaterThan(0);
        expect(row?.consumedAt).toBeNull();
        expect((await post('/user/register', good())).code).toBe(0);
      });
    });

    it('a code dies after codeMaxAttempts wrong tries, even for the right code', async () => {
      const account = uniqueEmail();
      await sendCode(account);
      const code = await latestCode(account);
      const wrong = code === '999999' ? '999998' : '999999';
      const fields = { account, password: 'secret1', confirmPassword: 'secret1', agree: '1' };
      for (let i = 0; i < 5; i += 1)
        expect((await post('/user/register', { ...fields, code: wrong })).key).toBe('CODE_INCORRECT');
      expect(await post('/user/register', { ...fields, code })).toEqual({
        code: -1001,
        msg: 'Bu kod için çok fazla hatalı deneme yapıldı. Lütfen yeni bir kod isteyin.',
        key: 'CODE_ATTEMPTS_EXCEEDED',
        data: {},
      });
      expect((await post('/user/register', { ...fields, code }, EN)).msg).toBe(
        'Too many wrong tries for this code. Please request a new one.',
      );
      expect(await userCount()).toBeGreaterThan(0);
      expect(await db().select().from(users).where(eq(users.account, account))).toHaveLength(0);
    });

    it('an expired code is refused', async () => {
      const account = uniqueEmail();
      await sendCode(account);
      const code = await latestCode(account);
      await db()
        .update(verificationCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verificationCodes.target, account));
      const body = await post(
        '/user/register',
        { account, code, password: 'secret1', confirmPassword: 'secret1', agree: '1' },
        EN,
      );
      expect(body).toEqual({
        code: -1001,
        msg: 'The verification code has expired. Please request a new one.',
        key: 'CODE_EXPIRED',
        data: {},
      });
      expect(await db().select().from(users).where(eq(users.account, account))).toHaveLength(0);
    });

    it('only the newest code counts', async () => {
      const account = uniqueEmail();
      await sendCode(account);
      const first = await latestCode(account);
      await new Promise((r) => setTimeout(r, 1100));
      await sendCode(account);
      const second = await latestCode(account);
      const fields = { account, password: 'secret1', confirmPassword: 'secret1', agree: '1' };
      if (first !== second)
        expect((await post('/user/register', { ...fields, code: first })).key).toBe('CODE_INCORRECT');
      expect((await post('/user/register', { ...fields, code: second })).code).toBe(0);
    });
  });

  describe('POST /user/login and /user/logout', () => {
    let account: string;
    beforeAll(async () => {
      account = uniqueEmail();
      expect((await register(account, 'Pa ss wörd')).code).toBe(0);
    });

    it('signs in with a real and a demo token, each scoped to its account type', async () => {
      const body = await post('/user/login', { account: account.toUpperCase(), password: 'Pa ss wörd' });
      expect(body).toMatchObject({ code: 0, data: { user: { account } } });
      const { userToken, userTokenDemo } = body.data as { userToken: string; userTokenDemo: string };
      const rows = await db()
        .select()
        .from(sessions)
        .where(eq(sessions.userId, BigInt((body.data.user as { id: string }).id)));
      const real = rows.find(
        (r) =>
          r.accountType === 'real' &&
          r.pairId !== '' &&
          rows.some((d) => d.pairId === r.pairId && d.accountType === 'demo'),
      );
      expect(real).toBeDefined();
      expect(rows.map((r) => r.tokenHash)).not.toContain(userToken);
      expect(rows.map((r) => r.tokenHash)).not.toContain(userTokenDemo);
      for (const token of [userToken, userTokenDemo]) {
        const info = await (
          await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } })
        ).json();
        expect(info.code).toBe(0);
      }
    });

    it.each([
      ['a wrong password', () => ({ account, password: 'wrong-password' })],
      ['an unknown account', () => ({ account: uniqueEmail(), password: 'Pa ss wörd' })],
      ['a password with a space trimmed off', () => ({ account, password: 'Pa ss wörd ' })],
    ])('answers LOGIN_FAILED the same way for %s', async (_name, fields) => {
      expect(await post('/user/login', fields())).toEqual({
        code: -1001,
        msg: 'Hesap veya şifre hatalı.',
        key: 'LOGIN_FAILED',
        data: {},
      });
      expect(await post('/user/login', fields(), EN)).toEqual({
        code: -1001,
        msg: 'The account or password is incorrect.',
        key: 'LOGIN_FAILED',
        data: {},
      });
    });

    it.each([
      [{ password: 'x' }, 'FIELD_REQUIRED', 'Account is required.'],
      [{ account: 'a@b.co' }, 'FIELD_REQUIRED', 'Password is required.'],
      [
        { account: 'a@b.co', password: 'p'.repeat(129) },
        'LOGIN_FAILED',
        'The account or password is incorrect.',
      ],
      [{ account: 'a@b.co', password: ['a', 'b'] }, 'FIELD_INVALID_TYPE', 'Password has an invalid value.'],
      [
        { account: 'a@b.co', password: 'secret1', accountKind: 'fax' },
        'FIELD_INVALID',
        'Account type has an invalid value.',
      ],
    ])('rejects bad input %j', async (fields, key, msg) => {
      expect(await post('/user/login', fields, EN)).toEqual({ code: -1001, msg, key, data: {} });
    });

    it('a disabled user cannot sign in, and their sessions end', async () => {
      const other = uniqueEmail();
      const token = ((await register(other)).data as { userToken: string }).userToken;
      await db().update(users).set({ status: 0 }).where(eq(users.account, other));
      expect((await post('/user/login', { account: other, password: 'secret1' })).key).toBe('LOGIN_FAILED');
      const info = await (
        await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } })
      ).json();
      expect(info.code).toBe(-1000);
    });

    it('logout ends both tokens of the pair, and only those', async () => {
      const a = (await post('/user/login', { account, password: 'Pa ss wörd' })).data as {
        userToken: string;
        userTokenDemo: string;
      };
      const b = (await post('/user/login', { account, password: 'Pa ss wörd' })).data as {
        userToken: string;
        userTokenDemo: string;
      };
      expect(await post('/user/logout', {}, { accesstoken: a.userTokenDemo })).toEqual({
        code: 0,
        msg: 'ok',
        data: {},
      });
      for (const token of [a.userToken, a.userTokenDemo]) {
        const info = await (
          await fetch(server.api('/user/login/info'), { headers: { accesstoken: token } })
        ).json();
        expect(info).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
      }
      expect((await post('/user/logout', {}, { accesstoken: a.userToken })).code).toBe(-1000);
      expect((await post('/user/info', {}, { accesstoken: b.userToken })).code).toBe(0);
      expect((await post('/user/info', {}, { accesstoken: b.userTokenDemo })).code).toBe(0);
    });

    it('an expired token is signed out', async () => {
      const t = (await post('/user/login', { account, password: 'Pa ss wörd' })).data as {
        userToken: string;
        user: { id: string };
      };
      await db()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, BigInt(t.user.id)));
      expect(await post('/user/info', {}, { accesstoken: t.userToken, ...EN })).toEqual({
        code: -1000,
        msg: 'Your session has ended. Please log in again.',
        key: 'SESSION_INVALID',
        data: {},
      });
    });
  });

  describe('POST /user/password/reset', () => {
    it('sets a new password with a reset code and ends every session', async () => {
      const account = uniqueEmail();
      const token = ((await register(account, 'old-pass')).data as { userToken: string }).userToken;
      await new Promise((r) => setTimeout(r, 1100));
      expect((await sendCode(account, 'reset')).code).toBe(0);
      const code = await latestCode(account);
      const fields = { account, code, password: 'new-pass', confirmPassword: 'new-pass' };
      expect((await post('/user/password/reset', { ...fields, confirmPassword: 'other' }, EN)).key).toBe(
        'PASSWORDS_MISMATCH',
      );
      expect(
        (await post('/user/password/reset', { ...fields, password: '12345', confirmPassword: '12345' })).key,
      ).toBe('PASSWORD_LENGTH');
      expect((await post('/user/login', { account, password: 'old-pass' })).code).toBe(0);
      expect(await post('/user/password/reset', fields)).toEqual({ code: 0, msg: 'ok', data: {} });
      expect((await post('/user/info', {}, { accesstoken: token })).code).toBe(-1000);
      expect((await post('/user/login', { account, password: 'old-pass' })).key).toBe('LOGIN_FAILED');
      expect((await post('/user/login', { account, password: 'new-pass' })).code).toBe(0);
      // Single use.
      expect(
        (
          await post('/user/password/reset', {
            ...fields,
            password: 'third-pass',
            confirmPassword: 'third-pass',
          })
        ).key,
      ).toBe('CODE_INCORRECT');
    });

    it('a wrong or absent code changes nothing', async () => {
      const account = uniqueEmail();
      await register(account, 'keep-me');
      const fields = { account, code: '123456', password: 'new-pass', confirmPassword: 'new-pass' };
      const body = await post('/user/password/reset', fields, EN);
      expect(body).toEqual({
        code: -1001,
        msg: 'The verification code is incorrect.',
        key: 'CODE_INCORRECT',
        data: {},
      });
      expect((await post('/user/password/reset', { ...fields, account: uniqueEmail() })).key).toBe(
        'CODE_INCORRECT',
      );
      expect((await post('/user/login', { account, password: 'keep-me' })).code).toBe(0);
    });
  });
});

describe.each(dbTargets())('code expiry by time on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target, { security: { codeTtlSeconds: 1 }, source: noMarket() });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a code older than codeTtlSeconds is CODE_EXPIRED', async () => {
    const account = uniqueEmail();
    expect(
      (await (await postForm(server.api('/common/code/send'), { account, purpose: 'register' })).json()).code,
    ).toBe(0);
    const [row] = await server.database.db.select().from(outbox).where(eq(outbox.target, account));
    const code = row?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(row?.body).toContain('1 dakika');
    await new Promise((r) => setTimeout(r, 1200));
    const res = await postForm(server.api('/user/register'), {
      account,
      code,
      password: 'secret1',
      confirmPassword: 'secret1',
      agree: '1',
    });
    expect(await res.json()).toEqual({
      code: -1001,
      msg: 'Doğrulama kodunun süresi doldu. Lütfen yeni bir kod isteyin.',
      key: 'CODE_EXPIRED',
      data: {},
    });
    expect(await server.database.db.select().from(users).where(eq(users.account, account))).toHaveLength(0);
  });
});
