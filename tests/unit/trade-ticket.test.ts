import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { onBistTick, toSteps } from '../../domain/market/ticks';
import type { StockInfo } from '../../domain/protocol/market';
import { marketEstimate } from '../../domain/market/market-estimate';
import { stockCosts } from '../../domain/rules';
import {
  checkTicket,
  marketOrderBlock,
  previewOrder,
  sessionClosed,
  startPrice,
  stepLots,
  wholeLots,
  stepPrice,
} from '../../src/screens/trade/ticket-logic';
import { rng, seedFromEnv } from '../support/random';
import { SAMPLE_STATUS, SAMPLE_STOCK_COSTS, sampleQuote } from '../support/sample-market';

const COSTS = SAMPLE_STOCK_COSTS;
const LIMITS = { minAmount: '1', maxShares: 1_000_000 };

function info(price: string, lower: string, upper: string, t1 = false): StockInfo {
  return {
    ...sampleQuote('KONTR', 'Kontrolmatik', price, '0', '1000'),
    group: 1,
    t1,
    lot: 1,
    priceScale: 2,
    upperLimit: upper,
    lowerLimit: lower,
    members: [],
    status: SAMPLE_STATUS,
  };
}

describe('price stepper by BIST tick', () => {
  it('moves one tick of the tier it is in, and lands on tier edges', () => {
    expect(stepPrice('19.99', 1, null, null)).toBe('20');
    expect(stepPrice('20', -1, null, null)).toBe('19.99');
    expect(stepPrice('20', 1, null, null)).toBe('20.02');
    expect(stepPrice('49.98', 1, null, null)).toBe('50');
    expect(stepPrice('50', -1, null, null)).toBe('49.98');
    expect(stepPrice('100', -1, null, null)).toBe('99.95');
    expect(stepPrice('250', 1, null, null)).toBe('250.25');
    expect(stepPrice('1000', -1, null, null)).toBe('999.5');
    expect(stepPrice('1000', 1, null, null)).toBe('1001');
  });

  it('snaps an off-grid price onto the grid first', () => {
    expect(stepPrice('20.01', 1, null, null)).toBe('20.02');
    expect(stepPrice('20.01', -1, null, null)).toBe('20');
    expect(stepPrice('312.3', -1, null, null)).toBe('312.25');
  });

  it('never leaves the day band', () => {
    const band = { lower: '250', upper: '374.5' };
    expect(stepPrice('374.5', 1, band, null)).toBe('374.5');
    expect(stepPrice('250', -1, band, null)).toBe('250');
  });

  it('starts from the last price rounded down to its tick, or the band when there is none', () => {
    expect(startPrice('312.37', null)).toBe('312.25');
    expect(startPrice('19.999', null)).toBe('19.99');
    expect(startPrice(null, { lower: '10', upper: '12' })).toBe('10');
    expect(stepPrice(null, 1, null, '312.37')).toBe('312.5');
    expect(stepPrice(null, -1, null, '312.37')).toBe('312.25');
  });

  it('up then down returns to the same price, always on a tick (seeded)', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let i = 0; i < 2000; i++) {
      const raw = Math.floor(random() * 300_000) + 1;
      const start = stepPrice((raw / 100).toFixed(2), -1, null, null)!;
      const up = stepPrice(start, 1, null, null)!;
      const back = stepPrice(up, -1, null, null)!;
      const context = `seed ${seed}: ${start} → ${up} → ${back}`;
      expect(onBistTick(toSteps(new Decimal(up).toFixed(2), 2)), context).toBe(true);
      expect(new Decimal(up).gt(start), context).toBe(true);
      expect(back, context).toBe(start);
    }
  });
});

describe('lots stepper', () => {
  it('steps whole lots and never goes below one lot', () => {
    expect(stepLots('5', 1, 1)).toBe('6');
    expect(stepLots('5', -1, 1)).toBe('4');
    expect(stepLots('1', -1, 1)).toBe('1');
    expect(stepLots(null, 1, 1)).toBe('1');
    expect(stepLots('7', 1, 5)).toBe('10');
    expect(stepLots('7', -1, 5)).toBe('5');
  });

  it('offers all of a holding in whole lots, and nothing under one lot', () => {
    expect(wholeLots('10', 1)).toBe('10');
    expect(wholeLots('23', 5)).toBe('20');
    expect(wholeLots('5', 5)).toBe('5');
    expect(wholeLots('4', 5)).toBeNull();
    expect(wholeLots('0', 1)).toBeNull();
    expect(wholeLots('7.9', 1)).toBe('7');
  });
});

describe('cost preview', () => {
  it('is exactly the domain stockCosts of the amount the order will trade', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let i = 0; i < 500; i++) {
      const qty = String(Math.floor(random() * 5000) + 1);
      const price = (Math.floor(random() * 50_000) / 100 + 0.01).toFixed(2);
      const amount = new Decimal(qty).times(price);
      const costs = stockCosts(amount, COSTS);
      const buy = previewOrder('buy', 'limit', qty, price, null, COSTS);
      const sell = previewOrder('sell', 'market', qty, null, price, COSTS);
      expect(buy.costs, `seed ${seed}`).toEqual(costs);
      expect(buy.total, `seed ${seed}`).toBe(amount.plus(costs.total).toFixed());
      expect(sell.costs, `seed ${seed}`).toEqual(costs);
      expect(sell.total, `seed ${seed}`).toBe(amount.minus(costs.total).toFixed());
    }
  });

  it('shows no costs rather than invented ones when the settings or a price are missing', () => {
    expect(previewOrder('buy', 'limit', '10', '5', null, undefined)).toEqual({
      price: '5',
      amount: '50',
      costs: null,
      total: null,
    });
    expect(previewOrder('buy', 'market', '10', null, null, COSTS).total).toBeNull();
  });
});

describe('market order estimate', () => {
  const book = {
    bids: ['318.75', '318.50'],
    asks: ['319.25', '319.50'],
    bidQty: { '318.75': '5', '318.50': '100' },
    askQty: { '319.25': '4', '319.50': '100' },
  };
  it('is the average of the levels the quantity takes, asks for a buy and bids for a sell', () => {
    // Buy 10: 4 × 319.25 + 6 × 319.50 = 1,277 + 1,917 = 3,194 → 319.4 each (the last trade 318.75).
    expect(marketEstimate('buy', '10', book, '318.75')).toBe('319.4');
    // Buy 3: all at the best ask.
    expect(marketEstimate('buy', '3', book, '318.75')).toBe('319.25');
    // Sell 10: 5 × 318.75 + 5 × 318.50 = 1,593.75 + 1,592.50 = 3,186.25 → 318.625.
    expect(marketEstimate('sell', '10', book, '319')).toBe('318.625');
  });

  it('prices what the book does not hold at its last level, and falls back to the last trade', () => {
    // Buy 110: 4 × 319.25 + 100 × 319.50 + 6 × 319.50 = 1,277 + 33,867 = 35,144 → 319.490909…
    expect(marketEstimate('buy', '110', book, '318')).toBe(new Decimal(35_144).div(110).toFixed());
    expect(marketEstimate('buy', '10', { bids: [], asks: [], bidQty: {}, askQty: {} }, '318.75')).toBe(
      '318.75',
    );
    expect(marketEstimate('buy', '10', undefined, '318.75')).toBe('318.75');
    expect(marketEstimate('buy', null, book, '318.75')).toBe('319.25');
  });
});

describe('client-side rules (the same domain/rules the server applies)', () => {
  const stock = info('100', '80', '120', true);
  const preview = (qty: string, price: string) => previewOrder('buy', 'limit', qty, price, '100', COSTS);

  it('refuses a price off its tick or outside the band, with the server keys', () => {
    const offTick = checkTicket(
      stock,
      { side: 'buy', type: 'limit', quantity: '1', price: '100.03' },
      '100',
      LIMITS,
      null,
      preview('1', '100.03'),
    );
    expect(offTick?.key).toBe('PRICE_TICK');
    const outside = checkTicket(
      stock,
      { side: 'buy', type: 'limit', quantity: '1', price: '121' },
      '100',
      LIMITS,
      null,
      preview('1', '121'),
    );
    expect(outside).toEqual({ key: 'PRICE_OUTSIDE_BAND', params: { lower: '80.00', upper: '120.00' } });
  });

  it('refuses selling T+1-locked shares and buying beyond the cash', () => {
    const account = { cashAvailable: '50', free: '10', locked: '10' };
    const sell = checkTicket(
      stock,
      { side: 'sell', type: 'market', quantity: '5' },
      '100',
      LIMITS,
      account,
      previewOrder('sell', 'market', '5', null, '100', COSTS),
    );
    expect(sell?.key).toBe('T1_LOCKED');
    const none = checkTicket(
      stock,
      { side: 'sell', type: 'market', quantity: '5' },
      '100',
      LIMITS,
      { ...account, free: '0', locked: '0' },
      previewOrder('sell', 'market', '5', null, '100', COSTS),
    );
    expect(none?.key).toBe('AVAILABLE_QUANTITY_ZERO');
    const buy = checkTicket(
      stock,
      { side: 'buy', type: 'limit', quantity: '1', price: '100' },
      '100',
      LIMITS,
      account,
      preview('1', '100'),
    );
    expect(buy?.key).toBe('INSUFFICIENT_BALANCE');
    const fine = checkTicket(
      stock,
      { side: 'buy', type: 'limit', quantity: '1', price: '100' },
      '100',
      LIMITS,
      { ...account, cashAvailable: '1000' },
      preview('1', '100'),
    );
    expect(fine).toBeNull();
  });
});

describe('market orders and feed freshness', () => {
  it('are off while the feed is stale, reconnecting or connecting, or the book resyncs', () => {
    expect(marketOrderBlock('stale', 'live')).toBe('ticket.market_paused');
    expect(marketOrderBlock('reconnecting', undefined)).toBe('ticket.market_paused');
    expect(marketOrderBlock('connecting', undefined)).toBe('ticket.market_paused');
    expect(marketOrderBlock('live', 'resyncing')).toBe('ticket.market_resyncing');
    expect(marketOrderBlock('live', 'live')).toBeNull();
    expect(marketOrderBlock('polling', undefined)).toBeNull();
  });

  it('are off out of session, before any other reason, until the next opening', () => {
    expect(marketOrderBlock('live', 'live', true)).toBe('ticket.market_closed');
    expect(marketOrderBlock('stale', 'resyncing', true)).toBe('ticket.market_closed');
    const now = Date.parse('2026-11-27T17:00:00Z');
    const closed = { ...SAMPLE_STATUS, state: 'closed' as const, open: false, nextClose: null };
    const monday = Date.parse('2026-11-30T07:00:00Z');
    expect(sessionClosed({ ...closed, nextOpen: monday }, now)).toBe(true);
    expect(sessionClosed({ ...closed, nextOpen: monday }, monday)).toBe(false);
    expect(sessionClosed({ ...closed, nextOpen: null }, now)).toBe(true);
    expect(sessionClosed(SAMPLE_STATUS, now)).toBe(false);
    expect(sessionClosed({ ...closed, state: 'always_open', nextOpen: null }, now)).toBe(false);
  });
});
