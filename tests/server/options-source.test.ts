import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBistTick, toSteps } from '../../domain/market/ticks';
import type { OptionPosition, OptionRule } from '../../domain/protocol/options';
import { userBalances } from '../../server/ledger/balances';
import { verifyLedger } from '../../server/ledger/verify';
import { createCompositeSource } from '../../server/market/composite';
import { createSimulator } from '../../server/market/simulator/simulator';
import { settlementPrice } from '../../server/options/settlement-price';
import { instrument, scriptedSource } from '../support/scripted-source';
import { dbTargets, startServer, type TestServer } from '../support/server';
import { api, balance, MONDAY_NOON, trader } from './spot-support';

const sim = (alwaysOpen: boolean) =>
  createSimulator({ seed: 7, clock: { now: () => MONDAY_NOON }, alwaysOpen, profile: 'default' });

describe('the volatility options are priced on', () => {
  it('is the simulator’s own, annualised over the trading days it runs', () => {
    // A group-1 stock moves 2.2% a trading day (its GARCH variance averaging 1.095 times that),
    // plus a jump of 0.6·2.2% every other day: daily variance 0.022²·(1.095 + 0.5·0.36) = 0.022²·1.275.
    // BIST's ~250 sessions a year: √(0.00061710·250) = 0.392779; always open, three 8-hour sessions
    // a day: √(0.00061710·1095) = 0.822025
    expect(sim(false).volatility?.('THYAO')).toBeCloseTo(0.392779, 5);
    expect(sim(true).volatility?.('THYAO')).toBeCloseTo(0.822025, 5);
    // Coins run 365 days of 24 hours, their GARCH averaging 1.034: √(0.028²·1.214·365) = √0.347398 = 0.589405
    expect(sim(false).volatility?.('BTCUSDT')).toBeCloseTo(0.589405, 5);
    // An index is not traded; an unknown symbol has none.
    expect(sim(false).volatility?.('XU100')).toBeNull();
    expect(sim(false).volatility?.('NOPE')).toBeNull();
  });

  it('passes through a composite source, and is absent for a source that has none', () => {
    const coins = scriptedSource([instrument('BTCUSDT')]);
    const both = createCompositeSource(sim(false), coins);
    expect(both.volatility?.('THYAO')).toBeCloseTo(0.392779, 5);
    // The exchange feed has no volatility: no options on its coins.
    expect(both.volatility?.('BTCUSDT')).toBeNull();
  });
});

describe('the settlement price', () => {
  const expiry = MONDAY_NOON + 6 * 3_600_000;

  it('is the last print at or before expiry, then the bar ending at expiry, then the live price', () => {
    const source = scriptedSource([instrument('THYAO')], () => expiry + 60_000);
    source.setTicker('THYAO', { last: '99.00' });
    // Nothing printed, no bars: the live price at the pass.
    expect(settlementPrice(source, 'THYAO', expiry)).toMatchObject({ price: '99.00', from: 'live' });
    // The one-minute bar 17:59–18:00 closes at the minute's last print.
    source.setCandles('THYAO', '1m', [
      { t: expiry - 120_000, o: '100.00', h: '100.50', l: '99.80', c: '100.20', v: '10' },
      { t: expiry - 60_000, o: '100.20', h: '101.00', l: '100.10', c: '100.90', v: '7' },
      { t: expiry, o: '100.90', h: '105.00', l: '100.90', c: '105.00', v: '3' },
    ]);
    expect(settlementPrice(source, 'THYAO', expiry)).toEqual({
      price: '100.90',
      at: expiry - 60_000,
      from: 'candle',
    });
    // A kept print at or before expiry is the answer; a print at expiry counts, one after it does not.
    source.emitTrades('THYAO', [
      { id: '1', t: expiry - 30_000, price: '100.70', qty: '1', side: 'buy' },
      { id: '2', t: expiry, price: '100.80', qty: '1', side: 'sell' },
      { id: '3', t: expiry + 1, price: '104.00', qty: '1', side: 'buy' },
    ]);
    expect(settlementPrice(source, 'THYAO', expiry)).toEqual({ price: '100.80', at: expiry, from: 'trade' });
  });
});

describe.each(dbTargets().slice(0, 1))('options over the real simulator on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => server?.close());

  it('offers tick-aligned strikes around its price and sells one at its own model price', async () => {
    const call = api({ server } as never);
    const rule = await call.get<OptionRule>('/stock/index/option/rule', '', { symbol: 'THYAO' });
    expect(rule.code).toBe(0);
    // Always open (the test market): a 2.2%-a-session stock, three sessions a day, ≈ 82% a year.
    expect(Number(rule.data.volatility)).toBeCloseTo(0.822, 4);
    expect(rule.data.strikes).toHaveLength(11);
    for (const strike of rule.data.strikes) expect(onBistTick(toSteps(strike, 2))).toBe(true);
    expect(rule.data.expiries.map((e) => e.kind)).toEqual(['day', 'week', 'month']);
    const { token, userId } = await trader(server.database.db, { TRY: '100000', USDT: '0' });
    const atm = rule.data.strikes[5]!;
    const expiry = rule.data.expiries[2]!;
    // A ticket that showed more than the model is charged the model: the server's price, never more.
    const bought = await call.post<OptionPosition>('/stock/order/option/apply', token, {
      action: 'buy',
      symbol: 'THYAO',
      kind: 'call',
      strike: atm,
      expiresAt: String(expiry.expiresAt),
      contracts: '1',
      premium: '1000000',
    });
    expect([bought.code, bought.key]).toEqual([0, undefined]);
    expect(Number(bought.data.premium)).toBeGreaterThan(0);
    expect(Number(bought.data.premium)).toBeLessThan(Number(rule.data.spot) * 0.5);
    const cash = balance(await userBalances(server.database.db, userId, 'real'), 'stock', 'TRY').available;
    expect(new Decimal('100000').minus(cash).toFixed()).toBe(bought.data.cost);
    expect(await verifyLedger(server.database.db)).toEqual([]);
  });
});
