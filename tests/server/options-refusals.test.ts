import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { OptionPosition } from '../../domain/protocol/options';
import { runOptionPass } from '../../server/options/pass';
import { dbTargets } from '../support/server';
import { api, expectCleanLedger, MONDAY_NOON, requireTradePassword, type Lang } from './spot-support';
import { holder, MONDAY_CLOSE, optionWorld, DAY_CALL, refusedApply, type Holder } from './options-support';

/**
 * Every refusal of the option endpoints answers its stable key and a localized message, and
 * leaves the balances, the positions and the ledger as they were. The good order they bend is 1
 * call K 100 on THYAO at 100.00 expiring today 18:00: premium 0.3128 (options-flow.test.ts works
 * it out), 31.28 + the 1 TRY minimum fee = 32.28.
 */
describe.each(dbTargets())('option refusals on %s', (target) => {
  const t = sharedWorld(
    () => optionWorld(target),
    async (world) => {
      const call = api(world as never);
      const u = await holder(world.db, '10000');
      return { call, u };
    },
  );
  const good = {
    action: 'buy',
    ...DAY_CALL,
    premium: '0.3128',
  };

  /** Posts, expects the key (and message), and that nothing changed for `who`. */
  const refused = (
    who: Holder,
    fields: Record<string, string>,
    key: string,
    token = who.token,
    lang?: Lang,
  ) => refusedApply(t.world, who, fields, key, token, lang);

  it('refuses bad buys with their keys and changes nothing', async () => {
    expect(await refused(t.u, { ...good, symbol: 'NOPE' }, 'UNKNOWN_SYMBOL')).toBe('Unknown symbol.');
    // A coin, and a source without a volatility for it: no options.
    await refused(t.u, { ...good, symbol: 'BTCUSDT' }, 'NOT_TRADABLE');
    expect(await refused(t.u, { ...good, strike: '101.00' }, 'OPTION_STRIKE_UNKNOWN')).toBe(
      'This strike price is not offered for this stock.',
    );
    await refused(t.u, { ...good, strike: '150.00' }, 'OPTION_STRIKE_UNKNOWN');
    await refused(t.u, { ...good, expiresAt: String(MONDAY_CLOSE + 60_000) }, 'OPTION_EXPIRY_UNKNOWN');
    expect(
      await refused(
        t.u,
        { ...good, expiresAt: String(MONDAY_NOON - 1) },
        'OPTION_EXPIRED',
        t.u.token,
        'tr-TR',
      ),
    ).toBe('Bu opsiyonun vadesi doldu.');
    // K 105 six hours out is worth 4e-11 a share: 0.0000, a premium total of 0 < the 10 TRY minimum.
    await refused(t.u, { ...good, strike: '105.00', premium: '0.0001' }, 'OPTION_BELOW_MINIMUM');
    await refused(t.u, { ...good, contracts: '1001' }, 'OPTION_CONTRACTS_ABOVE_MAXIMUM');
    await refused(t.u, { ...good, contracts: '0' }, 'FIELD_INVALID');
    await refused(t.u, { ...good, contracts: '1.5' }, 'FIELD_INVALID');
    await refused(t.u, { ...good, premium: '0,3128' }, 'NUMBER_FORMAT');
    await refused(t.u, { ...good, kind: 'straddle' }, 'FIELD_INVALID');
    // 0.3128 > 0.3060 × 1.02 = 0.31212: the price moved past the tolerance; 0.3070 × 1.02 = 0.31314 is within it.
    await refused(t.u, { ...good, premium: '0.3060' }, 'OPTION_PRICE_CHANGED');
    t.world.setOpen(false);
    await refused(t.u, good, 'MARKET_CLOSED');
    t.world.setOpen(true);
    const poor = await holder(t.world.db, '32.27');
    expect(await refused(poor, good, 'INSUFFICIENT_BALANCE')).toBe('Insufficient balance.');
    await expectCleanLedger(t.world.db);
  });

  it('asks for the trade password only when the user turned order confirmation on', async () => {
    const careful = await holder(t.world.db, '1000');
    await requireTradePassword(t.world.db, careful.userId, '135790');
    await refused(careful, good, 'TRADE_PASSWORD_REQUIRED');
    await refused(careful, { ...good, tradePassword: '000000' }, 'TRADE_PASSWORD_INCORRECT');
    const ok = await t.call.post<OptionPosition>('/stock/order/option/apply', careful.token, {
      ...good,
      premium: '0.3070',
      tradePassword: '135790',
    });
    expect([ok.code, ok.data.premium, ok.data.cost]).toEqual([0, '0.3128', '32.28']);
    // The open option counts in the account's assets at the model premium (0.3128 × 100 shares).
    const assets = await t.call.post<{ products: unknown[] }>('/user/assets', careful.token, {});
    expect(assets.data.products).toEqual([{ product: 'option', currency: 'TRY', value: '31.28', count: 1 }]);
    // Closing asks too.
    await refused(careful, { action: 'close', id: ok.data.id, premium: '0.01' }, 'TRADE_PASSWORD_REQUIRED');
  });

  it('refuses bad closes with their keys and changes nothing', async () => {
    const bought = await t.call.post<OptionPosition>('/stock/order/option/apply', t.u.token, good);
    expect(bought.code).toBe(0);
    const id = bought.data.id;
    const other = await holder(t.world.db, '1000');
    await refused(other, { action: 'close', id, premium: '0.01' }, 'OPTION_NOT_FOUND');
    await refused(t.u, { action: 'close', id: '999999999', premium: '0.01' }, 'OPTION_NOT_FOUND');
    // The same account's demo side does not see the real position.
    await refused(t.u, { action: 'close', id, premium: '0.01' }, 'OPTION_NOT_FOUND', t.u.demo);
    // Right away the model is 0.3128 × 0.98 = 0.306544 → 0.3065 a share: showing 0.3150 asks
    // for more than 0.3065 / 0.98 allows (0.3150 × 0.98 = 0.3087 > 0.3065).
    await refused(t.u, { action: 'close', id, premium: '0.3150' }, 'OPTION_PRICE_CHANGED');
    t.world.setOpen(false);
    await refused(t.u, { action: 'close', id, premium: '0.3065' }, 'MARKET_CLOSED');
    t.world.setOpen(true);
    const closed = await t.call.post<OptionPosition>('/stock/order/option/apply', t.u.token, {
      action: 'close',
      id,
      premium: '0.3065',
    });
    // 0.3065 × 100 = 30.65 gross, 1 TRY minimum fee, 29.65 credited.
    expect([closed.code, closed.data.status, closed.data.payoff, closed.data.closeFee]).toEqual([
      0,
      'closed',
      '29.65',
      '1',
    ]);
    expect(await refused(t.u, { action: 'close', id, premium: '0.3065' }, 'OPTION_NOT_OPEN')).toBe(
      'This option position is already settled or closed.',
    );
    // Past its expiry a position cannot be closed, settled by the pass yet or not.
    const late = await t.call.post<OptionPosition>('/stock/order/option/apply', t.u.token, good);
    t.world.clock.set(MONDAY_CLOSE);
    await refused(t.u, { action: 'close', id: late.data.id, premium: '0' }, 'OPTION_EXPIRED');
    // Settled here rather than by the owned job in the middle of a refusal's before/after.
    await runOptionPass(t.world.db, t.world.market, MONDAY_CLOSE);
    await refused(t.u, { action: 'close', id: late.data.id, premium: '0' }, 'OPTION_EXPIRED');
    await refused(t.u, good, 'OPTION_EXPIRED');
    await expectCleanLedger(t.world.db);
  });

  it('answers the rules only for stocks the source can price', async () => {
    t.world.clock.set(MONDAY_NOON);
    const unknown = await t.call.get('/stock/index/option/rule', '', { symbol: 'NOPE' });
    expect(unknown.key).toBe('UNKNOWN_SYMBOL');
    const coin = await t.call.get('/stock/index/option/rule', '', { symbol: 'BTCUSDT' });
    expect(coin.key).toBe('NOT_TRADABLE');
    const list = await t.call.get('/stock/order/option/list', '', {});
    expect(list.code).not.toBe(0);
  });
});
