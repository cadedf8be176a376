import { describe, expect, it } from 'vitest';
import type { ContractRules } from '../protocol/contracts';
import {
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  openCost,
  positionFigures,
  qtyForMargin,
  roe,
  shouldLiquidate,
  unrealizedPnl,
  whatIf,
  type PositionCore,
} from './index';

// The default contract settings (server/settings.ts), written out so a settings change cannot
// silently move these hand-computed answers.
const rules: Pick<ContractRules, 'feeRate' | 'liquidationFeeRate' | 'tiers'> = {
  feeRate: '0.0005',
  liquidationFeeRate: '0.005',
  tiers: [
    { maxNotional: '50000', mmr: '0.005', deduction: '0' },
    { maxNotional: '250000', mmr: '0.01', deduction: '250' },
    { maxNotional: '1000000', mmr: '0.025', deduction: '4000' },
    { maxNotional: null, mmr: '0.05', deduction: '29000' },
  ],
};

const liq = (p: PositionCore) => liquidationPrice(p, rules);

describe('maintenance margin, PnL, ROE, margin ratio', () => {
  it('uses the tier holding the notional, edges in the lower tier, continuous across edges', () => {
    expect(maintenanceMargin('1000', rules.tiers).toFixed()).toBe('5');
    expect(maintenanceMargin('50000', rules.tiers).toFixed()).toBe('250');
    expect(maintenanceMargin('50000.01', rules.tiers).toFixed()).toBe('250.0001');
    expect(maintenanceMargin('250000', rules.tiers).toFixed()).toBe('2250');
    expect(maintenanceMargin('300000', rules.tiers).toFixed()).toBe('3500');
    expect(maintenanceMargin('1000000', rules.tiers).toFixed()).toBe('21000');
    expect(maintenanceMargin('2000000', rules.tiers).toFixed()).toBe('71000');
  });

  it('PnL by side, ROE on margin, no ROE without margin', () => {
    expect(unrealizedPnl('long', '0.5', '30000', '30100').toFixed()).toBe('50');
    expect(unrealizedPnl('short', '0.5', '30000', '30100').toFixed()).toBe('-50');
    expect(roe('50', '1500')?.toFixed(4)).toBe('3.3333');
    expect(roe('50', '0')).toBeNull();
    expect(marginRatio('5.225', '50')?.toFixed()).toBe('10.45');
    expect(marginRatio('5', '0')).toBeNull();
    expect(marginRatio('5', '-1')).toBeNull();
  });
});

describe('liquidation price at every leverage (qty 10 at 100, margin = notional ÷ leverage)', () => {
  // Long P = (1000 − margin) ÷ (10 × (1 − 0.005 − 0.0005)) = (1000 − margin) ÷ 9.945;
  // short P = (1000 + margin) ÷ (10 × 1.0055) = (1000 + margin) ÷ 10.055. Shown rounded toward the mark.
  const cases: [number, string, string | null, string][] = [
    [1, '1000', null, '198.90'], // long: 0 ÷ 9.945 → no price; short 2000 ÷ 10.055 = 198.9050…
    [2, '500', '50.28', '149.17'], // 500 ÷ 9.945 = 50.2765…; 1500 ÷ 10.055 = 149.1795…
    [3, '333.33333334', '67.04', '132.60'], // 666.66666666 ÷ 9.945 = 67.0353…; 132.6030…
    [5, '200', '80.45', '119.34'], // 80.4424…; 119.3436…
    [10, '100', '90.50', '109.39'], // 90.4977…; 109.3983…
    [20, '50', '95.53', '104.42'], // 95.5253…; 104.4256…
  ];
  for (const [leverage, margin, long, short] of cases) {
    it(`${leverage}×: long ${long ?? 'none'}, short ${short}`, () => {
      const base = { qty: '10', entryPrice: '100', margin };
      expect(positionFigures({ ...base, side: 'long' }, '100', rules, 2).liquidationPrice).toBe(long);
      expect(positionFigures({ ...base, side: 'short' }, '100', rules, 2).liquidationPrice).toBe(short);
    });
  }

  it('exact values before rounding', () => {
    expect(liq({ side: 'long', qty: '10', entryPrice: '100', margin: '200' })?.toFixed(10)).toBe(
      '80.4424333836',
    );
    expect(liq({ side: 'short', qty: '10', entryPrice: '100', margin: '200' })?.toFixed(10)).toBe(
      '119.3436101442',
    );
  });
});

describe('liquidation across maintenance tiers', () => {
  it('long 10× of 300,000 stays in tier 3: 266000 ÷ 9.745', () => {
    const p = { side: 'long', qty: '10', entryPrice: '30000', margin: '30000' } as const;
    expect(liq(p)?.toFixed(8)).toBe('27296.04925603');
    expect(positionFigures(p, '30000', rules, 2).liquidationPrice).toBe('27296.05');
  });

  it('long 20× opened in tier 3 liquidates in tier 2: (247000 − 250) ÷ 9.895', () => {
    const p = { side: 'long', qty: '10', entryPrice: '26000', margin: '13000' } as const;
    // Tier 3's formula would give 24935.86, a notional of 249,358: not in tier 3.
    expect(liq(p)?.toFixed(8)).toBe('24936.83678626');
  });

  it('short 10× opened in tier 2 liquidates in tier 3: (264000 + 4000) ÷ 10.255', () => {
    const p = { side: 'short', qty: '10', entryPrice: '24000', margin: '24000' } as const;
    // Tier 2's formula would give 26150.42, a notional of 261,504: not in tier 2.
    expect(liq(p)?.toFixed(8)).toBe('26133.59336909');
    expect(positionFigures(p, '24000', rules, 2).liquidationPrice).toBe('26133.59');
  });
});

describe('figures at a mark', () => {
  it('long 10× at 95: PnL −50, ROE −50%, MM 4.75, ratio (4.75 + 0.475) ÷ 50', () => {
    const f = positionFigures({ side: 'long', qty: '10', entryPrice: '100', margin: '100' }, '95', rules, 2);
    expect(f).toEqual({
      mark: '95.00',
      notional: '950.00000000',
      unrealizedPnl: '-50.00000000',
      roe: '-50.00',
      maintenanceMargin: '4.75000000',
      marginRatio: '10.45',
      liquidationPrice: '90.50',
    });
  });

  it('short 5× at 110: PnL −100, ratio (5.5 + 0.55) ÷ 100', () => {
    const f = positionFigures(
      { side: 'short', qty: '10', entryPrice: '100', margin: '200' },
      '110',
      rules,
      2,
    );
    expect(f.unrealizedPnl).toBe('-100.00000000');
    expect(f.roe).toBe('-50.00');
    expect(f.maintenanceMargin).toBe('5.50000000');
    expect(f.marginRatio).toBe('6.05');
  });

  it('margin ratio reads 100.00 exactly from the liquidation point on, and past zero equity', () => {
    const p = { side: 'long', qty: '10', entryPrice: '100', margin: '100' } as const;
    expect(shouldLiquidate(p, '90.50', rules)).toBe(false);
    // At 90.50: MM 4.525 + fee 0.4525 over equity 100 − 95 = 5 → 99.55.
    expect(positionFigures(p, '90.50', rules, 2).marginRatio).toBe('99.55');
    expect(shouldLiquidate(p, '90.49', rules)).toBe(true);
    expect(positionFigures(p, '90.49', rules, 2).marginRatio).toBe('100.00');
    expect(positionFigures(p, '80', rules, 2).marginRatio).toBe('100.00');
  });

  it('no "-0" for a loss that rounds to nothing', () => {
    const f = positionFigures(
      { side: 'long', qty: '0.000000001', entryPrice: '100', margin: '1' },
      '99.99',
      rules,
      2,
    );
    expect(f.unrealizedPnl).toBe('0.00000000');
  });

  it('what-if: PnL, ROE and distance to liquidation at a price', () => {
    const w = whatIf({ side: 'long', qty: '10', entryPrice: '100', margin: '100' }, '95', rules);
    // (95 − 90.4977…) ÷ 95 = 4.739…%
    expect(w).toEqual({ unrealizedPnl: '-50.00000000', roe: '-50.00', liquidationDistance: '4.74' });
    expect(
      whatIf({ side: 'long', qty: '1', entryPrice: '1', margin: '1' }, '1', rules)?.liquidationDistance,
    ).toBeNull();
    expect(whatIf({ side: 'short', qty: '1', entryPrice: '1', margin: '1' }, '0', rules)).toBeNull();
  });
});

describe('open cost', () => {
  it('from a quantity', () => {
    const c = openCost({ quantity: '0.5', price: '30000', leverage: 10, feeRate: '0.0005', qtyScale: 3 });
    expect([c?.qty, c?.notional, c?.margin, c?.fee, c?.total].map((x) => x?.toFixed())).toEqual([
      '0.5',
      '15000',
      '1500',
      '7.5',
      '1507.5',
    ]);
  });

  it('from a margin: quantity rounded down to the scale, margin never above the offer', () => {
    // 100 × 20 ÷ 30123.45 = 0.06639…, so 0.066; notional 1988.1477; margin 99.407385; fee 0.99407385.
    const c = openCost({ margin: '100', price: '30123.45', leverage: 20, feeRate: '0.0005', qtyScale: 3 });
    expect([c?.qty, c?.notional, c?.margin, c?.fee, c?.total].map((x) => x?.toFixed())).toEqual([
      '0.066',
      '1988.1477',
      '99.407385',
      '0.99407385',
      '100.40145885',
    ]);
    expect(qtyForMargin('100', '30123.45', 20, 3)?.toFixed()).toBe('0.066');
  });

  it('margins that do not divide round up to the USDT scale', () => {
    expect(
      openCost({ quantity: '1', price: '100', leverage: 3, feeRate: '0', qtyScale: 0 })?.margin.toFixed(),
    ).toBe('33.33333334');
  });

  it('no answer for bad inputs', () => {
    const base = { price: '100', leverage: 10, feeRate: '0.0005', qtyScale: 2 };
    expect(openCost(base)).toBeNull();
    expect(openCost({ ...base, quantity: '1', margin: '1' })).toBeNull();
    expect(openCost({ ...base, margin: '0.001' })).toBeNull(); // rounds to 0
    expect(openCost({ ...base, quantity: '0.001' })).toBeNull(); // off the scale
    expect(openCost({ ...base, quantity: '1', price: '0' })).toBeNull();
    expect(openCost({ ...base, quantity: '1', leverage: 0 })).toBeNull();
  });
});
