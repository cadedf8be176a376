import { describe, expect, it } from 'vitest';
import { expectCleanLedger } from './spot-support';
import { sharedWorld } from '../support/shared-world';
import { hashPin } from '../../server/accounts/pin-hash';
import { pinKeyOf } from '../../server/app-state';
import { setPinHash } from '../../server/accounts/pins';
import { dbTargets } from '../support/server';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { contractWorld, ok } from './contract-support';

/**
 * A passkey signs a user in and nothing more: money still moves only with the trade PIN, exactly
 * as after a password sign-in.
 */

const PIN = '482615';

describe.each(dbTargets())('a passkey session and the trade PIN on %s', (target) => {
  const t = sharedWorld(
    () => contractWorld(target),
    (world) => {
      const origin = `http://localhost:${new URL(world.server.url).port}`;
      return { origin };
    },
    (world) => expectCleanLedger(world.db),
  );

  const coinUsdt = async (token: string) =>
    ok<{ coin: { currency: string; available: string }[] }>(
      await t.world.call('/coin/assets', token),
    ).coin.find((c) => c.currency === 'USDT')?.available;

  it('a transfer from a passkey session is refused without the PIN and with a wrong one; it moves with the right one', async () => {
    const user = await t.world.trader('0', '100');
    const authenticator = new SoftAuthenticator();
    const options = ok<{ challenge: string; rp: { id?: string }; user: { id: string } }>(
      await t.world.call('/user/passkey/register/options', user.real),
    );
    ok(await t.world.call('/user/passkey/register', user.real, authenticator.register(options, t.origin)));
    const login = ok<{ challenge: string; rpId?: string }>(
      await t.world.call('/user/passkey/login/options', undefined),
    );
    const session = ok<{ userToken: string }>(
      await t.world.call('/user/passkey/login', undefined, authenticator.assert(login, t.origin)),
    );
    const transfer = (fields: Record<string, string>) =>
      t.world.call('/coin/transfer', session.userToken, {
        from: 'coin',
        to: 'contract',
        amount: '10',
        ...fields,
      });

    expect(await transfer({})).toMatchObject({ code: -1001, key: 'TRADE_PASSWORD_NOT_SET' });
    await setPinHash(t.world.db, user.id, 'trade', hashPin(pinKeyOf(t.world.db), PIN));
    expect(await transfer({})).toMatchObject({ code: -1001, key: 'TRADE_PASSWORD_REQUIRED' });
    expect(await transfer({ tradePassword: '111111' })).toMatchObject({
      code: -1001,
      key: 'TRADE_PASSWORD_INCORRECT',
    });
    expect(await coinUsdt(session.userToken)).toBe('100');
    ok(await transfer({ tradePassword: PIN }));
    expect(await coinUsdt(session.userToken)).toBe('90');
  });
});
