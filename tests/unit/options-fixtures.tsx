import { act } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { MarketPatch } from '../../domain/market-data/contract';
import Decimal from 'decimal.js';
import type {
  OptionPosition,
  OptionQuote,
  OptionRule,
  OptionStatistics,
} from '../../domain/protocol/options';
import { flushMarketData } from '../../src/market/client';
import { resetOptionQuotes } from '../../src/state/option-quotes';
import { FakeMarketData } from '../support/fake-market-data';

/** The signed-in user's profile, the same as the IPO screens'. */
export { profile } from './ipo-fixtures';

/**
 * Answers of the option endpoints, typed by the wire contract (domain/protocol/options.ts), and
 * the figures they give on the ticket, computed by hand (tests/unit/options-pricing.test.ts checks
 * the formula itself against published values).
 */
export const API = `${location.origin}/ipxtrg-api`;
export const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
export const refuse = (key: string, msg = '') => HttpResponse.json({ code: -1001, msg, key, data: null });
export const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 50 });

/** Monday 23 Nov 2026 12:00 in Istanbul (09:00 UTC): the tests' "now". */
export const T0 = Date.UTC(2026, 10, 23, 9, 0);
/** The session closes of the day, the week (Friday) and the month (Monday 30th): 18:00 Istanbul. */
export const DAY_END = Date.UTC(2026, 10, 23, 15, 0);
export const WEEK_END = Date.UTC(2026, 10, 27, 15, 0);
export const MONTH_END = Date.UTC(2026, 10, 30, 15, 0);

export function rule(extra: Partial<OptionRule> = {}): OptionRule {
  return {
    symbol: 'THYAO',
    name: 'Türk Hava Yolları',
    currency: 'TRY',
    priceScale: 2,
    spot: '300',
    spotAt: T0,
    volatility: '0.32',
    rate: '0.40',
    multiplier: 100,
    strikes: ['270', '280', '290', '300', '310', '320', '330'],
    expiries: [
      { kind: 'day', expiresAt: DAY_END },
      { kind: 'week', expiresAt: WEEK_END },
      { kind: 'month', expiresAt: MONTH_END },
    ],
    feeRate: '0.001',
    minFee: '5',
    minPremium: '100',
    maxContracts: '50',
    closeSpread: '0.02',
    priceTolerance: '0.01',
    quoteSeconds: 10,
    marketOpen: true,
    // A lognormal around the clock: every hour trades, 1095 eight-hour sessions a year.
    process: {
      sessionsPerYear: 1095,
      sessionMs: 8 * 3_600_000,
      jumpsPerSession: 0,
      jumpShare: 0,
      clusterStepMs: 60_000,
      persistence: 0.96,
      afterglowShare: 0,
      clustering: 0,
    },
    sessions: null,
    ...extra,
  };
}

/**
 * The weekly 300 call, T = 4 days 6 h = 4.25/365 years, σ 0.32, r 0.40 (Python's math.erf):
 * S 300 → 4.857300 per share (shown as 4.8573 when this position was bought); S 310 → 12.137232; S 304.5 → 7.749040.
 * Two contracts of 100 shares at 4.8573: 971.46 premium + 5.00 minimum fee = 976.46.
 */
export function position(id: string, extra: Partial<OptionPosition> = {}): OptionPosition {
  return {
    id,
    symbol: 'THYAO',
    name: 'Türk Hava Yolları',
    kind: 'call',
    strike: '300',
    expiresAt: WEEK_END,
    contracts: '2',
    multiplier: 100,
    openPrice: '300',
    premium: '4.8573',
    premiumTotal: '971.46',
    fee: '5',
    cost: '976.46',
    status: 'open',
    closePrice: null,
    payoff: null,
    closeFee: null,
    pnl: null,
    pnlRatio: null,
    openedAt: T0 - 3_600_000,
    closedAt: null,
    ...extra,
  };
}

export function stats(extra: Partial<OptionStatistics> = {}): OptionStatistics {
  return {
    premiumPaid: '0',
    feesPaid: '0',
    payoffReceived: '0',
    pnl: '0',
    wins: 0,
    losses: 0,
    open: 0,
    ...extra,
  };
}

/**
 * The broker's quote (POST /stock/order/option/apply `action: 'quote'`) of `contracts` at
 * `premium` a share on the fixtures' terms (multiplier 100, fee 0.1 % at least 5 TRY), honoured
 * for 10 s from the (faked) clock. A close quote's total is the proceeds (gross − fee).
 */
export function brokerQuote(
  quoteId: string,
  premium: string,
  contracts: string,
  extra: Partial<OptionQuote> = {},
): OptionQuote {
  const side = extra.side ?? 'buy';
  const gross = new Decimal(premium).times(100).times(contracts).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const fee = Decimal.max(gross.times('0.001').toDecimalPlaces(2, Decimal.ROUND_DOWN), 5);
  return {
    quoteId,
    side,
    id: null,
    symbol: 'THYAO',
    kind: 'call',
    strike: '300',
    expiresAt: WEEK_END,
    contracts,
    multiplier: 100,
    spot: '300',
    premium,
    premiumTotal: gross.toFixed(),
    fee: fee.toFixed(),
    total: (side === 'buy' ? gross.plus(fee) : gross.minus(fee)).toFixed(),
    validUntil: Date.now() + 10_000,
    greeks: { delta: '0.5213', gamma: '0.021', vega: '0.3442', theta: '-0.4911', rho: '-0.0006' },
    ...extra,
  };
}

/** A form body as the server reads it. */
export async function formOf(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}

let feed: FakeMarketData | null = null;

/**
 * A fresh fake worker for a test (setMarketDataApi): it prices option quotes as the worker does.
 * The quotes the last test's worker left are forgotten with it.
 */
export function newFeed(): FakeMarketData {
  resetOptionQuotes();
  feed = new FakeMarketData();
  return feed;
}

/** One worker flush applied now (the quotes asked for so far arrive), and valtio's notification. */
export async function settle(): Promise<void> {
  await act(async () => {
    await flushMarketData();
    await Promise.resolve();
  });
}

/** A tick of the underlying through the fake worker, which re-prices its options on it. */
export async function tick(symbol: string, last: string): Promise<void> {
  const patch: MarketPatch = { tickers: { [symbol]: { symbol, last } } };
  feed?.push(patch);
  await settle();
}

/** The screen as the router mounts it: its path in the context, wouter on the app's location. */
export { renderAtPath as renderAt } from '../support/render-screen';
