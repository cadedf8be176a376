import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { OptionPosition, OptionQuote, OptionStatistics } from '../../domain/protocol/options';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { api, balance, expectCleanLedger } from './spot-support';
import { holder, MONDAY_CLOSE, optionWorld, untouched } from './options-support';

type Page<T> = { list: T[]; total: number };

/**
 * Part of a position sold back before expiry. 5 calls K 100 on THYAO at 100.00 expiring today
 * 18:00 at 0.3128 a share (options-flow.test.ts works it out): 156.40 + the 1 TRY minimum fee =
 * 157.40. The close pays 0.3128 × 0.98 = 0.3065 a share, less the 1 TRY minimum fee.
 *   2 closed: gross 61.30, net 60.30; their share of the cost 156.40 × 2/5 = 62.56 and
 *     1 × 2/5 = 0.40 → 62.96, P&L −2.66, ratio −0.0422. Open: 3 at 93.84 + 0.60.
 *   1 more at a quote: gross 30.65, net 29.65; its share 93.84 × 1/3 = 31.28 and 0.20 → 31.48,
 *     P&L −1.83. Open: 2 at 62.56 + 0.40.
 * Stock TRY: 10000 − 157.40 + 60.30 + 29.65 = 9932.55.
 */
describe.each(dbTargets())('closing part of an option position on %s', (target) => {
  const t = sharedWorld(
    () => optionWorld(target),
    async (world) => ({ call: api(world as never), u: await holder(world.db, '10000') }),
  );

  const apply = <T>(fields: Record<string, string>) =>
    t.call.post<T>('/stock/order/option/apply', t.u.token, fields);
  const cash = async () =>
    balance(await userBalances(t.world.db, t.u.userId, 'real'), 'stock', 'TRY').available;
  const list = async () =>
    (await t.call.get<Page<OptionPosition>>('/stock/order/option/list', t.u.token)).data.list;

  it('closes some contracts, ledgered, and leaves the rest open with the rest of the cost', async () => {
    const bought = await apply<OptionPosition>({
      action: 'buy',
      symbol: 'THYAO',
      kind: 'call',
      strike: '100',
      expiresAt: String(MONDAY_CLOSE),
      contracts: '5',
      premium: '0.3128',
    });
    expect([bought.code, bought.data.cost]).toEqual([0, '157.4']);
    const id = bought.data.id;

    const two = await apply<OptionPosition>({ action: 'close', id, contracts: '2', premium: '0.3065' });
    expect(two.code).toBe(0);
    expect(two.data.id).not.toBe(id);
    expect(two.data).toMatchObject({
      status: 'closed',
      contracts: '2',
      premiumTotal: '62.56',
      fee: '0.4',
      cost: '62.96',
      payoff: '60.3',
      closeFee: '1',
      pnl: '-2.66',
      pnlRatio: '-0.0422',
    });
    const open = (await list()).find((p) => p.id === id);
    expect(open).toMatchObject({
      status: 'open',
      contracts: '3',
      premiumTotal: '93.84',
      fee: '0.6',
      cost: '94.44',
    });
    expect(await cash()).toBe('9902.9');
    await expectCleanLedger(t.world.db);

    // At a quote for one more: the quote is for that one contract, and closes exactly it.
    const q = await apply<OptionQuote>({ action: 'quote', side: 'close', id, contracts: '1' });
    expect(q.data).toMatchObject({
      contracts: '1',
      premium: '0.3065',
      premiumTotal: '30.65',
      fee: '1',
      total: '29.65',
    });
    const one = await apply<OptionPosition>({
      action: 'close',
      id,
      premium: '0.3065',
      quoteId: q.data.quoteId,
    });
    expect(one.data).toMatchObject({
      status: 'closed',
      contracts: '1',
      cost: '31.48',
      payoff: '29.65',
      pnl: '-1.83',
    });
    expect((await list()).find((p) => p.id === id)).toMatchObject({
      status: 'open',
      contracts: '2',
      premiumTotal: '62.56',
      fee: '0.4',
    });
    expect(await cash()).toBe('9932.55');
    await expectCleanLedger(t.world.db);

    // The statistics still agree with the rows: premium paid once, two closes credited.
    const stats = await t.call.get<OptionStatistics>('/stock/order/option/statistics', t.u.token);
    expect(stats.data).toMatchObject({ premiumPaid: '156.4', payoffReceived: '91.95', open: 1 });
  });

  it('refuses more contracts than are held, or not a whole number, and changes nothing', async () => {
    const [open] = (await list()).filter((p) => p.status === 'open');
    const before = await untouched(t.world.db, t.u.userId);
    const tooMany = await apply({ action: 'close', id: open!.id, contracts: '3', premium: '0.3065' });
    expect([tooMany.key, tooMany.msg]).toEqual([
      'OPTION_CONTRACTS_ABOVE_POSITION',
      'You hold only 2 contracts of this option.',
    ]);
    expect((await apply({ action: 'quote', side: 'close', id: open!.id, contracts: '3' })).key).toBe(
      'OPTION_CONTRACTS_ABOVE_POSITION',
    );
    for (const contracts of ['0', '1.5', 'x'])
      expect((await apply({ action: 'close', id: open!.id, contracts, premium: '0.3065' })).key).toBe(
        'FIELD_INVALID',
      );
    expect(await untouched(t.world.db, t.u.userId)).toEqual(before);
    expect(new Decimal(await cash()).toFixed()).toBe('9932.55');
  });
});
