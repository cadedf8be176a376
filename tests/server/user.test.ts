import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser, disableUser } from '../../server/accounts/users';
import { verifyTradePassword, verifyWithdrawPassword } from '../../server/accounts/pins';
import { requireSession } from '../../server/auth/session';
import { outbox, users } from '../../server/db/schema/users';
import { ApiError } from '../../server/http/errors';
import { dbTargets, postForm, startServer, testSecurity, type TestServer } from '../support/server';
import { uniqueEmail, latestCode as latestCodeIn } from '../support/accounts';

/** The signed-in user's profile, settings, passwords and PINs, over a real server. */

const EN = { 'Accept-Language': 'en-US' };
type Body = { code: number; msg: string; key?: string; data: Record<string, unknown> };

describe.each(dbTargets())('the signed-in user on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  async function post(
    path: string,
    fields: Record<string, string | string[]>,
    headers: Record<string, string> = {},
  ) {
    const res = await postForm(server.api(path), fields, headers);
    expect(res.status).toBe(200);
    return (await res.json()) as Body;
  }
  async function newUser(password = 'secret1', kyc = false) {
    return createUser(db(), { security: testSecurity }, { account: uniqueEmail(), password, kyc });
  }
  const latestCode = (to: string) => latestCodeIn(db(), to);
  const as = (token: string, extra: Record<string, string> = {}) => ({ accesstoken: token, ...extra });

  describe('createUser and disableUser (operator)', () => {
    it('creates a signed-in user, KYC-verified when asked, with a generated password when none is given', async () => {
      const created = await createUser(
        db(),
        { security: testSecurity },
        { account: ` ${uniqueEmail().toUpperCase()} `, kyc: true },
      );
      expect(created.account).toBe(created.account.trim().toLowerCase());
      expect(created.password.length).toBeGreaterThanOrEqual(6);
      const info = await post('/user/info', {}, as(created.userToken));
      expect(info).toMatchObject({
        code: 0,
        data: { id: created.userId, account: created.account, idStatus: 'succ' },
      });
      expect((await post('/user/login', { account: created.account, password: created.password })).code).toBe(
        0,
      );
      await expect(
        createUser(db(), { security: testSecurity }, { account: created.account, password: 'secret1' }),
      ).rejects.toMatchObject({ key: 'ACCOUNT_EXISTS' });
      await expect(
        createUser(db(), { security: testSecurity }, { account: 'nope', password: 'secret1' }),
      ).rejects.toMatchObject({ key: 'EMAIL_FORMAT' });
      await expect(
        createUser(db(), { security: testSecurity }, { account: uniqueEmail(), password: '12345' }),
      ).rejects.toMatchObject({ key: 'PASSWORD_LENGTH' });
    });

    it('scopes each token to its account type', async () => {
      const u = await newUser();
      expect(await requireSession(db(), u.userToken)).toEqual({
        userId: BigInt(u.userId),
        accountType: 'real',
      });
      expect(await requireSession(db(), u.userTokenDemo)).toEqual({
        userId: BigInt(u.userId),
        accountType: 'demo',
      });
    });

    it('a disabled user is signed out everywhere and cannot sign in', async () => {
      const u = await newUser();
      await disableUser(db(), BigInt(u.userId));
      expect((await post('/user/info', {}, as(u.userToken))).code).toBe(-1000);
      expect((await post('/user/info', {}, as(u.userTokenDemo))).code).toBe(-1000);
      expect((await post('/user/login', { account: u.account, password: u.password })).key).toBe(
        'LOGIN_FAILED',
      );
    });
  });

  describe('POST /user/info and authorization', () => {
    it('answers the profile without any hash', async () => {
      const u = await newUser();
      const body = await post('/user/info', {}, as(u.userToken));
      expect(body).toMatchObject({
        code: 0,
        data: {
          id: u.userId,
          account: u.account,
          tradePasswordSet: false,
          withdrawPasswordSet: false,
          confirmOrdersWithTradePassword: false,
          nickname: null,
          investorType: 'regular',
        },
      });
      expect(JSON.stringify(body)).not.toMatch(/scrypt/);
    });

    it("a user's token reads and changes only their own profile", async () => {
      const a = await newUser();
      const b = await newUser();
      const read = await post('/user/info', { id: b.userId }, as(a.userToken));
      expect(read.data.id).toBe(a.userId);
      await post('/user/update', { nickname: 'Ayşe', id: b.userId }, as(a.userToken));
      const [rowB] = await db()
        .select()
        .from(users)
        .where(eq(users.id, BigInt(b.userId)));
      expect(rowB?.nickname).toBeNull();
    });

    it.each([
      '/user/info',
      '/user/update',
      '/user/update/password',
      '/user/update/email',
      '/user/update/autoapply',
      '/user/update/tradepwd',
      '/user/update/withdrawpwd',
      '/user/logout',
    ])('%s needs a session', async (path) => {
      expect(await post(path, {}, EN)).toEqual({
        code: -1000,
        msg: 'Your session has ended. Please log in again.',
        key: 'SESSION_INVALID',
        data: {},
      });
    });
  });

  describe('POST /user/update and /user/update/autoapply', () => {
    it('changes the nickname and the order confirmation (only with a trade password set)', async () => {
      const u = await newUser();
      expect(await post('/user/update', { nickname: '  Çağrı 📈 ' }, as(u.userToken))).toMatchObject({
        code: 0,
        data: { nickname: 'Çağrı 📈' },
      });
      expect(
        await post('/user/update', { confirmOrdersWithTradePassword: '1' }, as(u.userToken, EN)),
      ).toEqual({
        code: -1001,
        msg: 'Please set a transaction password first.',
        key: 'TRADE_PASSWORD_NOT_SET',
        data: {},
      });
      await post(
        '/user/update/tradepwd',
        { password: '135790', confirmPassword: '135790', loginPassword: 'secret1' },
        as(u.userToken),
      );
      expect(
        await post('/user/update', { confirmOrdersWithTradePassword: '1' }, as(u.userToken)),
      ).toMatchObject({
        code: 0,
        data: { confirmOrdersWithTradePassword: true, nickname: 'Çağrı 📈' },
      });
    });

    it.each([
      [
        { nickname: 'n'.repeat(33) },
        'FIELD_TOO_LONG',
        'Takma ad en fazla 32 karakter olabilir.',
        'Nickname can be at most 32 characters.',
      ],
      [{ nickname: '   ' }, 'FIELD_REQUIRED', 'Takma ad alanı zorunludur.', 'Nickname is required.'],
      [
        { nickname: 'a\u202Eb' },
        'FIELD_INVALID_CHARS',
        'Takma ad izin verilmeyen karakterler içeriyor.',
        'Nickname contains characters that are not allowed.',
      ],
      [
        { nickname: ['a', 'b'] },
        'FIELD_INVALID_TYPE',
        'Takma ad alanının değeri geçersiz.',
        'Nickname has an invalid value.',
      ],
    ])('rejects %j and changes nothing', async (fields, key, tr, en) => {
      const u = await newUser();
      expect(await post('/user/update', fields, as(u.userToken))).toEqual({
        code: -1001,
        msg: tr,
        key,
        data: {},
      });
      expect(await post('/user/update', fields, as(u.userToken, EN))).toEqual({
        code: -1001,
        msg: en,
        key,
        data: {},
      });
      expect((await post('/user/info', {}, as(u.userToken))).data.nickname).toBeNull();
    });

    it('rejects an unknown confirmation value', async () => {
      const u = await newUser();
      expect(
        await post('/user/update', { confirmOrdersWithTradePassword: 'yes' }, as(u.userToken)),
      ).toMatchObject({ code: -1001, key: 'FIELD_INVALID' });
    });

    it('turns automatic IPO subscription on and off; login info shows it', async () => {
      const u = await newUser();
      expect(await post('/user/update/autoapply', { enabled: '1' }, as(u.userToken))).toMatchObject({
        code: 0,
        data: { openAutoApply: 1 },
      });
      const info = await (await fetch(server.api('/user/login/info'), { headers: as(u.userToken) })).json();
      expect(info.data.openAutoApply).toBe(1);
      expect(await post('/user/update/autoapply', { enabled: '2' }, as(u.userToken, EN))).toEqual({
        code: -1001,
        msg: 'Setting has an invalid value.',
        key: 'FIELD_INVALID',
        data: {},
      });
      expect(await post('/user/update/autoapply', {}, as(u.userToken))).toEqual({
        code: -1001,
        msg: 'Durum alanı zorunludur.',
        key: 'FIELD_REQUIRED',
        data: {},
      });
      expect((await post('/user/info', {}, as(u.userToken))).data.openAutoApply).toBe(1);
      expect(await post('/user/update/autoapply', { enabled: '0' }, as(u.userToken))).toMatchObject({
        code: 0,
        data: { openAutoApply: 0 },
      });
    });
  });

  describe('POST /user/update/password', () => {
    it('changes the password, ends other sessions, keeps the pair used', async () => {
      const u = await newUser('first-pass');
      const other = (await post('/user/login', { account: u.account, password: 'first-pass' })).data as {
        userToken: string;
        userTokenDemo: string;
      };
      const fields = { oldPassword: 'first-pass', password: 'second-pass', confirmPassword: 'second-pass' };
      expect(await post('/user/update/password', fields, as(u.userToken))).toEqual({
        code: 0,
        msg: 'ok',
        data: {},
      });
      expect((await post('/user/info', {}, as(u.userToken))).code).toBe(0);
      expect((await post('/user/info', {}, as(u.userTokenDemo))).code).toBe(0);
      expect((await post('/user/info', {}, as(other.userToken))).code).toBe(-1000);
      expect((await post('/user/info', {}, as(other.userTokenDemo))).code).toBe(-1000);
      expect((await post('/user/login', { account: u.account, password: 'first-pass' })).key).toBe(
        'LOGIN_FAILED',
      );
      expect((await post('/user/login', { account: u.account, password: 'second-pass' })).code).toBe(0);
    });

    it.each([
      [
        'a wrong current password',
        { oldPassword: 'wrong-one' },
        'PASSWORD_INCORRECT',
        'Mevcut şifre hatalı.',
        'The current password is incorrect.',
      ],
      [
        'no current password',
        { oldPassword: undefined },
        'FIELD_REQUIRED',
        'Mevcut şifre alanı zorunludur.',
        'Current password is required.',
      ],
      [
        'a 5-character password',
        { password: 'abcde', confirmPassword: 'abcde' },
        'PASSWORD_LENGTH',
        'Şifre 6 ile 20 karakter arasında olmalıdır.',
        'The password must be 6 to 20 characters.',
      ],
      [
        'a 21-character password',
        { password: 'z'.repeat(21), confirmPassword: 'z'.repeat(21) },
        'PASSWORD_LENGTH',
        'Şifre 6 ile 20 karakter arasında olmalıdır.',
        'The password must be 6 to 20 characters.',
      ],
      [
        'the current password again (nothing would change, yet it said changed and ended every other session)',
        { password: 'keep-pass', confirmPassword: 'keep-pass' },
        'PASSWORD_SAME',
        'Yeni şifre mevcut şifrenizden farklı olmalıdır.',
        'The new password must be different from your current one.',
      ],
      [
        'a mismatch',
        { confirmPassword: 'other-pass' },
        'PASSWORDS_MISMATCH',
        'Şifreler eşleşmiyor.',
        'The passwords do not match.',
      ],
    ] as const)('rejects %s and the old password still works', async (_name, change, key, tr, en) => {
      const u = await newUser('keep-pass');
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries({
        oldPassword: 'keep-pass',
        password: 'newer-pass',
        confirmPassword: 'newer-pass',
        ...change,
      }))
        if (v !== undefined) fields[k] = v;
      expect(await post('/user/update/password', fields, as(u.userToken))).toEqual({
        code: -1001,
        msg: tr,
        key,
        data: {},
      });
      expect(await post('/user/update/password', fields, as(u.userToken, EN))).toEqual({
        code: -1001,
        msg: en,
        key,
        data: {},
      });
      expect((await post('/user/login', { account: u.account, password: 'keep-pass' })).code).toBe(0);
      expect((await post('/user/info', {}, as(u.userToken))).code).toBe(0);
    });
  });

  describe('POST /user/update/email', () => {
    it('moves the account to a new address proven by a code sent there', async () => {
      const u = await newUser();
      const next = uniqueEmail();
      expect(
        await post('/common/code/send', { account: next, purpose: 'email' }, as(u.userToken)),
      ).toMatchObject({ code: 0 });
      const code = await latestCode(next);
      const wrong = code === '111111' ? '222222' : '111111';
      expect(await post('/user/update/email', { email: next, code: wrong }, as(u.userToken))).toMatchObject({
        key: 'CODE_INCORRECT',
        msg: 'Doğrulama kodu hatalı.',
      });
      expect((await post('/user/info', {}, as(u.userToken))).data.email).toBe(u.account);
      expect(await post('/user/update/email', { email: next, code }, as(u.userToken))).toMatchObject({
        code: 0,
        data: { email: next, account: next },
      });
      expect((await post('/user/login', { account: next, password: 'secret1' })).code).toBe(0);
      expect((await post('/user/login', { account: u.account, password: 'secret1' })).key).toBe(
        'LOGIN_FAILED',
      );
    });

    it('refuses the address the account has already, before any code is sent', async () => {
      const u = await newUser();
      expect(
        await post(
          '/common/code/send',
          { account: u.account.toUpperCase(), purpose: 'email' },
          as(u.userToken, EN),
        ),
      ).toEqual({
        code: -1001,
        msg: "This is already your account's email address. Type the new one.",
        key: 'EMAIL_SAME',
        data: {},
      });
      expect(await db().select().from(outbox).where(eq(outbox.target, u.account))).toHaveLength(0);
      expect(await post('/user/update/email', { email: u.account, code: '123456' }, as(u.userToken))).toEqual(
        {
          code: -1001,
          msg: 'Bu zaten hesabınızın e-posta adresi. Yeni adresinizi yazın.',
          key: 'EMAIL_SAME',
          data: {},
        },
      );
    });

    it("refuses another user's address when sending and when changing", async () => {
      const a = await newUser();
      const b = await newUser();
      expect(
        await post('/common/code/send', { account: b.account, purpose: 'email' }, as(a.userToken, EN)),
      ).toEqual({
        code: -1001,
        msg: 'This email address is used by another account.',
        key: 'EMAIL_IN_USE',
        data: {},
      });
      expect(await post('/user/update/email', { email: b.account, code: '123456' }, as(a.userToken))).toEqual(
        {
          code: -1001,
          msg: 'Bu e-posta adresi başka bir hesapta kullanılıyor.',
          key: 'EMAIL_IN_USE',
          data: {},
        },
      );
    });

    it.each([
      [{ code: '123456' }, 'FIELD_REQUIRED', 'Email is required.'],
      [{ email: 'x@y', code: '123456' }, 'EMAIL_FORMAT', 'Please enter a valid email address.'],
      [
        { email: `${'e'.repeat(250)}@x.co`, code: '123456' },
        'FIELD_TOO_LONG',
        'Email can be at most 254 characters.',
      ],
      [{ email: 'free@example.com' }, 'FIELD_REQUIRED', 'Verification code is required.'],
      [{ email: 'free@example.com', code: '12345' }, 'CODE_INCORRECT', 'The verification code is incorrect.'],
    ])('rejects %j', async (fields, key, msg) => {
      const u = await newUser();
      expect(await post('/user/update/email', fields, as(u.userToken, EN))).toEqual({
        code: -1001,
        msg,
        key,
        data: {},
      });
      expect((await post('/user/info', {}, as(u.userToken))).data.email).toBe(u.account);
    });
  });

  describe.each([
    [
      'trade',
      '/user/update/tradepwd',
      'tradepwd',
      'tradePasswordSet',
      verifyTradePassword,
      {
        format: [
          'İşlem şifresi tam 6 rakam olmalıdır.',
          'The transaction password must be exactly 6 digits.',
        ],
        wrong: 'TRADE_PASSWORD_INCORRECT',
        notSet: 'TRADE_PASSWORD_NOT_SET',
        formatKey: 'TRADE_PASSWORD_FORMAT',
      },
    ],
    [
      'withdraw',
      '/user/update/withdrawpwd',
      'withdrawpwd',
      'withdrawPasswordSet',
      verifyWithdrawPassword,
      {
        format: [
          'Para çekme şifresi tam 6 rakam olmalıdır.',
          'The withdrawal password must be exactly 6 digits.',
        ],
        wrong: 'WITHDRAW_PASSWORD_INCORRECT',
        notSet: 'WITHDRAW_PASSWORD_NOT_SET',
        formatKey: 'WITHDRAW_PASSWORD_FORMAT',
      },
    ],
  ] as const)('the %s password', (_kind, path, purpose, flag, verify, keys) => {
    it('is set the first time with the login password, then changed with the old one or a code', async () => {
      const u = await newUser();
      const uid = BigInt(u.userId);
      // The new password typed twice, with `proof` (the login password, the old one or a code).
      const setTo = (pin: string, proof: Record<string, string>, lang?: typeof EN) =>
        post(path, { password: pin, confirmPassword: pin, ...proof }, as(u.userToken, lang));
      await expect(verify(db(), uid, '482915')).rejects.toMatchObject({ key: keys.notSet });
      expect(await setTo('482915', {}, EN)).toEqual({
        code: -1001,
        msg: 'Login password is required.',
        key: 'FIELD_REQUIRED',
        data: {},
      });
      expect(await setTo('482915', { loginPassword: 'nope-nope' })).toMatchObject({
        key: 'PASSWORD_INCORRECT',
      });
      await expect(verify(db(), uid, '482915')).rejects.toMatchObject({ key: keys.notSet });
      expect(await setTo('482915', { loginPassword: 'secret1' })).toMatchObject({
        code: 0,
        data: { [flag]: true },
      });
      await expect(verify(db(), uid, '482915')).resolves.toBeUndefined();
      await expect(verify(db(), uid, '654321')).rejects.toBeInstanceOf(ApiError);
      await expect(verify(db(), uid, '654321')).rejects.toMatchObject({ key: keys.wrong });

      // Changing: the login password no longer suffices.
      expect(await setTo('730264', { loginPassword: 'secret1' }, EN)).toEqual({
        code: -1001,
        msg: 'Current password is required.',
        key: 'FIELD_REQUIRED',
        data: {},
      });
      expect(await setTo('730264', { oldPassword: '000000' })).toMatchObject({ key: keys.wrong });
      await expect(verify(db(), uid, '482915')).resolves.toBeUndefined();
      // The old one again is no change: refused, not answered "changed".
      expect(await setTo('482915', { oldPassword: '482915' }, EN)).toEqual({
        code: -1001,
        msg: 'The new password must be different from your current one.',
        key: 'PASSWORD_SAME',
        data: {},
      });
      expect((await setTo('730264', { oldPassword: '482915' })).code).toBe(0);
      await expect(verify(db(), uid, '730264')).resolves.toBeUndefined();

      // Forgotten: a code sent to the user's own account, whatever account the request names.
      expect(
        (await post('/common/code/send', { account: 'someone@else.com', purpose }, as(u.userToken))).code,
      ).toBe(0);
      expect(await db().select().from(outbox).where(eq(outbox.target, 'someone@else.com'))).toHaveLength(0);
      const code = await latestCode(u.account);
      expect((await setTo('519307', { code: code === '000000' ? '000001' : '000000' })).key).toBe(
        'CODE_INCORRECT',
      );
      expect((await setTo('519307', { code })).code).toBe(0);
      await expect(verify(db(), uid, '519307')).resolves.toBeUndefined();
      expect((await setTo('861342', { code })).key).toBe('CODE_INCORRECT');
    });

    it.each([
      ['5 digits', '12345'],
      ['7 digits', '1234567'],
      ['a letter', '12a456'],
      ['spaces', ' 123456'],
      ['full-width digits', '１２３４５６'],
    ])('rejects %s, localized, and sets nothing', async (_name, pin) => {
      const u = await newUser();
      const fields = { password: pin, confirmPassword: pin, loginPassword: 'secret1' };
      expect(await post(path, fields, as(u.userToken))).toEqual({
        code: -1001,
        msg: keys.format[0],
        key: keys.formatKey,
        data: {},
      });
      expect(await post(path, fields, as(u.userToken, EN))).toEqual({
        code: -1001,
        msg: keys.format[1],
        key: keys.formatKey,
        data: {},
      });
      expect((await post('/user/info', {}, as(u.userToken))).data[flag]).toBe(false);
    });

    it('refuses a password anyone would try first: one digit repeated, or a run up or down', async () => {
      const u = await newUser();
      for (const pin of ['111111', '123456', '987654', '012345'])
        expect(
          await post(
            path,
            { password: pin, confirmPassword: pin, loginPassword: 'secret1' },
            as(u.userToken, EN),
          ),
          pin,
        ).toEqual({
          code: -1001,
          msg: 'The password cannot be an easy-to-guess run of digits (such as 111111 or 123456).',
          key: 'PIN_TOO_SIMPLE',
          data: {},
        });
      expect((await post('/user/info', {}, as(u.userToken))).data[flag]).toBe(false);
      // Digits in no run are fine, 1 and 2 apart included.
      expect(
        (
          await post(
            path,
            { password: '135790', confirmPassword: '135790', loginPassword: 'secret1' },
            as(u.userToken),
          )
        ).code,
      ).toBe(0);
    });

    it('rejects a mismatched confirmation', async () => {
      const u = await newUser();
      expect(
        await post(
          path,
          { password: '482915', confirmPassword: '482916', loginPassword: 'secret1' },
          as(u.userToken, EN),
        ),
      ).toEqual({
        code: -1001,
        msg: 'The passwords do not match.',
        key: 'PASSWORDS_MISMATCH',
        data: {},
      });
    });

    it('locks the PIN after 5 wrong tries in an hour, even the right one, saying when to retry', async () => {
      const u = await newUser();
      const uid = BigInt(u.userId);
      await post(
        path,
        { password: '482915', confirmPassword: '482915', loginPassword: 'secret1' },
        as(u.userToken),
      );
      // Stored as the keyed PIN hash, not a login-strength scrypt.
      const [row] = await db().select().from(users).where(eq(users.id, uid));
      expect(flag === 'tradePasswordSet' ? row?.tradePasswordHash : row?.withdrawPasswordHash).toMatch(
        /^hmac\$/,
      );
      for (let i = 0; i < 4; i += 1)
        await expect(verify(db(), uid, String(100000 + i))).rejects.toMatchObject({ key: keys.wrong });
      await expect(verify(db(), uid, '100009')).rejects.toMatchObject({ key: 'PIN_LOCKED' });
      await expect(verify(db(), uid, '482915')).rejects.toMatchObject({ key: 'PIN_LOCKED' });
      expect(
        await post(
          path,
          { password: '730264', confirmPassword: '730264', oldPassword: '482915' },
          as(u.userToken, EN),
        ),
      ).toEqual({
        code: -1001,
        msg: 'Too many wrong password attempts. It is locked; please try again in 60 minutes.',
        key: 'PIN_LOCKED',
        // When it unlocks, for a screen that keeps its submit disabled until then.
        params: { minutes: 60, count: 60, until: expect.any(Number) },
        data: {},
      });
    });
  });
});
