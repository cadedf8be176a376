import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/accounts/password';
import { isPinHash, verifyPinHash } from '../../server/accounts/pin-hash';
import { setPinHash } from '../../server/accounts/pins';
import { pinKeyOf } from '../../server/app-state';
import { users } from '../../server/db/schema/users';
import { dbTargets } from '../support/server';
import { NAME, ok, PIN, refused, withFundingWorld, type FundingWorld } from './funding-support';

/**
 * A PIN stored by an older version is a login-strength scrypt hash. The first right PIN confirms
 * the action and stores the PIN again under the app's PIN key; a wrong one changes nothing, so a
 * guesser cannot make the broker rewrite a hash. After the re-hash the same PIN keeps working.
 */
describe.each(dbTargets())('an old scrypt PIN on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  const storedPin = async (id: bigint) =>
    (await w.db.select({ hash: users.withdrawPasswordHash }).from(users).where(eq(users.id, id)))[0]?.hash ??
    null;

  it('is re-hashed under the app’s key by the first right PIN, never by a wrong one', async () => {
    const u = await w.user({ pin: false });
    // The smallest scrypt cost: what matters is the stored form, not its strength.
    const old = await hashPassword(PIN, 1024);
    await setPinHash(w.db, u.id, 'withdraw', old);
    await w.fund(u, 'stock', 'TRY', '1000');
    const card = ok<{ id: string }>(
      await w.post('/bank/add', u.real, { accountNumber: 'TR130006200000000000000002', holderName: NAME }),
    );
    const withdraw = (pin: string) =>
      w.post('/user/withdraw/add', u.real, { cardId: card.id, amount: '100', withdrawPassword: pin });

    refused(await withdraw('000001'), 'WITHDRAW_PASSWORD_INCORRECT');
    expect(await storedPin(u.id)).toBe(old);

    ok(await withdraw(PIN));
    const rehashed = await storedPin(u.id);
    expect(rehashed).not.toBe(old);
    expect(rehashed !== null && isPinHash(rehashed)).toBe(true);
    expect(verifyPinHash(pinKeyOf(w.db), PIN, rehashed ?? '')).toBe(true);
    expect(verifyPinHash(pinKeyOf(w.db), '000001', rehashed ?? '')).toBe(false);

    ok(await withdraw(PIN));
    expect(await storedPin(u.id)).toBe(rehashed);
  });
});
