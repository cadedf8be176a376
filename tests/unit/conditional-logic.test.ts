import { describe, expect, it } from 'vitest';
import {
  conditionalProblem,
  conditionalRequest,
  firstLeg,
  holdPrices,
  isComplete,
  positiveFigure,
  priceProblem,
  secondLeg,
  steppedPrice,
  steppedQuantity,
  trailingDisabledReason,
  type ConditionalInputs,
  type PriceGrid,
} from '../../src/components/conditional/conditional-logic';

/** A sell stop of 10 lots below a last price of 100.00, nothing else typed. */
const inputs = (patch: Partial<ConditionalInputs>): ConditionalInputs => ({
  kind: 'stop',
  side: 'sell',
  quantity: '10',
  trigger: '95',
  limit: null,
  trailBy: 'percent',
  trail: null,
  oco: false,
  ocoTrigger: null,
  ...patch,
});
// THYAO-like: group 1 (±20%) around a previous close of 100.00 → 80.00 – 120.00.
const STOCK: PriceGrid = { wallet: 'stock', priceScale: 2, band: { lower: '80', upper: '120' } };
const COIN: PriceGrid = { wallet: 'coin', priceScale: 2, band: null };

describe('the conditional ticket: a trigger against the last price, by side and kind', () => {
  it('refuses a trigger the last price has already reached, naming the last price', () => {
    // A sell stop waits for a fall: 95 below 100 waits; 100 and 101 have been reached.
    expect(conditionalProblem(inputs({}), '100', STOCK)).toBeNull();
    expect(conditionalProblem(inputs({ trigger: '100' }), '100', STOCK)).toEqual({
      key: 'CONDITIONAL_TRIGGER_CROSSED',
      params: { last: '100' },
    });
    expect(conditionalProblem(inputs({ trigger: '101' }), '100', STOCK)?.key).toBe(
      'CONDITIONAL_TRIGGER_CROSSED',
    );
  });

  it('turns the test round for a buy and for a take-profit', () => {
    // A buy stop waits for a rise: 105 above 100 waits, 95 below has been reached.
    expect(conditionalProblem(inputs({ side: 'buy', trigger: '105' }), '100', STOCK)).toBeNull();
    expect(conditionalProblem(inputs({ side: 'buy', trigger: '95' }), '100', STOCK)?.key).toBe(
      'CONDITIONAL_TRIGGER_CROSSED',
    );
    // A sell take-profit waits for a rise; a buy take-profit for a fall.
    expect(conditionalProblem(inputs({ kind: 'take_profit', trigger: '105' }), '100', STOCK)).toBeNull();
    expect(conditionalProblem(inputs({ kind: 'take_profit', trigger: '95' }), '100', STOCK)?.key).toBe(
      'CONDITIONAL_TRIGGER_CROSSED',
    );
    expect(
      conditionalProblem(inputs({ kind: 'take_profit', side: 'buy', trigger: '95' }), '100', STOCK),
    ).toBeNull();
  });

  it('checks nothing against a last price that has not printed', () => {
    expect(conditionalProblem(inputs({ trigger: '130.10' }), null, { ...STOCK, band: null })).toBeNull();
  });
});

describe('the conditional ticket: prices on the grid and in the band, as the order ticket checks them', () => {
  it('puts a stock price on the tick of its tier', () => {
    // 95.00–99.99 ticks by 0.05: 95.05 is on it, 95.03 is not; 100.00 and up by 0.10.
    expect(priceProblem('95.05', STOCK)).toBeNull();
    expect(priceProblem('95.03', STOCK)).toEqual({ key: 'PRICE_TICK', params: { tick: '0.05' } });
    expect(priceProblem('110.15', STOCK)).toEqual({ key: 'PRICE_TICK', params: { tick: '0.10' } });
    expect(priceProblem('19.99', STOCK)?.key).toBe('PRICE_OUTSIDE_BAND');
  });

  it('keeps a stock price inside the day band, its ends included', () => {
    expect(priceProblem('80', STOCK)).toBeNull();
    expect(priceProblem('120', STOCK)).toBeNull();
    expect(priceProblem('79.95', STOCK)).toEqual({
      key: 'PRICE_OUTSIDE_BAND',
      params: { lower: '80', upper: '120' },
    });
    expect(priceProblem('120.10', STOCK)?.key).toBe('PRICE_OUTSIDE_BAND');
    expect(priceProblem('300', { ...STOCK, band: null })).toBeNull();
  });

  it("holds a coin price to the pair's decimals and to no band", () => {
    expect(priceProblem('64000.25', COIN)).toBeNull();
    expect(priceProblem('64000.255', COIN)).toEqual({ key: 'PRICE_TICK', params: { tick: '0.01' } });
    expect(priceProblem('1000000', COIN)).toBeNull();
  });

  it('checks the trigger, then the limit, then the second leg', () => {
    const stopLimit = inputs({ kind: 'stop_limit', trigger: '95', limit: '94.97' });
    expect(conditionalProblem(stopLimit, '100', STOCK)).toEqual({
      key: 'PRICE_TICK',
      params: { tick: '0.05' },
    });
    const pair = inputs({ kind: 'take_profit', trigger: '110', oco: true, ocoTrigger: '70' });
    expect(conditionalProblem(pair, '100', STOCK)?.key).toBe('PRICE_OUTSIDE_BAND');
    expect(conditionalProblem({ ...pair, ocoTrigger: '90' }, '100', STOCK)).toBeNull();
    // The second leg of a take-profit is a stop: a stop above the last price has been reached.
    expect(conditionalProblem({ ...pair, ocoTrigger: '105' }, '100', STOCK)?.key).toBe(
      'CONDITIONAL_TRIGGER_CROSSED',
    );
  });
});

describe('the conditional ticket: the trailing stop', () => {
  it('is off, with its reason, while no last price has printed', () => {
    expect(trailingDisabledReason(null)).toBe('trail_no_last');
    expect(trailingDisabledReason('100')).toBeNull();
    const trailing = inputs({ kind: 'trailing', trigger: null, trail: '5' });
    expect(conditionalProblem(trailing, null, STOCK)).toEqual({ key: 'FEED_STALE' });
    expect(conditionalProblem(trailing, '100', STOCK)).toBeNull();
  });

  it('takes a distance above zero and a percentage under 100', () => {
    const trailing = inputs({ kind: 'trailing', trigger: null });
    expect(conditionalProblem({ ...trailing, trail: '100' }, '100', STOCK)?.key).toBe(
      'CONDITIONAL_TRAIL_INVALID',
    );
    expect(conditionalProblem({ ...trailing, trail: '100', trailBy: 'amount' }, '100', STOCK)).toBeNull();
  });

  it('holds a buy at its trigger now: 5% above 100.00 is 105.00', () => {
    const buy = inputs({ kind: 'trailing', side: 'buy', trigger: null, trail: '5' });
    expect(holdPrices(buy, '100', 2)).toEqual(['105']);
    // 2.5% below 99.99 is 97.49025, rounded down for a sell: 97.49.
    expect(holdPrices({ ...buy, side: 'sell', trail: '2.5' }, '99.99', 2)).toEqual(['97.49']);
  });
});

describe('the conditional ticket: what it sends and when it may', () => {
  it('is complete only with every figure its kind needs', () => {
    expect(isComplete(inputs({}))).toBe(true);
    expect(isComplete(inputs({ quantity: null }))).toBe(false);
    expect(isComplete(inputs({ kind: 'stop_limit' }))).toBe(false);
    expect(isComplete(inputs({ kind: 'stop_limit', limit: '94.50' }))).toBe(true);
    expect(isComplete(inputs({ kind: 'take_profit', trigger: '105' }))).toBe(true);
    expect(isComplete(inputs({ oco: true }))).toBe(false);
    expect(isComplete(inputs({ kind: 'trailing', oco: true, trail: '3' }))).toBe(true);
  });

  it('sends a pair as one request, a take-profit paired with a stop', () => {
    const pair = inputs({
      kind: 'take_profit',
      trigger: '110',
      limit: '109.90',
      oco: true,
      ocoTrigger: '90',
    });
    expect(conditionalRequest('THYAO', pair)).toEqual({
      symbol: 'THYAO',
      side: 'sell',
      kind: 'take_profit',
      quantity: '10',
      trigger: '110',
      limit: '109.90',
      oco: '1',
      ocoKind: 'stop',
      ocoTrigger: '90',
    });
    expect(secondLeg(pair, firstLeg(pair, '100'))?.kind).toBe('stop');
  });

  it('sends a trailing stop by its distance, with no trigger, limit or second leg', () => {
    const trailing = inputs({
      kind: 'trailing',
      trigger: '95',
      limit: '94',
      trail: '2',
      trailBy: 'amount',
      oco: true,
    });
    expect(conditionalRequest('BTCUSDT', trailing)).toEqual({
      symbol: 'BTCUSDT',
      side: 'sell',
      kind: 'trailing',
      quantity: '10',
      trailBy: 'amount',
      trailValue: '2',
    });
  });

  it('a stop sends no limit even when one was typed under another kind', () => {
    expect(conditionalRequest('THYAO', inputs({ limit: '94' }))).not.toHaveProperty('limit');
  });

  it('reads a figure only when the field reads it, above zero', () => {
    expect(positiveFigure('12.5', '')).toBe('12.5');
    expect(positiveFigure('0', '')).toBeNull();
    expect(positiveFigure('', '')).toBeNull();
    expect(positiveFigure('12.5', 'too many decimals')).toBeNull();
  });

  it('steps a price by the tick where it is, from the last price when none is typed', () => {
    expect(steppedPrice(null, '99.95', 1, STOCK)).toBe('100.00');
    expect(steppedPrice('100', null, 1, STOCK)).toBe('100.10');
    expect(steppedPrice('100', null, -1, STOCK)).toBe('99.90');
    expect(steppedPrice(null, null, -1, STOCK)).toBe('0.00');
    expect(steppedPrice('64000.25', null, 1, COIN)).toBe('64000.26');
  });

  it('steps a quantity by its lot, never below zero', () => {
    expect(steppedQuantity('10', '1', 1, 0)).toBe('11');
    expect(steppedQuantity(null, '0.001', 1, 3)).toBe('0.001');
    expect(steppedQuantity('0.0005', '0.001', -1, 4)).toBe('0.0000');
  });
});
