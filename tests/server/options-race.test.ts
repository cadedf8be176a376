import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { OptionPosition } from '../../domain/protocol/options';
import { userBalances } from '../../server/ledger/balances';
import { runOptionPass } from '../../server/options/pass';
import { dbTargets } from '../support/server';
import { api, balance, expectCleanLedger, type Envelope } from './spot-support';
import { FRIDAY_CLOSE, holder, optionWorld } from './options-support';

/**
 * A position is credited once however its endings race: two closes at once, or a close against
 * the settlement pass (called here as if its clock had reached the expiry while the broker's has not).
 */
describe.each(dbTargets())('racing option endings on %s', (target) => {
  const t = sharedWorld(
    () => optionWorld(target),
    async (world) => ({ call: api(world as never), u: await holder(world.db, '10000') }),
  );

  const cash = async () =>
    balance(await userBalances(t.world.db, t.u.userId, 'real'), 'stock', 'TRY').available;
  const buy = async () => {
    const res = await t.call.post<OptionPosition>('/stock/order/option/apply', t.u.token, {
      action: 'buy',
      symbol: 'THYAO',
      kind: 'call',
      strike: '100',
      expiresAt: String(FRIDAY_CLOSE),
      contracts: '2',
      premium: '1.5340',
    });
    expect(res.code).toBe(0);
    return res.data;
  };
  const close = (id: string) =>
    t.call.post<OptionPosition>('/stock/order/option/apply', t.u.token, {
      action: 'close',
      id,
      premium: '0',
    });

  it('closes once when two closes race', async () => {
    const position = await buy();
    const before = await cash();
    const answers: Envelope<OptionPosition>[] = await Promise.all([close(position.id), close(position.id)]);
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.key)).toEqual(['OPTION_NOT_OPEN']);
    expect(new Decimal(await cash()).minus(before).toFixed()).toBe(ok[0]!.data.payoff);
    await expectCleanLedger(t.world.db);
  });

  it('credits once when a close races the settlement pass', async () => {
    t.world.source.emitTrades('THYAO', [
      { id: 'R1', t: FRIDAY_CLOSE - 1_000, price: '101.00', qty: '1', side: 'buy' },
    ]);
    const position = await buy();
    const before = await cash();
    const [closed] = await Promise.all([
      close(position.id),
      runOptionPass(t.world.db, t.world.market, FRIDAY_CLOSE),
    ]);
    const list = await t.call.get<{ list: OptionPosition[] }>('/stock/order/option/list', t.u.token);
    const row = list.data.list.find((p) => p.id === position.id)!;
    if (closed.code === 0) expect(row.status).toBe('closed');
    else {
      expect(closed.key).toBe('OPTION_NOT_OPEN');
      // Settled at the 101.00 print: 1.00 × 100 × 2.
      expect([row.status, row.payoff]).toEqual(['expired', '200']);
    }
    expect(new Decimal(await cash()).minus(before).toFixed()).toBe(row.payoff);
    await expectCleanLedger(t.world.db);
  });
});
