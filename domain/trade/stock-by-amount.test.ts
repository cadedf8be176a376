import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import type { BookLevels } from '../market/market-estimate';
import { stockBuyTotal } from '../rules/costs';
import { fillsTotal, walkLevels, type WalkLevel } from './book-walk';
import { stockBuyByAmount } from './by-amount';
import { marketCapOf } from './market-cap';
import { spotPreviewFigures } from './order-preview';
import { spotCapAndHold } from './spot-order-cost';

/** The broker's default stock costs: 0.15 % commission, BSMV 5 % of it, 0.003 % exchange fee. */
const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };
const RULES = { stockCosts: COSTS, coinSpot: { feeRate: '0.001', minAmount: '5' } };

function asks(levels: readonly WalkLevel[]): BookLevels {
  return {
    bids: [],
    bidQty: {},
    asks: levels.map(([price]) => price),
    askQty: Object.fromEntries(levels),
  };
}

const market = (levels: readonly WalkLevel[], upTo: string | null = null) => ({
  kind: 'market' as const,
  book: asks(levels),
  upTo,
});

/** A 318-lira stock on its 0.25 tick, and an 84-lira one on its 0.05 tick. */
const THYAO: WalkLevel[] = [
  ['318.25', '40'],
  ['318.5', '25'],
  ['318.75', '100'],
];
const ASELS: WalkLevel[] = [
  ['84.05', '12'],
  ['84.1', '300'],
];

describe('stock buy by amount at market, walked as the broker previews it', () => {
  it('₺20.000 over two levels of a 318-lira stock: 62 shares, ₺231,32 left', () => {
    // 40 × 318.25 = 12,730; 22 × 318.50 = 7,007 (23 would make 20,055.50, over before costs).
    // Commission 19,737 × 0.0015 = 29.6055 → 29.61, BSMV 1.4805 → 1.48, fee 0.59211 → 0.59.
    expect(stockBuyByAmount('20000', 1, market(THYAO), COSTS)).toEqual({
      quantity: '62',
      amount: '19737',
      costs: { commission: '29.61', bsmv: '1.48', exchangeFee: '0.59', total: '31.68' },
      total: '19768.68',
      leftover: '231.32',
      thin: false,
    });
  });

  it('₺5.000 of an 84-lira stock: 59 shares over its two levels', () => {
    // 12 × 84.05 = 1,008.60; 47 × 84.10 = 3,952.70 (48: 5,045.40 in all, over).
    // Commission 4,961.30 × 0.0015 = 7.44195 → 7.44, BSMV 0.372 → 0.37, fee 0.148839 → 0.15.
    expect(stockBuyByAmount('5000', 1, market(ASELS), COSTS)).toEqual({
      quantity: '59',
      amount: '4961.3',
      costs: { commission: '7.44', bsmv: '0.37', exchangeFee: '0.15', total: '7.96' },
      total: '4969.26',
      leftover: '30.74',
      thin: false,
    });
  });

  it('rounds the commission half up to the kuruş, as the booking does', () => {
    // 100 × 10 = 1,000 costs 1.50 + 0.075 → 0.08 + 0.03: 1,001.61 exactly.
    const book: WalkLevel[] = [['10', '1000']];
    expect(stockBuyByAmount('1001.61', 1, market(book), COSTS)).toMatchObject({
      quantity: '100',
      total: '1001.61',
      leftover: '0',
    });
    // A kuruş less and the 100th share no longer fits: 99 × 10 = 990, commission 1.485 → 1.49,
    // BSMV 0.0745 → 0.07, fee 0.0297 → 0.03.
    expect(stockBuyByAmount('1001.6', 1, market(book), COSTS)).toEqual({
      quantity: '99',
      amount: '990',
      costs: { commission: '1.49', bsmv: '0.07', exchangeFee: '0.03', total: '1.59' },
      total: '991.59',
      leftover: '10.01',
      thin: false,
    });
  });

  it('rounds the quantity down to whole lots across levels', () => {
    // Lots of 10: 35 × 20 + 5 × 20.02 = 800.10 for 40; 50 would be 1,000.30 before costs.
    // Commission 1.20015 → 1.20, BSMV 0.06, fee 0.024003 → 0.02.
    const book: WalkLevel[] = [
      ['20', '35'],
      ['20.02', '100'],
    ];
    expect(stockBuyByAmount('1000', 10, market(book), COSTS)).toEqual({
      quantity: '40',
      amount: '800.1',
      costs: { commission: '1.2', bsmv: '0.06', exchangeFee: '0.02', total: '1.28' },
      total: '801.38',
      leftover: '198.62',
      thin: false,
    });
  });

  it('a thin book: the whole lots its levels hold, and says so', () => {
    // 35 shown make 3 lots of 10: 30 × 20 = 600; commission 0.90, BSMV 0.045 → 0.05, fee 0.018 → 0.02.
    expect(stockBuyByAmount('1000', 10, market([['20', '35']]), COSTS)).toEqual({
      quantity: '30',
      amount: '600',
      costs: { commission: '0.9', bsmv: '0.05', exchangeFee: '0.02', total: '0.97' },
      total: '600.97',
      leftover: '399.03',
      thin: true,
    });
    // All three levels of the 318-lira stock: 12,730 + 7,962.50 + 31,875 = 52,567.50 for 165 shares;
    // commission 78.85125 → 78.85, BSMV 3.9425 → 3.94, fee 1.577025 → 1.58: ₺7.348,13 of ₺60.000 left.
    expect(stockBuyByAmount('60000', 1, market(THYAO), COSTS)).toMatchObject({
      quantity: '165',
      amount: '52567.5',
      costs: { commission: '78.85', bsmv: '3.94', exchangeFee: '1.58', total: '84.37' },
      total: '52651.87',
      leftover: '7348.13',
      thin: true,
    });
  });

  it('a budget that takes every share shown to the kuruş is not thin', () => {
    // 12 × 84.05 + 300 × 84.10 = 26,238.60; commission 39.3579 → 39.36, BSMV 1.968 → 1.97, fee 0.787158 → 0.79.
    expect(stockBuyByAmount('26280.72', 1, market(ASELS), COSTS)).toMatchObject({
      quantity: '312',
      total: '26280.72',
      leftover: '0',
      thin: false,
    });
  });

  it('takes no ask past the upper limit, where the broker stops a market buy', () => {
    // Only the 5 at 10 are inside a band up to 12: 50 + 0.08.
    const book: WalkLevel[] = [
      ['10', '5'],
      ['12.1', '100'],
    ];
    expect(stockBuyByAmount('1000', 1, market(book, '12'), COSTS)).toMatchObject({
      quantity: '5',
      total: '50.08',
      thin: true,
    });
    expect(stockBuyByAmount('1000', 1, market([['12.1', '100']], '12'), COSTS)).toBeNull();
  });
});

describe('stock buy by amount at a limit: sized at its price, estimated at the asks below it', () => {
  it('₺25.000 at 319: 78 shares as the limit pays for them, 65 filled below it', () => {
    // Sized at 319: 78 × 319 = 24,882 + 37.32 + 1.87 + 0.75 (79 would be 25,201 before costs).
    // Estimated: 40 × 318.25 + 25 × 318.50 + 13 resting at 319 = 24,839.50;
    // commission 37.25925 → 37.26, BSMV 1.863 → 1.86, fee 0.745185 → 0.75.
    const pricing = { kind: 'limit' as const, price: '319', book: asks(THYAO.slice(0, 2)) };
    expect(stockBuyByAmount('25000', 1, pricing, COSTS)).toEqual({
      quantity: '78',
      amount: '24839.5',
      costs: { commission: '37.26', bsmv: '1.86', exchangeFee: '0.75', total: '39.87' },
      total: '24879.37',
      leftover: '120.63',
      thin: false,
    });
  });
});

/** A random ask side of `count` levels from about `from` lira up, on the kuruş, 1–200 shares each. */
function randomLevels(random: () => number, from: Decimal, count: number): WalkLevel[] {
  const levels: WalkLevel[] = [];
  let price = from;
  for (let i = 0; i < count; i++) {
    price = price.plus(new Decimal(1 + Math.floor(random() * 50)).div(100));
    levels.push([price.toFixed(), String(1 + Math.floor(random() * 200))]);
  }
  return levels;
}

describe("stock buy by amount against the broker's preview on a deeper book", () => {
  it('the preview of the quantity bought, over the whole book, comes to the same total', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 300; run++) {
      // The ticket sees `shown` levels; the broker walks more behind them, each dearer.
      const shown = randomLevels(
        random,
        new Decimal(1 + Math.floor(random() * 400)),
        1 + Math.floor(random() * 6),
      );
      const last = new Decimal(shown[shown.length - 1]![0]);
      const deep = [...shown, ...randomLevels(random, last.plus(1), 3)];
      const lot = random() < 0.3 ? 10 : 1;
      const budget = new Decimal(Math.floor(random() * 20_000_000)).div(100).toFixed();
      const where = `SEED=${seed} run ${run}: ${budget} lot ${lot} on ${JSON.stringify(shown)}`;
      const bought = stockBuyByAmount(budget, lot, market(shown), COSTS);
      if (bought === null) continue;
      const order = { wallet: 'stock' as const, side: 'buy' as const, type: 'market' as const };
      const terms = { ...order, quantity: bought.quantity, price: null };
      const caps = marketCapOf(deep, 'buy', bought.quantity, 2, null);
      const chosen = spotCapAndHold(terms, caps, () => '1e12', RULES)!;
      const fills = walkLevels(deep, 'buy', bought.quantity, chosen.cap);
      const preview = spotPreviewFigures(terms, fills, 2, RULES);
      expect(preview.filledQty, where).toBe(bought.quantity);
      expect(preview.total, where).toBe(bought.total);
      expect(new Decimal(bought.total).lte(budget), where).toBe(true);
      expect(new Decimal(bought.quantity).mod(lot).isZero(), where).toBe(true);
      // Thin exactly when the levels shown run out and one lot more, priced past them at the last
      // level, would still fit the budget.
      const held = shown.reduce((sum, [, qty]) => sum.plus(qty), new Decimal(0));
      const more = new Decimal(bought.quantity).plus(lot);
      const walked = fillsTotal(walkLevels(shown, 'buy', more, null));
      const amount = walked.amount.plus(more.minus(walked.qty).times(last));
      const fitsMore = new Decimal(stockBuyTotal(amount, COSTS)).lte(budget);
      expect(bought.thin, where).toBe(more.gt(held) && fitsMore);
    }
  });
});
