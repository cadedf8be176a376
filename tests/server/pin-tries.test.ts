import { describe, expect, it } from 'vitest';
import type { WithdrawStatus } from '../../domain/protocol/funding';
import { eq } from 'drizzle-orm';
import { hashPin } from '../../server/accounts/pin-hash';
import { pinKeyOf } from '../../server/app-state';
import { PIN_CHANGES_PER_HOUR, PIN_FAILURES_BEFORE_LOCK, setPinHash } from '../../server/accounts/pins';
import { users } from '../../server/db/schema/users';
import { dbTargets } from '../support/server';
import { NAME, ok, PIN, refused, withFundingWorld, type FundingWorld } from './funding-support';

const TR = { 'Accept-Language': 'tr-TR' };
const HOUR_MS = 3_600_000;

/**
 * A wrong withdrawal PIN says how many tries are left before the lock, in the text and in the
 * answer's params (`triesLeft`), so the lock never comes unannounced; the lock's answer and the
 * withdrawal terms say until when, so the screen can keep "Çek" disabled until then. A withdrawal
 * PIN equal to the trade PIN is refused: it is meant to be a second secret.
 */
describe.each(dbTargets())('withdrawal PIN tries and lock on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  type Answer = { code: number; key?: string; msg: string; params?: Record<string, string | number> };

  it('counts down the tries left, then locks with the unlock time; nothing moves', async () => {
    const u = await w.user();
    await w.fund(u, 'stock', 'TRY', '5000');
    const card = ok<{ id: string }>(
      await w.post('/bank/add', u.real, { accountNumber: 'TR130006200000000000000002', holderName: NAME }),
    );
    const withdraw = (pin: string, headers?: Record<string, string>) =>
      w.post(
        '/user/withdraw/add',
        u.real,
        { cardId: card.id, amount: '100', withdrawPassword: pin },
        headers,
      );
    const before = await w.snapshot(u);
    const first = (await withdraw('000001', TR)) as Answer;
    expect(first).toMatchObject({
      code: -1001,
      key: 'WITHDRAW_PASSWORD_INCORRECT',
      params: { triesLeft: PIN_FAILURES_BEFORE_LOCK - 1 },
    });
    expect(first.msg).toBe(
      `Para çekme şifresi hatalı. ${PIN_FAILURES_BEFORE_LOCK - 1} deneme hakkınız kaldı.`,
    );
    for (let left = PIN_FAILURES_BEFORE_LOCK - 2; left >= 1; left -= 1) {
      const answer = (await withdraw(`00000${PIN_FAILURES_BEFORE_LOCK - left}`)) as Answer;
      expect(answer).toMatchObject({ key: 'WITHDRAW_PASSWORD_INCORRECT', params: { triesLeft: left } });
      expect(answer.msg).toBe(
        left === 1
          ? 'Incorrect withdrawal password. 1 try left.'
          : `Incorrect withdrawal password. ${left} tries left.`,
      );
    }
    const asked = Date.now();
    const locked = (await withdraw('000009')) as Answer;
    expect(locked).toMatchObject({ key: 'PIN_LOCKED', params: { minutes: 60 } });
    const until = Number(locked.params?.until);
    expect(until).toBeGreaterThanOrEqual(asked + HOUR_MS - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + HOUR_MS);
    // The right PIN is refused too while locked, with the same unlock time.
    const right = (await withdraw(PIN)) as Answer;
    expect(right).toMatchObject({ key: 'PIN_LOCKED', params: { until } });
    // The terms say it before the user types anything.
    const terms = ok<WithdrawStatus>(await w.get('/user/withdraw/status', u.real));
    expect(terms.pinLockedUntil).toBe(until);
    expect(await w.snapshot(u)).toEqual(before);
  });

  it('terms of a user whose PIN is not locked say so', async () => {
    const u = await w.user();
    expect(ok<WithdrawStatus>(await w.get('/user/withdraw/status', u.real)).pinLockedUntil).toBeNull();
  });

  it('refuses a withdrawal PIN equal to the trade PIN, and a trade PIN equal to the withdrawal PIN', async () => {
    // The withdrawal PIN is PIN; the trade PIN another.
    const u = await w.user();
    const TRADE = '468135';
    await setPinHash(w.db, u.id, 'trade', hashPin(pinKeyOf(w.db), TRADE));
    const hashes = async () =>
      (
        await w.db
          .select({ trade: users.tradePasswordHash, withdraw: users.withdrawPasswordHash })
          .from(users)
          .where(eq(users.id, u.id))
      )[0];
    const before = await hashes();
    const same = (await w.post(
      '/user/update/withdrawpwd',
      u.real,
      { password: TRADE, confirmPassword: TRADE, oldPassword: PIN },
      TR,
    )) as Answer;
    expect(same).toMatchObject({ code: -1001, key: 'WITHDRAW_PASSWORD_SAME_AS_TRADE' });
    expect(same.msg).toBe('Para çekme şifresi işlem şifrenizle aynı olamaz; farklı bir şifre seçin.');
    refused(
      await w.post('/user/update/tradepwd', u.real, {
        password: PIN,
        confirmPassword: PIN,
        oldPassword: TRADE,
      }),
      'TRADE_PASSWORD_SAME_AS_WITHDRAW',
    );
    expect(await hashes()).toEqual(before);
    // Each answer tells whether a guess at the other PIN was right: changes are counted.
    for (let i = 3; i < PIN_CHANGES_PER_HOUR; i += 1)
      refused(
        await w.post('/user/update/withdrawpwd', u.real, {
          password: TRADE,
          confirmPassword: TRADE,
          oldPassword: PIN,
        }),
        'WITHDRAW_PASSWORD_SAME_AS_TRADE',
      );
    // Another PIN is taken, the last change this hour.
    ok(
      await w.post('/user/update/withdrawpwd', u.real, {
        password: '579024',
        confirmPassword: '579024',
        oldPassword: PIN,
      }),
    );
    refused(
      await w.post('/user/update/withdrawpwd', u.real, {
        password: '913579',
        confirmPassword: '913579',
        oldPassword: '579024',
      }),
      'RATE_LIMITED',
    );
  });
});
