import { eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OptionPosition, OptionQuote, OptionRule } from '../../domain/protocol/options';
import { optionQuotes } from '../../server/db/schema/options';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { api, balance, expectCleanLedger, MONDAY_NOON, type Envelope } from './spot-support';
import {
  holder,
  MONDAY_CLOSE,
  optionWorld,
  untouched,
  DAY_CALL,
  refusedApply,
  type Holder,
  type OptionWorld,
} from './options-support';

/**
 * A quote the broker honours for `quoteSeconds` (10 by default), once, exactly as quoted, while
 * the stock's mid stays within a tick of the quote's. The good order is 1 call K 100 on THYAO at
 * 100.00 expiring today 18:00: 0.3128 a share, 31.28 + the 1 TRY minimum fee = 32.28
 * (options-flow.test.ts works it out). THYAO at 101.00 prices it at 1.0414, far above 0.3128 × 1.02.
 */
describe.each(dbTargets())('option quotes on %s', (target) => {
  let world: OptionWorld;
  let call: ReturnType<typeof api>;
  let u: Holder;
  const terms = DAY_CALL;
  const buyQuote = (who: Holder, token = who.token, extra: Record<string, string> = {}) =>
    call.post<OptionQuote>('/stock/order/option/apply', token, {
      action: 'quote',
      side: 'buy',
      ...terms,
      ...extra,
    });
  const buy = (token: string, quoteId: string, extra: Record<string, string> = {}) =>
    call.post<OptionPosition>('/stock/order/option/apply', token, {
      action: 'buy',
      ...terms,
      premium: '0.3128',
      quoteId,
      ...extra,
    });
  const cash = async (who: Holder) =>
    balance(await userBalances(world.db, who.userId, 'real'), 'stock', 'TRY').available;
  const usedAt = async (id: string) =>
    (await world.db.select().from(optionQuotes).where(eq(optionQuotes.id, id)))[0]?.usedAt;
  /** Posts, expects the key, and that nothing changed for `who` (the quote's use included). */
  async function refused(who: Holder, fields: Record<string, string>, key: string, token = who.token) {
    const quoted = fields.quoteId ? await usedAt(fields.quoteId) : undefined;
    await refusedApply(world, who, fields, key, token);
    if (fields.quoteId) expect(await usedAt(fields.quoteId)).toBe(quoted);
  }

  beforeAll(async () => {
    world = await optionWorld(target);
    call = api(world as never);
    u = await holder(world.db, '10000');
  });
  beforeEach(() => {
    world.clock.set(MONDAY_NOON);
    world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    world.source.setBook('THYAO', 0, [], []);
    world.setOpen(true);
  });
  afterAll(async () => world?.close());

  it('quotes a buy with its figures and life, and the rule says how long a quote lives', async () => {
    const rule = await call.get<OptionRule>('/stock/index/option/rule', '', { symbol: 'THYAO' });
    expect(rule.data.quoteSeconds).toBe(10);
    const q = await buyQuote(u);
    expect(q.code).toBe(0);
    expect(q.data).toMatchObject({
      side: 'buy',
      id: null,
      symbol: 'THYAO',
      kind: 'call',
      strike: '100',
      expiresAt: MONDAY_CLOSE,
      contracts: '1',
      multiplier: 100,
      spot: '100',
      premium: '0.3128',
      premiumTotal: '31.28',
      fee: '1',
      total: '32.28',
      validUntil: MONDAY_NOON + 10_000,
    });
    // Per share at 100.00 (domain/options/model): an at-the-money call's delta a little over ½.
    expect(Object.keys(q.data.greeks)).toEqual(['delta', 'gamma', 'vega', 'theta', 'rho']);
    expect(Number(q.data.greeks.delta)).toBeGreaterThan(0.5);
    expect(Number(q.data.greeks.delta)).toBeLessThan(0.52);
    expect(Number(q.data.greeks.gamma)).toBeGreaterThan(0);
    expect(Number(q.data.greeks.vega)).toBeGreaterThan(0);
    // Less than a day left around the clock: a day's theta takes the whole premium.
    expect(q.data.greeks.theta).toBe('-0.312869');
    expect(Number(q.data.greeks.rho)).toBeLessThan(0);
    expect(q.data.quoteId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('quotes from the book’s mid, not the last trade, and charges it within half a tick', async () => {
    // The last trade hit the ask at 100.10; the book is 99.90 / 100.10, worth 100.00 (BIST's tick
    // is 0.05 below 100 and 0.10 from 100 up).
    world.source.setTicker('THYAO', { last: '100.10', prev: '100.00' });
    world.source.setBook('THYAO', 1, [['99.90', '10']], [['100.10', '10']]);
    const q = await buyQuote(u);
    expect([q.data.spot, q.data.premium]).toEqual(['100', '0.3128']);
    const before = await cash(u);
    // The ask moved up a tick: the mid by half of one (100.05), the quote still stands.
    world.source.setBook('THYAO', 2, [['99.90', '10']], [['100.20', '10']]);
    world.clock.set(MONDAY_NOON + 10_000);
    const bought = await buy(u.token, q.data.quoteId);
    expect([bought.code, bought.key]).toEqual([0, undefined]);
    expect([bought.data.premium, bought.data.premiumTotal, bought.data.fee, bought.data.cost]).toEqual([
      '0.3128',
      '31.28',
      '1',
      '32.28',
    ]);
    expect(bought.data.openPrice).toBe('100');
    expect(new Decimal(before).minus(await cash(u)).toFixed()).toBe('32.28');
    expect(await usedAt(q.data.quoteId)).toBe(MONDAY_NOON + 10_000);
    await refused(
      u,
      { action: 'buy', ...terms, premium: '0.3128', quoteId: q.data.quoteId },
      'QUOTE_NOT_FOUND',
    );
    await expectCleanLedger(world.db);
  });

  it('refuses a quote the stock has moved a tick away from, whichever way', async () => {
    const q = await buyQuote(u);
    expect([q.code, q.key, q.data.spot]).toEqual([0, undefined, '100']);
    const good = { action: 'buy', ...terms, premium: '0.3128', quoteId: q.data.quoteId };
    // Up a tick the premium would be worth more than it charges; down a tick, less.
    world.source.setTicker('THYAO', { last: '100.10', prev: '100.00' });
    await refused(u, good, 'OPTION_QUOTE_STALE');
    world.source.setTicker('THYAO', { last: '99.95', prev: '100.00' });
    await refused(u, good, 'OPTION_QUOTE_STALE');
    // Without the quote a move beyond the tolerance is refused as before.
    world.source.setTicker('THYAO', { last: '101.00', prev: '100.00' });
    await refused(u, { action: 'buy', ...terms, premium: '0.3128' }, 'OPTION_PRICE_CHANGED');
    // Back where it was quoted, the quote is good again.
    world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    expect((await buy(u.token, q.data.quoteId)).code).toBe(0);
    await expectCleanLedger(world.db);
  });

  it('buys once when two confirmations of one quote race', async () => {
    const q = await buyQuote(u);
    const before = await untouched(world.db, u.userId);
    const answers: Envelope<OptionPosition>[] = await Promise.all([
      buy(u.token, q.data.quoteId),
      buy(u.token, q.data.quoteId),
      buy(u.token, q.data.quoteId),
    ]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.key)).toEqual([
      'QUOTE_NOT_FOUND',
      'QUOTE_NOT_FOUND',
    ]);
    const after = await untouched(world.db, u.userId);
    expect(after.positions).toBe(before.positions + 1);
    expect(after.ledger).toBe(before.ledger + 1);
    await expectCleanLedger(world.db);
  });

  it('refuses an expired quote, another account’s, other terms or another premium, and writes nothing', async () => {
    const q = await buyQuote(u);
    const id = q.data.quoteId;
    const good = { action: 'buy', ...terms, premium: '0.3128', quoteId: id };
    const other = await holder(world.db, '1000');
    await refused(other, good, 'QUOTE_NOT_FOUND');
    await refused(u, good, 'QUOTE_NOT_FOUND', u.demo);
    await refused(u, { ...good, contracts: '2' }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...good, strike: '102.50' }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...good, kind: 'put' }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...good, premium: '0.3129' }, 'OPTION_PRICE_CHANGED');
    await refused(u, { ...good, premium: '0.3200' }, 'OPTION_PRICE_CHANGED');
    await refused(u, { ...good, quoteId: 'A'.repeat(24) }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...good, quoteId: '../../x' }, 'FIELD_INVALID');
    await refused(u, { ...good, quoteId: '' }, 'FIELD_INVALID');
    await refused(u, { ...good, quoteId: 'x'.repeat(65) }, 'FIELD_INVALID');
    world.setOpen(false);
    await refused(u, good, 'MARKET_CLOSED');
    world.setOpen(true);
    world.clock.set(MONDAY_NOON + 10_001);
    await refused(u, good, 'QUOTE_EXPIRED');
    world.clock.set(MONDAY_CLOSE);
    await refused(u, good, 'OPTION_EXPIRED');
    await expectCleanLedger(world.db);
  });

  it('refuses a buy whose balance went elsewhere after the quote', async () => {
    const poor = await holder(world.db, '50');
    const first = await buyQuote(poor);
    const second = await buyQuote(poor);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect((await buy(poor.token, first.data.quoteId)).code).toBe(0);
    await refused(
      poor,
      { action: 'buy', ...terms, premium: '0.3128', quoteId: second.data.quoteId },
      'INSUFFICIENT_BALANCE',
    );
    // The quote itself says so up front.
    expect((await buyQuote(poor)).key).toBe('INSUFFICIENT_BALANCE');
  });

  it('refuses to quote what the buy would refuse', async () => {
    expect((await buyQuote(u, u.token, { strike: '101.00' })).key).toBe('OPTION_STRIKE_UNKNOWN');
    expect((await buyQuote(u, u.token, { contracts: '0' })).key).toBe('FIELD_INVALID');
    expect((await buyQuote(u, u.token, { strike: '105.00' })).key).toBe('OPTION_BELOW_MINIMUM');
    expect((await buyQuote(u, u.token, { symbol: 'NOPE' })).key).toBe('UNKNOWN_SYMBOL');
    const bad = await call.post('/stock/order/option/apply', u.token, {
      action: 'quote',
      side: 'sell',
      ...terms,
    });
    expect(bad.code).toBe(-1001);
    world.setOpen(false);
    expect((await buyQuote(u)).key).toBe('MARKET_CLOSED');
  });

  it('honours a close quote once, and not after the price fell', async () => {
    const q = await buyQuote(u);
    const bought = await buy(u.token, q.data.quoteId);
    const id = bought.data.id;
    const quoteClose = (token = u.token) =>
      call.post<OptionQuote>('/stock/order/option/apply', token, { action: 'quote', side: 'close', id });
    const cq = await quoteClose();
    // 0.3128 × 0.98 = 0.306544 → 0.3065 a share, 30.65 gross, the 1 TRY minimum fee, 29.65 paid.
    expect(cq.data).toMatchObject({
      side: 'close',
      id,
      premium: '0.3065',
      premiumTotal: '30.65',
      fee: '1',
      total: '29.65',
    });
    expect((await quoteClose(u.demo)).key).toBe('OPTION_NOT_FOUND');
    world.source.setTicker('THYAO', { last: '99.00', prev: '100.00' });
    const close = { action: 'close', id, premium: '0.3065' };
    await refused(u, close, 'OPTION_PRICE_CHANGED');
    await refused(u, { ...close, quoteId: cq.data.quoteId }, 'OPTION_QUOTE_STALE');
    world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    // A buy's quote, or another position's close quote, does not close this one.
    await refused(u, { ...close, quoteId: (await buyQuote(u)).data.quoteId }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...close, premium: '0.3000', quoteId: cq.data.quoteId }, 'OPTION_PRICE_CHANGED');
    const before = await cash(u);
    const closed = await call.post<OptionPosition>('/stock/order/option/apply', u.token, {
      ...close,
      quoteId: cq.data.quoteId,
    });
    expect([
      closed.code,
      closed.data.status,
      closed.data.payoff,
      closed.data.closeFee,
      closed.data.closePrice,
    ]).toEqual([0, 'closed', '29.65', '1', '100']);
    expect(new Decimal(await cash(u)).minus(before).toFixed()).toBe('29.65');
    await refused(u, { ...close, quoteId: cq.data.quoteId }, 'OPTION_NOT_OPEN');
    await expectCleanLedger(world.db);
  });

  it('prunes a user’s quotes long past their life when they ask for a new one', async () => {
    const pruned = await holder(world.db, '1000');
    const old = await buyQuote(pruned);
    world.clock.set(MONDAY_NOON + 11 * 60_000);
    await buyQuote(pruned);
    expect(await usedAt(old.data.quoteId)).toBeUndefined();
    const rows = await world.db.select().from(optionQuotes).where(eq(optionQuotes.userId, pruned.userId));
    expect(rows).toHaveLength(1);
  });
});
