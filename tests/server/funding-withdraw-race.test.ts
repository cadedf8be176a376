import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/accounts/password';
import { setPinHash } from '../../server/accounts/pins';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets, postForm } from '../support/server';
import { withFundingWorld, ok, PIN, type Envelope, type FundingWorld } from './funding-support';

const TRADE_PIN = '246810';

/**
 * Withdrawals racing the trading writer's batches of the same user (the money attack, PostgreSQL),
 * here USDT transfers to the contract wallet:
 * a withdrawal locked its user's row and then the wallet's accounts; a batch that had already
 * locked those accounts posts a second time to an account it updated, which makes PostgreSQL
 * check the account's user key again (a key-share lock on that row). Each waited for the other:
 * "deadlock detected", and the withdrawals and the batch's jobs it took with it answered 500.
 * Every request now ends as placed or INSUFFICIENT_BALANCE, and the books add up.
 */
describe.each(dbTargets())('withdrawals racing transfers on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  const send = async (path: string, token: string, fields: Record<string, string>) => {
    const res = await postForm(w.server.api(path), fields, {
      accesstoken: token,
      'Accept-Language': 'en-US',
    });
    return { status: res.status, body: (await res.json()) as Envelope };
  };

  it('ends every request placed or short of balance, never in a deadlock', async () => {
    const u = await w.user();
    await setPinHash(w.db, u.id, 'trade', await hashPassword(TRADE_PIN, 2 ** 10));
    const address = ok<{ id: string }>(
      await w.post('/coin/withdraw/address/generate', u.real, {
        currency: 'USDT',
        chain: 'ERC20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      }),
    );
    const card = ok<{ id: string }>(
      await w.post('/bank/add', u.real, {
        accountNumber: 'TR100006200000006297629123',
        holderName: 'Ayşe Yılmaz',
      }),
    );
    for (let round = 0; round < 4; round++) {
      await w.fund(u, 'coin', 'USDT', '1000');
      await w.fund(u, 'stock', 'TRY', '1000');
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () =>
          send('/coin/withdraw/add', u.real, { addressId: address.id, amount: '100', withdrawPassword: PIN }),
        ),
        ...Array.from({ length: 4 }, () =>
          send('/user/withdraw/add', u.real, { cardId: card.id, amount: '300', withdrawPassword: PIN }),
        ),
        ...Array.from({ length: 6 }, () =>
          send('/coin/transfer', u.real, {
            from: 'coin',
            to: 'contract',
            amount: '100',
            tradePassword: TRADE_PIN,
          }),
        ),
      ]);
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(a.body.code === 0 || a.body.key === 'INSUFFICIENT_BALANCE', JSON.stringify(a.body)).toBe(true);
      }
    }
    // What was held, paid or moved is what the wallets lost: nothing more, nothing less.
    const rows = await userBalances(w.db, u.id, 'real');
    const of = (wallet: string, currency: string) =>
      rows.find((r) => r.wallet === wallet && r.currency === currency);
    expect(Number(of('coin', 'USDT')!.total) + Number(of('contract', 'USDT')?.total ?? 0)).toBe(4000);
    expect(of('stock', 'TRY')!.total).toBe('4000');
    await w.clean();
  });
});
