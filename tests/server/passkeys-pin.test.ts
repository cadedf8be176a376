import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin } from '../../server/accounts/pin-hash';
import { setPinHash } from '../../server/accounts/pins';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { contractWorld, ok, type ContractWorld } from './contract-support';

/**
 * A passkey signs a user in and nothing more: money still moves only with the trade PIN, exactly
 * as after a password sign-in.
 */

const PIN = '482615';

describe.each(dbTargets())('a passkey session and the trade PIN on %s', (target) => {
  let world: ContractWorld;
  let origin: string;
  beforeAll(async () => {
    world = await contractWorld(target);
    origin = `http://localhost:${new URL(world.server.url).port}`;
  });
  afterAll(async () => {
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  const coinUsdt = async (token: string) =>
    ok<{ coin: { currency: string; available: string }[] }>(
      await world.call('/coin/assets', token),
    ).coin.find((c) => c.currency === 'USDT')?.available;

  it('a transfer from a passkey session is refused without the PIN and with a wrong one; it moves with the right one', async () => {
    const user = await world.trader('0', '100');
    const authenticator = new SoftAuthenticator();
    const options = ok<{ challenge: string; rp: { id?: string }; user: { id: string } }>(
      await world.call('/user/passkey/register/options', user.real),
    );
    ok(await world.call('/user/passkey/register', user.real, authenticator.register(options, origin)));
    const login = ok<{ challenge: string; rpId?: string }>(
      await world.call('/user/passkey/login/options', undefined),
    );
    const session = ok<{ userToken: string }>(
      await world.call('/user/passkey/login', undefined, authenticator.assert(login, origin)),
    );
    const transfer = (fields: Record<string, string>) =>
      world.call('/coin/transfer', session.userToken, {
        from: 'coin',
        to: 'contract',
        amount: '10',
        ...fields,
      });

    expect(await transfer({})).toMatchObject({ code: -1001, key: 'TRADE_PASSWORD_NOT_SET' });
    await setPinHash(world.db, user.id, 'trade', hashPin(PIN));
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
