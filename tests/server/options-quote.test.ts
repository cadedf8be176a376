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
  type Holder,
  type OptionWorld,
} from './options-support';

/**
 * A quote the broker honours for `quoteSeconds` (10 by default), once, exactly as quoted, however
 * the underlying moves meanwhile. The good order is 1 call K 100 on THYAO at 100.00 expiring today
 * 18:00: 0.3270 a share, 32.70 + the 1 TRY minimum fee = 33.70 (options-flow.test.ts works it out).
 * THYAO at 101.00 prices it at 0.8946, far above 0.3270 × 1.02.
 */
describe.each(dbTargets())('option quotes on %s', (target) => {
  let world: OptionWorld;
  let call: ReturnType<typeof api>;
  let u: Holder;
  const terms = {
    symbol: 'THYAO',
    kind: 'call',
    strike: '100.00',
    expiresAt: String(MONDAY_CLOSE),
    contracts: '1',
  };
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
      premium: '0.3270',
      quoteId,
      ...extra,
    });
  const cash = async (who: Holder) =>
    balance(await userBalances(world.db, who.userId, 'real'), 'stock', 'TRY').available;
  const usedAt = async (id: string) =>
    (await world.db.select().from(optionQuotes).where(eq(optionQuotes.id, id)))[0]?.usedAt;
  /** Posts, expects the key, and that nothing changed for `who` (the quote's use included). */
  async function refused(who: Holder, fields: Record<string, string>, key: string, token = who.token) {
    const before = await untouched(world.db, who.userId);
    const quoted = fields.quoteId ? await usedAt(fields.quoteId) : undefined;
    const res = await call.post('/stock/order/option/apply', token, fields);
    expect([res.code, res.key]).toEqual([-1001, key]);
    expect(await untouched(world.db, who.userId)).toEqual(before);
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
      premium: '0.327',
      premiumTotal: '32.7',
      fee: '1',
      total: '33.7',
      validUntil: MONDAY_NOON + 10_000,
    });
    expect(q.data.quoteId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('charges the quoted premium exactly after the price moved, and the quote only once', async () => {
    const q = await buyQuote(u);
    const before = await cash(u);
    world.source.setTicker('THYAO', { last: '101.00', prev: '100.00' });
    world.clock.set(MONDAY_NOON + 10_000);
    // Without the quote the same confirmation is refused: the live premium is far above it.
    await refused(u, { action: 'buy', ...terms, premium: '0.3270' }, 'OPTION_PRICE_CHANGED');
    const live = await call.post<OptionQuote>('/stock/order/option/apply', u.token, {
      action: 'quote',
      side: 'buy',
      ...terms,
    });
    expect(new Decimal(live.data.premium).gt('0.8')).toBe(true);
    const bought = await buy(u.token, q.data.quoteId);
    expect(bought.code).toBe(0);
    expect([bought.data.premium, bought.data.premiumTotal, bought.data.fee, bought.data.cost]).toEqual([
      '0.327',
      '32.7',
      '1',
      '33.7',
    ]);
    expect(bought.data.openPrice).toBe('100');
    expect(new Decimal(before).minus(await cash(u)).toFixed()).toBe('33.7');
    expect(await usedAt(q.data.quoteId)).toBe(MONDAY_NOON + 10_000);
    await refused(
      u,
      { action: 'buy', ...terms, premium: '0.3270', quoteId: q.data.quoteId },
      'QUOTE_NOT_FOUND',
    );
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
    const good = { action: 'buy', ...terms, premium: '0.3270', quoteId: id };
    const other = await holder(world.db, '1000');
    await refused(other, good, 'QUOTE_NOT_FOUND');
    await refused(u, good, 'QUOTE_NOT_FOUND', u.demo);
    await refused(u, { ...good, contracts: '2' }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...good, strike: '102.50' }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...good, kind: 'put' }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...good, premium: '0.3271' }, 'OPTION_PRICE_CHANGED');
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
      { action: 'buy', ...terms, premium: '0.3270', quoteId: second.data.quoteId },
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

  it('honours a close quote after the price fell, once', async () => {
    const q = await buyQuote(u);
    const bought = await buy(u.token, q.data.quoteId);
    const id = bought.data.id;
    const quoteClose = (token = u.token) =>
      call.post<OptionQuote>('/stock/order/option/apply', token, { action: 'quote', side: 'close', id });
    const cq = await quoteClose();
    // 0.3270 × 0.98 = 0.32046 → 0.3204 a share, 32.04 gross, the 1 TRY minimum fee, 31.04 paid.
    expect(cq.data).toMatchObject({
      side: 'close',
      id,
      premium: '0.3204',
      premiumTotal: '32.04',
      fee: '1',
      total: '31.04',
    });
    expect((await quoteClose(u.demo)).key).toBe('OPTION_NOT_FOUND');
    world.source.setTicker('THYAO', { last: '99.00', prev: '100.00' });
    const close = { action: 'close', id, premium: '0.3204' };
    await refused(u, close, 'OPTION_PRICE_CHANGED');
    // A buy's quote, or another position's close quote, does not close this one.
    await refused(u, { ...close, quoteId: (await buyQuote(u)).data.quoteId }, 'QUOTE_NOT_FOUND');
    await refused(u, { ...close, premium: '0.3200', quoteId: cq.data.quoteId }, 'OPTION_PRICE_CHANGED');
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
    ]).toEqual([0, 'closed', '31.04', '1', '100']);
    expect(new Decimal(await cash(u)).minus(before).toFixed()).toBe('31.04');
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
