import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/accounts/password';
import { hashPin } from '../../server/accounts/pin-hash';
import { pinKeyOf } from '../../server/app-state';
import { PIN_FAILURES_BEFORE_LOCK, setPinHash, verifyTradePassword } from '../../server/accounts/pins';
import { authThrottle, users } from '../../server/db/schema/users';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { contractWorld, EN, ok, TR, type ContractWorld } from './contract-support';

/**
 * PIN checks are a cheap keyed hash (not login-strength scrypt, which let one user's
 * confirmations queue the whole broker), and wrong PINs lock the PIN for the rest of the hour.
 */

const PIN = '135790';

describe.each(dbTargets())('trade PIN checks on %s', (target) => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await contractWorld(target);
  });
  afterAll(async () => {
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  const storedPin = async (id: bigint) =>
    (await world.db.select({ h: users.tradePasswordHash }).from(users).where(eq(users.id, id)))[0]?.h;
  const transfer = (token: string, pin: string, headers = EN) =>
    world.call(
      '/coin/transfer',
      token,
      { from: 'coin', to: 'contract', amount: '1', tradePassword: pin },
      headers,
    );

  it(`locks after ${PIN_FAILURES_BEFORE_LOCK} wrong tries, refuses the right PIN while locked, says when to retry, unlocks after the hour`, async () => {
    const user = await world.trader('0', '100');
    await setPinHash(world.db, user.id, 'trade', hashPin(pinKeyOf(world.db), PIN));
    for (let i = 1; i < PIN_FAILURES_BEFORE_LOCK; i += 1)
      expect(await transfer(user.real, String(100000 + i))).toMatchObject({
        key: 'TRADE_PASSWORD_INCORRECT',
        params: { triesLeft: PIN_FAILURES_BEFORE_LOCK - i },
      });
    // The try that reaches the limit already says the PIN is locked, for how long and until when.
    const locked = await transfer(user.real, '100000');
    expect(locked).toEqual({
      code: -1001,
      key: 'PIN_LOCKED',
      msg: 'Too many wrong password attempts. It is locked; please try again in 60 minutes.',
      params: { minutes: 60, count: 60, until: expect.any(Number) },
      data: {},
    });
    const tr = await transfer(user.real, PIN, TR);
    expect(tr).toMatchObject({ code: -1001, key: 'PIN_LOCKED' });
    expect(tr.msg).toMatch(/^Çok fazla hatalı şifre denemesi\. .* (\d+) dakika sonra tekrar deneyin\.$/);
    await expect(verifyTradePassword(world.db, user.id, PIN)).rejects.toMatchObject({ key: 'PIN_LOCKED' });
    // Nothing moved while locked.
    expect(
      ok<{ coin: { currency: string; available: string }[] }>(
        await world.call('/coin/assets', user.real),
      ).coin.find((c) => c.currency === 'USDT')?.available,
    ).toBe('100');

    // The hour has passed (the throttle reads the wall clock: backdate its row).
    await world.db
      .update(authThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 3_700_000) })
      .where(eq(authThrottle.key, `pin:trade:user:${user.id}`));
    ok(await transfer(user.real, PIN));
    // A success forgets the failures: a new series starts from zero.
    expect(await transfer(user.real, '000000')).toMatchObject({ key: 'TRADE_PASSWORD_INCORRECT' });
    ok(await transfer(user.real, PIN));
  });

  it('the lock is per user: another user’s PIN still works', async () => {
    const a = await world.trader('0', '10');
    const b = await world.trader('0', '10');
    await setPinHash(world.db, a.id, 'trade', hashPin(pinKeyOf(world.db), PIN));
    await setPinHash(world.db, b.id, 'trade', hashPin(pinKeyOf(world.db), PIN));
    for (let i = 0; i < PIN_FAILURES_BEFORE_LOCK; i += 1) await transfer(a.real, '999999');
    expect(await transfer(a.real, PIN)).toMatchObject({ key: 'PIN_LOCKED' });
    ok(await transfer(b.real, PIN));
  });

  it('30 concurrent transfers confirmed with the PIN all succeed, each checked by the keyed hash', async () => {
    const user = await world.trader('0', '100');
    await setPinHash(world.db, user.id, 'trade', hashPin(pinKeyOf(world.db), PIN));
    const answers = await Promise.all(Array.from({ length: 30 }, () => transfer(user.real, PIN)));
    for (const answer of answers) ok(answer);
    expect(
      ok<{ contract: { available: string } }>(await world.call('/coin/assets', user.real)).contract.available,
    ).toBe('30');
    expect(await storedPin(user.id)).toMatch(/^hmac\$/);
  });

  it('a PIN stored as login-strength scrypt (by an older version) is checked once, then re-hashed', async () => {
    const user = await world.trader('0', '10');
    const legacy = await hashPassword(PIN, 2 ** 14);
    await setPinHash(world.db, user.id, 'trade', legacy);
    expect(await transfer(user.real, '000001')).toMatchObject({ key: 'TRADE_PASSWORD_INCORRECT' });
    expect(await storedPin(user.id)).toBe(legacy);
    ok(await transfer(user.real, PIN));
    const upgraded = await storedPin(user.id);
    expect(upgraded).toMatch(/^hmac\$[0-9a-f]{12}\$/);
    ok(await transfer(user.real, PIN));
    expect(await storedPin(user.id)).toBe(upgraded);
  });
});
