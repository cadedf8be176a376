import { describe, expect, it } from 'vitest';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { dbTargets } from '../support/server';
import {
  TRADE_PIN,
  traderWithPin,
  walletsOf,
  ok,
  openLong,
  type Trader,
  sharedContractWorld,
} from './contract-support';
import { newRequestId, refusedWith, replays, twentyAtOnce } from './request-keys-support';

const PIN = TRADE_PIN;
type Transfer = { transactionId: string; amount: string; coinAvailable: string; contractAvailable: string };

/** The coin ↔ contract transfer and adding margin, once per requestId (see request-keys-funding). */
describe.each(dbTargets())('contract wallet moves once per requestId on %s', (target) => {
  const t = sharedContractWorld(target);

  const withPin = (contract?: string, coin?: string): Promise<Trader> =>
    traderWithPin(t.world, contract, coin);
  const balances = (token: string) => walletsOf(t.world, token);
  const transfer = (token: string, amount: string, requestId?: string) =>
    t.world.call('/coin/transfer', token, {
      from: 'coin',
      to: 'contract',
      amount,
      tradePassword: PIN,
      ...(requestId ? { requestId } : {}),
    });

  it('20 identical transfers at once move the amount once; a replay moves nothing', async () => {
    const user = await withPin();
    const id = newRequestId();
    const send = () => transfer(user.real, '120', id);
    const first = await twentyAtOnce<Transfer>(send);
    expect(first).toMatchObject({ amount: '120', coinAvailable: '380', contractAvailable: '120' });
    expect(await balances(user.real)).toEqual({ coin: '380', contract: '120' });
    await replays(send, first, () => balances(user.real));
  });

  it('the real and the demo account keep their own keys', async () => {
    const user = await withPin();
    const demoBefore = await balances(user.demo);
    const id = newRequestId();
    const real = ok<Transfer>(await transfer(user.real, '100', id));
    const demo = ok<Transfer>(await transfer(user.demo, '100', id));
    expect(demo.transactionId).not.toBe(real.transactionId);
    expect(await balances(user.real)).toEqual({ coin: '400', contract: '100' });
    expect((await balances(user.demo)).contract).toBe(String(Number(demoBefore.contract) + 100));
  });

  it('without a key every transfer is its own, as before; a refused one frees its key', async () => {
    const user = await withPin();
    ok(await transfer(user.real, '100'));
    ok(await transfer(user.real, '100'));
    expect(await balances(user.real)).toEqual({ coin: '300', contract: '200' });
    const id = newRequestId();
    refusedWith(await transfer(user.real, '1000', id), 'INSUFFICIENT_BALANCE');
    expect(await balances(user.real)).toEqual({ coin: '300', contract: '200' });
  });

  it('20 identical margin additions at once add it once', async () => {
    const user = await t.world.trader('1000');
    const position = await openLong(t.world, user.real);
    const id = newRequestId();
    const send = () =>
      t.world.call('/coin/contract/order/add/mgn', user.real, {
        id: position.id,
        amount: '50',
        requestId: id,
      });
    const before = await balances(user.real);
    const first = await twentyAtOnce<ContractPosition>(send);
    expect(Number(first.margin)).toBe(Number(position.margin) + 50);
    expect(Number((await balances(user.real)).contract)).toBe(Number(before.contract) - 50);
    await replays(send, first, () => balances(user.real));
    // The same key on the transfer is another request.
    refusedWith(await transfer(user.real, '10', id), 'REQUEST_ID_REUSED');
  });
});
