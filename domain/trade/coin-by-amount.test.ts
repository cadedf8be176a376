import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import type { BookLevels } from '../market/market-estimate';
import { coinBuyTotal, coinFee } from '../rules/costs';
import { fillsTotal, walkLevels } from './book-walk';
import { askLevels, coinBuyByAmount } from './by-amount';

/** The broker's default coin spot settings: a 0.1 % fee. */
const FEE = { feeRate: '0.001', minAmount: '5' };

function asks(levels: [string, string][]): BookLevels {
  return {
    bids: [],
    bidQty: {},
    asks: levels.map(([price]) => price),
    askQty: Object.fromEntries(levels),
  };
}

const market = (book: BookLevels) => ({ kind: 'market' as const, book });

/** BTCUSDT's grid: prices to 2 decimals, quantities to 5. */
const BTC_STEP = '0.00001';
const BTC_ASKS: [string, string][] = [
  ['50010.00', '0.004'],
  ['50012.37', '0.003'],
  ['50020.00', '0.01'],
  ['50100.00', '0.5'],
];

describe('coin buy by amount at market, walked as the preview walks', () => {
  it('1000 USDT over four levels: 0.01996 BTC, 999.57168311 with its fee', () => {
    // 0.004 × 50010 = 200.04, 0.003 × 50012.37 = 150.03711, 0.01 × 50020 = 500.2: 850.27711 for
    // 0.017. The budget's amount is at most 1000 / 1.001 = 999.000999…, so 148.723889… more at
    // 50100: 0.0029685… → 0.00296 on the step, 148.296. 998.57311 + fee 0.99857311.
    // One step more (0.01997) would be 999.07411 + 0.99907411 = 1000.07318411.
    expect(coinBuyByAmount('1000', BTC_STEP, market(asks(BTC_ASKS)), FEE)).toEqual({
      quantity: '0.01996',
      amount: '998.57311',
      fee: '0.99857311',
      total: '999.57168311',
      leftover: '0.42831689',
      thin: false,
    });
  });

  it('250,50 USDT: 0.005 BTC over two levels, not one step more', () => {
    // 200.04 for 0.004; at most 250.5 / 1.001 = 250.2497…, so 50.2097… more at 50012.37:
    // 0.001 (50.01237). 250.05237 + 0.25005237. 0.00501 would be 250.5524937 before its fee.
    expect(coinBuyByAmount('250.5', BTC_STEP, market(asks(BTC_ASKS)), FEE)).toEqual({
      quantity: '0.005',
      amount: '250.05237',
      fee: '0.25005237',
      total: '250.30242237',
      leftover: '0.19757763',
      thin: false,
    });
  });

  it('rounds the fee as the booking does: half up at the 8th decimal', () => {
    // 0.00401: 200.04 + 0.00001 × 50012.37 = 200.5401237; its fee 0.2005401237 → 0.20054012.
    // 0.00402 would be 201.0402474 before its fee.
    expect(coinBuyByAmount('200.75', BTC_STEP, market(asks(BTC_ASKS)), FEE)).toEqual({
      quantity: '0.00401',
      amount: '200.5401237',
      fee: '0.20054012',
      total: '200.74066382',
      leftover: '0.00933618',
      thin: false,
    });
  });

  it('a thin book that runs out: all it holds, the rest of the budget left', () => {
    // Three levels hold 0.017 BTC for 850.27711 + 0.85027711; the budget would buy 0.01997 at
    // 50020, but past the levels shown the broker's next ones are dearer than the last.
    expect(coinBuyByAmount('1000', BTC_STEP, market(asks(BTC_ASKS.slice(0, 3))), FEE)).toEqual({
      quantity: '0.017',
      amount: '850.27711',
      fee: '0.85027711',
      total: '851.12738711',
      leftover: '148.87261289',
      thin: true,
    });
  });

  it('spends the budget to the last cent when it fits exactly', () => {
    // 5 × 100 + 2 × 200 = 900, fee 0.9: 900.9 for 7 on a 0.5 step.
    const book = asks([
      ['100', '5'],
      ['200', '10'],
    ]);
    expect(coinBuyByAmount('900.9', '0.5', market(book), FEE)).toMatchObject({
      quantity: '7',
      total: '900.9',
      leftover: '0',
    });
  });

  it('at four decimals of quantity (an ETH-like pair)', () => {
    // 0.25 × 3000.55 = 750.1375; 248.863499… more at 3001: 0.0829 (248.7829). 998.9204 + 0.9989204.
    const book = asks([
      ['3000.55', '0.25'],
      ['3001', '1'],
    ]);
    expect(coinBuyByAmount('1000', '0.0001', market(book), FEE)).toEqual({
      quantity: '0.3329',
      amount: '998.9204',
      fee: '0.9989204',
      total: '999.9193204',
      leftover: '0.0806796',
      thin: false,
    });
  });

  it('in whole units', () => {
    // 1000 × 0.5 = 500; at most 699.3006993 − 500 = 199.30… more at 0.6: 332 (199.2). 699.2 + 0.6992.
    const book = asks([
      ['0.5', '1000'],
      ['0.6', '1000'],
    ]);
    expect(coinBuyByAmount('700', '1', market(book), FEE)).toEqual({
      quantity: '1332',
      amount: '699.2',
      fee: '0.6992',
      total: '699.8992',
      leftover: '0.1008',
      thin: false,
    });
  });

  it('answers null with no asks, only empty levels, or a budget short of one step', () => {
    expect(coinBuyByAmount('1000', BTC_STEP, market(asks([])), FEE)).toBeNull();
    expect(coinBuyByAmount('1000', BTC_STEP, { kind: 'market', book: undefined }, FEE)).toBeNull();
    expect(coinBuyByAmount('1000', BTC_STEP, market(asks([['50010.00', '0']])), FEE)).toBeNull();
    // One step is 0.5001 + 0.0005001.
    expect(coinBuyByAmount('0.5', BTC_STEP, market(asks(BTC_ASKS)), FEE)).toBeNull();
  });

  it('walks the levels the preview walks: empty and unreadable ones left out', () => {
    const book = asks([
      ['100', '0'],
      ['101', '1.5'],
      ['102', 'x'],
    ]);
    expect(askLevels(book)).toEqual([['101', '1.5']]);
  });
});

describe('coin buy by amount at a limit, sized at its price and estimated at the asks', () => {
  const limit = (price: string, book: BookLevels) => ({ kind: 'limit' as const, price, book });

  it('250,50 USDT at 50020: 0.005 BTC as the limit pays for it, estimated at the two asks below', () => {
    // Sized at the limit: 0.005 × 50020 = 250.1 + 0.2501 ≤ 250.5; 0.00501 would need 250.6002.
    // The asks fill it at once: 0.004 × 50010 + 0.001 × 50012.37 = 250.05237 + 0.25005237.
    expect(coinBuyByAmount('250.5', BTC_STEP, limit('50020', asks(BTC_ASKS)), FEE)).toEqual({
      quantity: '0.005',
      amount: '250.05237',
      fee: '0.25005237',
      total: '250.30242237',
      leftover: '0.19757763',
      thin: false,
    });
  });

  it('below the best ask nothing fills now: all of it at the limit', () => {
    // 0.01998 × 49990 = 998.8002 + 0.9988002; 0.01999 would be 999.3001 + 0.9993001.
    expect(coinBuyByAmount('1000', BTC_STEP, limit('49990', asks(BTC_ASKS)), FEE)).toEqual({
      quantity: '0.01998',
      amount: '998.8002',
      fee: '0.9988002',
      total: '999.7990002',
      leftover: '0.2009998',
      thin: false,
    });
  });

  it('past a thin book the rest rests at the limit, which the budget still pays for', () => {
    // Sized at 50100: 0.01994 × 50100 = 998.994 + 0.998994 (0.01995: 999.495 + 0.999495).
    // Estimated: the three levels' 0.017 for 850.27711, the 0.00294 left at 50100 (147.294).
    expect(coinBuyByAmount('1000', BTC_STEP, limit('50100', asks(BTC_ASKS.slice(0, 3))), FEE)).toEqual({
      quantity: '0.01994',
      amount: '997.57111',
      fee: '0.99757111',
      total: '998.56868111',
      leftover: '1.43131889',
      thin: false,
    });
  });
});

/** A random ask side: 1–6 levels, each on the price grid, quantities on the step. */
function randomBook(random: () => number, scale: number, priceScale: number): BookLevels {
  const levels: [string, string][] = [];
  let price = new Decimal(1 + Math.floor(random() * 60_000));
  const count = 1 + Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    price = price.plus(new Decimal(1 + Math.floor(random() * 5_000)).div(10 ** priceScale));
    const qty = new Decimal(1 + Math.floor(random() * 3_000)).div(10 ** scale);
    levels.push([price.toFixed(priceScale), qty.toFixed()]);
  }
  return asks(levels);
}

describe('coin buy by amount on random books', () => {
  it('never costs more than the budget, and one more step would not fit', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 400; run++) {
      const scale = Math.floor(random() * 7);
      const step = new Decimal(10).pow(-scale);
      const book = randomBook(random, scale, Math.floor(random() * 3));
      const budget = new Decimal(Math.floor(random() * 5_000_000)).div(100).toFixed();
      const where = `SEED=${seed} run ${run}: ${budget} on ${JSON.stringify(book.askQty)} step ${step}`;
      const bought = coinBuyByAmount(budget, step.toFixed(), market(book), FEE);
      // The preview's own figures for that quantity: walkLevels, fillsTotal and the fee on them.
      const preview = (qty: Decimal) => {
        const filled = fillsTotal(walkLevels(askLevels(book), 'buy', qty, null));
        return { filled, total: filled.amount.plus(coinFee(filled.amount, FEE)) };
      };
      const held = askLevels(book).reduce((sum, [, qty]) => sum.plus(qty), new Decimal(0));
      const next = bought === null ? step : new Decimal(bought.quantity).plus(step);
      const more = preview(next);
      expect(more.filled.qty.lt(next) || more.total.gt(budget), where).toBe(true);
      if (bought === null) continue;
      const qty = new Decimal(bought.quantity);
      expect(qty.mod(step).isZero() && qty.lte(held), where).toBe(true);
      expect(preview(qty).total.toFixed(), where).toBe(bought.total);
      expect(new Decimal(bought.total).lte(budget), where).toBe(true);
      expect(new Decimal(bought.total).plus(bought.leftover).toFixed(), where).toBe(budget);
    }
  });

  it('at a limit: the hold never more than the budget, one more step would be, the preview agrees', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 400; run++) {
      const scale = Math.floor(random() * 7);
      const step = new Decimal(10).pow(-scale);
      const book = randomBook(random, scale, 2);
      const best = new Decimal(book.asks[0]!);
      // From 5 % under the best ask to 5 % over it, on the 0.01 grid.
      const price = best
        .times(0.95 + random() * 0.1)
        .toDecimalPlaces(2, Decimal.ROUND_DOWN)
        .toFixed();
      const budget = new Decimal(Math.floor(random() * 5_000_000)).div(100).toFixed();
      const where = `SEED=${seed} run ${run}: ${budget} at ${price} on ${JSON.stringify(book.askQty)}`;
      const bought = coinBuyByAmount(budget, step.toFixed(), { kind: 'limit', price, book }, FEE);
      const hold = (qty: Decimal) => new Decimal(coinBuyTotal(qty.times(price), FEE));
      const next = bought === null ? step : new Decimal(bought.quantity).plus(step);
      expect(hold(next).gt(budget), where).toBe(true);
      if (bought === null) continue;
      const qty = new Decimal(bought.quantity);
      expect(qty.mod(step).isZero() && hold(qty).lte(budget), where).toBe(true);
      // The preview's figures: the asks up to the limit, the rest resting at it (spotPreviewFigures).
      const filled = fillsTotal(walkLevels(askLevels(book), 'buy', qty, price));
      const amount = filled.amount.plus(qty.minus(filled.qty).times(price));
      expect(bought.total, where).toBe(amount.plus(coinFee(amount, FEE)).toFixed());
      expect(new Decimal(bought.total).plus(bought.leftover).toFixed(), where).toBe(budget);
    }
  });
});
