import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { pick, rng, seedFromEnv } from '../../tests/support/random';
import { CONTRACT_RULES } from '../../tests/support/contract-rules';
import type { PositionSide } from '../protocol/contracts';
import { d } from './decimal';
import { fixed, positionFigures, type PositionFigures } from './figures';
import {
  closeFee,
  equity,
  liquidationCloseRate,
  maintenanceMargin,
  marginRatio,
  roe,
  unrealizedPnl,
} from './margin';
import { liquidationBuffer, liquidationPrice, shouldLiquidate, type PositionCore } from './liquidation';
import { openCost } from './open-cost';

const rules = CONTRACT_RULES;
const LEVERAGES = [1, 2, 3, 5, 10, 20];

/** A random position as opening would make it: price on a 2-dp grid, notional from 10 to 5,000,000 USDT. */
function randomPosition(random: () => number): PositionCore & { side: PositionSide } {
  const side = pick(random, ['long', 'short'] as const);
  const leverage = pick(random, LEVERAGES);
  const entry = d(Math.floor(10 ** (1 + random() * 4) * 100)).div(100);
  const notional = 10 ** (1 + random() * 5.7);
  const qty = d(notional).div(entry).toDecimalPlaces(4, Decimal.ROUND_DOWN).plus('0.0001');
  const cost = openCost({ quantity: qty, price: entry, leverage, feeRate: rules.feeRate, qtyScale: 4 });
  if (!cost) throw new Error('no cost');
  // Sometimes margin was added since.
  const margin = random() < 0.2 ? cost.margin.mul(1 + random()).toDecimalPlaces(8) : cost.margin;
  return { side, qty: qty.toFixed(), entryPrice: entry.toFixed(), margin: margin.toFixed() };
}

describe('liquidation price property', () => {
  it('shouldLiquidate flips at the liquidation price, exactly and on the price grid', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    const tick = d('0.01');
    for (let i = 0; i < 2000; i++) {
      const p = randomPosition(random);
      const at = `seed ${seed}, case ${i}: ${JSON.stringify(p)}`;
      const exact = liquidationPrice(p, rules);
      const long = p.side === 'long';
      if (exact === null) {
        // Only a long can be beyond liquidation at every price: its margin covers the notional.
        expect(long, at).toBe(true);
        expect(shouldLiquidate(p, '0.01', rules), at).toBe(false);
        continue;
      }
      // The buffer is zero at the exact price and changes sign across it.
      expect(liquidationBuffer(p, exact, rules).abs().lt('1e-20'), at).toBe(true);
      const worse = long ? exact.mul('0.999999999') : exact.mul('1.000000001');
      const better = long ? exact.mul('1.000000001') : exact.mul('0.999999999');
      expect(shouldLiquidate(p, worse, rules), at).toBe(true);
      expect(shouldLiquidate(p, better, rules), at).toBe(false);
      // The shown price is rounded toward the mark: one tick beyond it liquidates, one tick before does not.
      const shown = positionFigures(p, p.entryPrice, rules, 2).liquidationPrice;
      expect(shown, at).not.toBeNull();
      const s = d(shown ?? '0');
      const beyond = long ? s.minus(tick) : s.plus(tick);
      const before = long ? s.plus(tick) : s.minus(tick);
      if (beyond.gt(0)) {
        expect(shouldLiquidate(p, beyond, rules), at).toBe(true);
        expect(positionFigures(p, beyond, rules, 2).marginRatio, at).toBe('100.00');
      }
      if (before.gt(0)) {
        expect(shouldLiquidate(p, before, rules), at).toBe(false);
        expect(Number(positionFigures(p, before, rules, 2).marginRatio), at).toBeLessThan(100);
      }
    }
  });
});

/** The figures straight from the Decimal formulas of margin.ts: what figuresAt's integers must equal. */
function reference(p: PositionCore, mark: string, scale: number): Omit<PositionFigures, 'liquidationPrice'> {
  const m = d(mark);
  const notional = d(p.qty).mul(m);
  const pnl = unrealizedPnl(p.side, p.qty, p.entryPrice, m);
  const mm = maintenanceMargin(notional, rules.tiers);
  const fee = closeFee(p.qty, m, liquidationCloseRate(rules));
  const ratio = marginRatio(mm.plus(fee), equity(p.margin, pnl));
  const r = roe(pnl, p.margin);
  return {
    mark: fixed(m, scale),
    notional: fixed(notional, 8),
    unrealizedPnl: fixed(pnl, 8),
    roe: r === null ? '0.00' : fixed(r, 2),
    maintenanceMargin: fixed(mm, 8),
    marginRatio: ratio === null || ratio.gte(100) ? '100.00' : fixed(ratio, 2, Decimal.ROUND_DOWN),
  };
}

describe('figures property', () => {
  it('the integer figures equal the Decimal formulas at random marks', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let i = 0; i < 3000; i++) {
      const p = randomPosition(random);
      const entry = Number(p.entryPrice);
      const mark = d(entry * (0.5 + random()))
        .toDecimalPlaces(2)
        .toFixed();
      const { liquidationPrice: _ignored, ...got } = positionFigures(p, mark, rules, 2);
      expect(got, `seed ${seed}, case ${i}: ${JSON.stringify(p)} at ${mark}`).toEqual(reference(p, mark, 2));
    }
  });
});
