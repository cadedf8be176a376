import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCost, maxBuyPremium } from '../../domain/options/money';
import type { MarketStatus, StockInfo } from '../../domain/protocol/market';
import type { OptionPosition, OptionRule } from '../../domain/protocol/options';
import { createIpo } from '../../server/primary/ipo/create';
import type { MarketSource } from '../../server/market/source';
import { instrument, scriptedSource } from '../support/scripted-source';
import { dbTargets, startServer, type TestServer } from '../support/server';
import { draft, HOUR } from './ipo-support';
import { holder, mertonProcess, MONDAY_CLOSE, untouched } from './options-support';
import { api, MONDAY_NOON } from './spot-support';

/** The IPO's stock of ipo-support (YENIA): its source prints a price before it lists. */
const IPO_STOCK = 'YENIA';

/**
 * Options follow the stock order path's rule (server/routes/stock-orders.ts, domain/rules/tradable
 * `isListed`): an IPO's stock takes no orders before its listing date, and no options either — no
 * rule to price a ticket from, no buy — with the same key, NOT_TRADABLE. Once listed, it has both.
 */
describe.each(dbTargets())('options on a stock not listed yet, on %s', (target) => {
  let server: TestServer;
  let call: ReturnType<typeof api>;
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v) };
  // The offering's window opens an hour ago; it lists 5 h after that (ipo-support's draft).
  const start = MONDAY_NOON - HOUR;
  const listingAt = start + 5 * HOUR;

  beforeAll(async () => {
    const source = scriptedSource(
      [
        instrument('THYAO', { name: 'Türk Hava Yolları' }),
        instrument(IPO_STOCK, { name: 'Yeni Arz A.Ş.', t1: true }),
      ],
      clock.now,
    );
    source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    source.setTicker(IPO_STOCK, { last: '20.00', prev: '20.00' });
    const market: MarketSource = {
      ...source,
      // Both with a volatility: only the listing date keeps the IPO's stock out.
      volatility: () => 0.3,
      status: (m): MarketStatus => source.status(m),
    };
    server = await startServer(target, { source: market, clock });
    call = api({ server } as never);
    await createIpo(server.database.db, draft(start), clock.now());
  });
  afterAll(async () => server?.close());

  const buyOn = (symbol: string, strike: string, premium: string) => ({
    action: 'buy',
    symbol,
    kind: 'call',
    strike,
    expiresAt: String(MONDAY_CLOSE),
    contracts: '1',
    premium,
  });

  it('answers no rule and refuses a buy with NOT_TRADABLE before the listing, changing nothing', async () => {
    const u = await holder(server.database.db, '10000');
    // Its stock order is refused so, and its option rule and buy the same way.
    const stock = await call.post('/stock/order/buy', u.token, {
      symbol: IPO_STOCK,
      type: 'market',
      quantity: '1',
    });
    expect(stock.key).toBe('NOT_TRADABLE');
    // The stock screen and ticket learn the date from the stock's facts; other stocks carry none.
    const facts = await call.get<StockInfo>('/stock/index/info', '', { symbol: IPO_STOCK });
    expect(facts.data.listingAt).toBe(listingAt);
    const listed = await call.get<StockInfo>('/stock/index/info', '', { symbol: 'THYAO' });
    expect(listed.code).toBe(0);
    expect('listingAt' in listed.data).toBe(false);
    const rule = await call.get('/stock/index/option/rule', '', { symbol: IPO_STOCK }, 'tr-TR');
    expect([rule.code, rule.key, rule.msg]).toEqual([
      -1001,
      'NOT_TRADABLE',
      'Bu enstrüman burada alınıp satılamaz.',
    ]);
    const before = await untouched(server.database.db, u.userId);
    const bought = await call.post('/stock/order/option/apply', u.token, buyOn(IPO_STOCK, '20.00', '5'));
    expect([bought.code, bought.key]).toEqual([-1001, 'NOT_TRADABLE']);
    expect(await untouched(server.database.db, u.userId)).toEqual(before);
    // A listed stock is not affected.
    expect((await call.get<OptionRule>('/stock/index/option/rule', '', { symbol: 'THYAO' })).code).toBe(0);
  });

  it('offers its options once listed', async () => {
    clock.set(listingAt);
    const u = await holder(server.database.db, '10000');
    const rule = await call.get<OptionRule>('/stock/index/option/rule', '', { symbol: IPO_STOCK });
    expect(rule.code).toBe(0);
    expect(rule.data.spot).toBe('20.00');
    const bought = await call.post<OptionPosition>(
      '/stock/order/option/apply',
      u.token,
      // A premium shown above the model's: charged the model's, never more than what was shown.
      { ...buyOn(IPO_STOCK, '20.00', '5'), contracts: '10' },
    );
    expect([bought.code, bought.key]).toEqual([0, undefined]);
    expect(bought.data.symbol).toBe(IPO_STOCK);
    clock.set(MONDAY_NOON);
  });
});

/**
 * The price tolerance has one rule (domain/options/money) for the broker's check and the ticket's
 * worst case: whatever a buy is charged stays within the cost at maxBuyPremium of what was shown.
 */
describe.each(dbTargets())('a buy within the price tolerance on %s', (target) => {
  let server: TestServer;
  let call: ReturnType<typeof api>;
  const t = MONDAY_NOON;
  beforeAll(async () => {
    const source = scriptedSource([instrument('THYAO', { name: 'Türk Hava Yolları' })], () => t);
    source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    const market: MarketSource = { ...source, volatility: () => 0.3, priceProcess: mertonProcess };
    server = await startServer(target, { source: market, clock: { now: () => t } });
    call = api({ server } as never);
  });
  afterAll(async () => server?.close());

  it('charges at most the cost at the ceiling shown, and refuses above it', async () => {
    const u = await holder(server.database.db, '10000');
    const rule = await call.get<OptionRule>('/stock/index/option/rule', '', { symbol: 'THYAO' });
    // The day call K 100 is 0.3128 a share (options-flow.test.ts). Shown 0.3070: the ceiling is
    // 0.3070 × 1.02 = 0.31314 → 0.3131 ≥ 0.3128, so it fills, above the figure shown but within the
    // worst case the ticket showed (10 contracts: 313.10 + the 1 TRY minimum fee = 314.10).
    const ceiling = maxBuyPremium('0.3070', rule.data.priceTolerance);
    expect(ceiling.toFixed()).toBe('0.3131');
    const worst = buyCost(ceiling, rule.data.multiplier, '10', rule.data.feeRate, rule.data.minFee);
    const fields = { ...{ action: 'buy', symbol: 'THYAO', kind: 'call', strike: '100.00' } };
    const bought = await call.post<OptionPosition>('/stock/order/option/apply', u.token, {
      ...fields,
      expiresAt: String(MONDAY_CLOSE),
      contracts: '10',
      premium: '0.3070',
    });
    expect(bought.code).toBe(0);
    expect(bought.data.premium).toBe('0.3128');
    expect(new Decimal(bought.data.cost).lte(worst.cost)).toBe(true);
    expect(worst.cost.toFixed()).toBe('314.1');
    // Shown 0.3060: the ceiling 0.3121 is below the price: refused, nothing charged.
    const before = await untouched(server.database.db, u.userId);
    const refused = await call.post('/stock/order/option/apply', u.token, {
      ...fields,
      expiresAt: String(MONDAY_CLOSE),
      contracts: '10',
      premium: '0.3060',
    });
    expect(refused.key).toBe('OPTION_PRICE_CHANGED');
    expect(await untouched(server.database.db, u.userId)).toEqual(before);
  });
});
