import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../../server/ledger/balances';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets, postForm } from '../support/server';
import { icoDraft, icoWorld, newIco } from './ico-support';
import { investor, PIN, type IpoWorld } from './ipo-support';
import type { Envelope } from './spot-support';

/**
 * A coin sale commitment racing trading batches of the same user (the money attack, PostgreSQL):
 * the commitment locked its user's row and then the coin wallet's accounts; a batch holding those
 * accounts (USDT transfers to the contract wallet) takes a key-share lock on the user row when it
 * posts a second time to an account it updated (PostgreSQL re-checks the foreign key of a row
 * version its own transaction wrote). Each waited for the other: "deadlock detected", and the
 * commitment and the batch's transfers answered 500. They now end committed, moved or short.
 */
describe.each(dbTargets())('a coin sale commitment racing transfers on %s', (target) => {
  let world: IpoWorld;
  beforeAll(async () => {
    world = await icoWorld(target);
  });
  afterAll(async () => {
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  const send = async (path: string, token: string, fields: Record<string, string>) => {
    const res = await postForm(world.server.api(path), fields, {
      accesstoken: token,
      'Accept-Language': 'en-US',
    });
    return { status: res.status, body: (await res.json()) as Envelope };
  };

  it('ends every request done or short of balance, never in a deadlock', async () => {
    const now = world.clock.now();
    const u = await investor(world.db, '0', PIN, '4000');
    for (let round = 0; round < 4; round++) {
      // One commitment per sale and user: a sale a round.
      const id = await newIco(world, icoDraft(now - 1000, { token: `TOK${round}` }));
      const answers = await Promise.all([
        ...Array.from({ length: 3 }, () =>
          send('/coin/transfer', u.token, {
            from: 'coin',
            to: 'contract',
            amount: '100',
            tradePassword: PIN,
          }),
        ),
        send('/coin/order/new/apply', u.token, { id, amount: '100', tradePassword: PIN }),
        ...Array.from({ length: 3 }, () =>
          send('/coin/transfer', u.token, {
            from: 'coin',
            to: 'contract',
            amount: '100',
            tradePassword: PIN,
          }),
        ),
      ]);
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(a.body.code, JSON.stringify(a.body)).toBe(0);
      }
    }
    const rows = await userBalances(world.db, u.userId, 'real');
    const usdt = (wallet: string) => rows.find((r) => r.wallet === wallet && r.currency === 'USDT');
    expect(usdt('coin')).toMatchObject({ available: '1200', frozen: '400' });
    expect(usdt('contract')).toMatchObject({ available: '2400' });
  });
});
