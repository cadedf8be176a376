import { describe, expect, it } from 'vitest';
import { CONTRACT_RULES } from '../../tests/support/contract-rules';
import {
  closeFeeRate,
  closeFees,
  d,
  liquidationCloseRate,
  liquidationOutcome,
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

const rules = CONTRACT_RULES;

const liq = (p: PositionCore) => liquidationPrice(p, rules);
/** The figures the server answers at a mark, prices to 2 dp. */
const figures = (p: PositionCore, mark: string) => positionFigures(p, mark, rules, 2);

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

describe('the liquidation close fee', () => {
  it('is the taker fee plus the liquidation fee: 0.05% + 0.5% = 0.55% of notional', () => {
    expect(liquidationCloseRate(rules).toFixed()).toBe('0.0055');
    expect(closeFeeRate(rules, 'liquidation').toFixed()).toBe('0.0055');
    expect(closeFeeRate(rules, 'user').toFixed()).toBe('0.0005');
    expect(closeFeeRate(rules, 'stop_loss').toFixed()).toBe('0.0005');
  });

  it('is summed fill by fill and rounded up to 8 decimals', () => {
    // 0.3 × 100.001 × 0.0055 = 0.16500165; 0.7 × 100.0033 × 0.0055 = 0.385012705 → 0.550014355 ↑
    const fills = [
      { qty: '0.3', price: '100.001' },
      { qty: '0.7', price: '100.0033' },
    ];
    expect(closeFees(fills, '0.0055').toFixed()).toBe('0.55001436');
    expect(closeFees([], '0.0055').toFixed()).toBe('0');
  });
});

describe('liquidation price at every leverage (qty 10 at 100, margin = notional ÷ leverage)', () => {
  // The liquidation close charges 0.55% (taker 0.05% + liquidation 0.5%), so
  // long P = (1000 − margin) ÷ (10 × (1 − 0.005 − 0.0055)) = (1000 − margin) ÷ 9.895;
  // short P = (1000 + margin) ÷ (10 × 1.0105) = (1000 + margin) ÷ 10.105. Shown rounded toward the mark.
  const cases: [number, string, string | null, string][] = [
    [1, '1000', null, '197.92'], // long: 0 ÷ 9.895 → no price; short 2000 ÷ 10.105 = 197.9218…
    [2, '500', '50.54', '148.44'], // 500 ÷ 9.895 = 50.5305…; 1500 ÷ 10.105 = 148.4413…
    [3, '333.33333334', '67.38', '131.94'], // 666.66666666 ÷ 9.895 = 67.3740…; 131.9478…
    [5, '200', '80.85', '118.75'], // 80.8489…; 118.7530…
    [10, '100', '90.96', '108.85'], // 90.9550…; 108.8570…
    [20, '50', '96.01', '103.90'], // 96.0080…; 103.9089…
  ];
  for (const [leverage, margin, long, short] of cases) {
    it(`${leverage}×: long ${long ?? 'none'}, short ${short}`, () => {
      const base = { qty: '10', entryPrice: '100', margin };
      expect(figures({ ...base, side: 'long' }, '100').liquidationPrice).toBe(long);
      expect(figures({ ...base, side: 'short' }, '100').liquidationPrice).toBe(short);
    });
  }

  it('exact values before rounding', () => {
    expect(liq({ side: 'long', qty: '10', entryPrice: '100', margin: '200' })?.toFixed(10)).toBe(
      '80.8489135927',
    );
    expect(liq({ side: 'short', qty: '10', entryPrice: '100', margin: '200' })?.toFixed(10)).toBe(
      '118.7530925285',
    );
  });
});

/**
 * One position per maintenance tier, each side, at 10× (margin = notional ÷ 10), liquidated at its
 * liquidation price P. At P equity = MM + fee, so what is left after the 0.55% fee is the maintenance
 * margin. Filled one tick beyond the shown price (the first mark that liquidates), the server's fee
 * (closeFees, rounded up) leaves a little less, still far from zero.
 */
describe('liquidation in every maintenance tier: price, fee charged, equity left', () => {
  // P is the liquidation price; at P equity left is MM(qty·P). One tick beyond the shown P, the fee
  // charged there (rounded up) and the equity left.
  type Vector = [
    name: string,
    side: 'long' | 'short',
    qty: string,
    entryPrice: string,
    margin: string,
    /** P to 8 dp */
    exact: string,
    shown: string,
    /** the fee at P (0.55%) */
    fee: string,
    /** the liquidation fee alone (0.5%) */
    liquidationFee: string,
    left: string,
    tickFee: string,
    tickLeft: string,
  ];
  // prettier-ignore
  const vectors: Vector[] = [
    // (30000 − 3000) ÷ (1 × (1 − 0.005 − 0.0055)) = 27000 ÷ 0.9895; notional 27,286.5 (tier 1).
    // Fee 27286.508… × 0.0055, liquidation fee × 0.005, MM 27286.508… × 0.005.
    // Tick 27286.50: fee × 0.0055, left 3000 − 2713.50 − 150.07575.
    ['tier 1 long', 'long', '1', '30000', '3000', '27286.50833754', '27286.51', '150.07579586', '136.43254169', '136.43254169', '150.07575', '136.42425'],
    // (30000 + 3000) ÷ 1.0105. Tick 32657.11: fee × 0.0055, left 3000 − 2657.11 − 179.614105.
    ['tier 1 short', 'short', '1', '30000', '3000', '32657.10044532', '32657.10', '179.61405245', '163.28550223', '163.28550223', '179.614105', '163.275895'],
    // (100000 − 10000 − 250) ÷ (10 × (1 − 0.01 − 0.0055)) = 89750 ÷ 9.845; notional 91,163 (tier 2);
    // MM 91163.027 × 0.01 − 250. Tick 91163 × 0.0055, left 10000 − 8837 − 501.3965.
    ['tier 2 long', 'long', '10', '10000', '10000', '9116.30269172', '9116.31', '501.39664804', '455.81513459', '661.63026917', '501.3965', '661.6035'],
    // (100000 + 10000 + 250) ÷ 10.155. Tick 108567.3 × 0.0055, left 10000 − 8567.3 − 597.12015.
    ['tier 2 short', 'short', '10', '10000', '10000', '10856.72082718', '10856.72', '597.11964549', '542.83604136', '835.67208272', '597.12015', '835.57985'],
    // (500000 − 50000 − 4000) ÷ (10 × (1 − 0.025 − 0.0055)) = 446000 ÷ 9.695; notional 460,031 (tier 3);
    // MM 460030.94 × 0.025 − 4000. Tick 460030.9 × 0.0055, left 50000 − 39969.1 − 2530.16995.
    ['tier 3 long', 'long', '10', '50000', '50000', '46003.09437855', '46003.10', '2530.17019082', '2300.15471893', '7500.77359464', '2530.16995', '7500.73005'],
    // (500000 + 50000 + 4000) ÷ 10.305. Tick 537603.2 × 0.0055, left 50000 − 37603.2 − 2956.8176.
    ['tier 3 short', 'short', '10', '50000', '50000', '53760.31052887', '53760.31', '2956.81707909', '2688.01552644', '9440.07763222', '2956.8176', '9439.9824'],
    // (2000000 − 200000 − 29000) ÷ (100 × (1 − 0.05 − 0.0055)) = 1771000 ÷ 94.45; notional 1,875,066 (tier 4);
    // MM 1875066.17 × 0.05 − 29000. Tick 1875066 × 0.0055, left 200000 − 124934 − 10312.863.
    ['tier 4 long', 'long', '100', '20000', '200000', '18750.66172578', '18750.67', '10312.86394918', '9375.33086289', '64753.3086289', '10312.863', '64753.137'],
    // (2000000 + 200000 + 29000) ÷ 105.55. Tick 2111796 × 0.0055, left 200000 − 111796 − 11614.878.
    ['tier 4 short', 'short', '100', '20000', '200000', '21117.9535765', '21117.95', '11614.87446708', '10558.97678825', '76589.76788252', '11614.878', '76589.122'],
  ];
  it.each(vectors)(
    '%s',
    (_, side, qty, entryPrice, margin, exact, shown, fee, liquidationFee, left, tickFee, tickLeft) => {
      const p: PositionCore = { side, qty, entryPrice, margin };
      const out = liquidationOutcome(p, rules);
      expect(out?.price.toDecimalPlaces(8).toFixed()).toBe(exact);
      expect(figures(p, entryPrice).liquidationPrice).toBe(shown);
      expect(out?.fee.toDecimalPlaces(8).toFixed()).toBe(fee);
      expect(out?.liquidationFee.toDecimalPlaces(8).toFixed()).toBe(liquidationFee);
      expect(out?.left.toDecimalPlaces(8).toFixed()).toBe(left);
      expect(out && maintenanceMargin(out.notional, rules.tiers).toDecimalPlaces(8).toFixed()).toBe(left);
      // The shown price does not liquidate yet; one tick beyond does, and the close charges tickFee.
      const beyond = d(shown).plus(side === 'long' ? '-0.01' : '0.01');
      expect(shouldLiquidate(p, shown, rules)).toBe(false);
      expect(shouldLiquidate(p, beyond, rules)).toBe(true);
      const charged = closeFees([{ qty, price: beyond }], closeFeeRate(rules, 'liquidation'));
      expect(charged.toFixed()).toBe(tickFee);
      const pnl = unrealizedPnl(side, qty, entryPrice, beyond);
      expect(d(margin).plus(pnl).minus(charged).toFixed()).toBe(tickLeft);
    },
  );

  it('no outcome where nothing liquidates (a 1× long)', () => {
    expect(
      liquidationOutcome({ side: 'long', qty: '10', entryPrice: '100', margin: '1000' }, rules),
    ).toBeNull();
  });
});

describe('liquidation across maintenance tiers', () => {
  it('long 10× of 300,000 stays in tier 3: 266000 ÷ 9.695', () => {
    const p = { side: 'long', qty: '10', entryPrice: '30000', margin: '30000' } as const;
    expect(liq(p)?.toFixed(8)).toBe('27436.82310469');
    expect(figures(p, '30000').liquidationPrice).toBe('27436.83');
  });

  it('long 20× opened in tier 3 liquidates in tier 2: (256000 − 12800 − 250) ÷ 9.845', () => {
    const p = { side: 'long', qty: '10', entryPrice: '25600', margin: '12800' } as const;
    // Tier 3's formula would give 239200 ÷ 9.695 = 24672.51, a notional of 246,725: not in tier 3.
    expect(liq(p)?.toFixed(8)).toBe('24677.50126968');
  });

  it('short 10× opened in tier 2 liquidates in tier 3: (240000 + 24000 + 4000) ÷ 10.305', () => {
    const p = { side: 'short', qty: '10', entryPrice: '24000', margin: '24000' } as const;
    // Tier 2's formula would give 264250 ÷ 10.155 = 26021.66, a notional of 260,216: not in tier 2.
    expect(liq(p)?.toFixed(8)).toBe('26006.79281902');
    expect(figures(p, '24000').liquidationPrice).toBe('26006.79');
  });
});

describe('figures at a mark', () => {
  it('long 10× at 95: PnL −50, ROE −50%, MM 4.75, ratio (4.75 + 950 × 0.0055) ÷ 50', () => {
    const f = figures({ side: 'long', qty: '10', entryPrice: '100', margin: '100' }, '95');
    expect(f).toEqual({
      mark: '95.00',
      notional: '950.00000000',
      unrealizedPnl: '-50.00000000',
      roe: '-50.00',
      maintenanceMargin: '4.75000000',
      marginRatio: '19.95',
      liquidationPrice: '90.96',
    });
  });

  it('short 5× at 110: PnL −100, ratio (5.5 + 1100 × 0.0055) ÷ 100', () => {
    const f = figures({ side: 'short', qty: '10', entryPrice: '100', margin: '200' }, '110');
    expect(f.unrealizedPnl).toBe('-100.00000000');
    expect(f.roe).toBe('-50.00');
    expect(f.maintenanceMargin).toBe('5.50000000');
    expect(f.marginRatio).toBe('11.55');
  });

  it('margin ratio reads 100.00 exactly from the liquidation point on, and past zero equity', () => {
    const p = { side: 'long', qty: '10', entryPrice: '100', margin: '100' } as const;
    expect(shouldLiquidate(p, '90.96', rules)).toBe(false);
    // At 90.96: MM 4.548 + fee 5.0028 over equity 100 − 90.4 = 9.6 → 99.4875.
    expect(figures(p, '90.96').marginRatio).toBe('99.48');
    expect(shouldLiquidate(p, '90.95', rules)).toBe(true);
    expect(figures(p, '90.95').marginRatio).toBe('100.00');
    expect(figures(p, '80').marginRatio).toBe('100.00');
  });

  it('no "-0" for a loss that rounds to nothing', () => {
    const f = figures({ side: 'long', qty: '0.000000001', entryPrice: '100', margin: '1' }, '99.99');
    expect(f.unrealizedPnl).toBe('0.00000000');
  });

  it('what-if: PnL, ROE and distance to liquidation at a price', () => {
    const w = whatIf({ side: 'long', qty: '10', entryPrice: '100', margin: '100' }, '95', rules);
    // (95 − 90.9550…) ÷ 95 = 4.2578…%
    expect(w).toEqual({ unrealizedPnl: '-50.00000000', roe: '-50.00', liquidationDistance: '4.26' });
    expect(
      whatIf({ side: 'long', qty: '1', entryPrice: '1', margin: '1' }, '1', rules)?.liquidationDistance,
    ).toBeNull();
    expect(whatIf({ side: 'short', qty: '1', entryPrice: '1', margin: '1' }, '0', rules)).toBeNull();
  });
});

describe('open cost', () => {
  /** Quantity, notional, margin, fee and total of an open, as text. */
  const parts = (c: ReturnType<typeof openCost>) =>
    [c?.qty, c?.notional, c?.margin, c?.fee, c?.total].map((x) => x?.toFixed());

  it('from a quantity', () => {
    const c = openCost({ quantity: '0.5', price: '30000', leverage: 10, feeRate: '0.0005', qtyScale: 3 });
    expect(parts(c)).toEqual(['0.5', '15000', '1500', '7.5', '1507.5']);
  });

  it('from a margin: quantity rounded down to the scale, margin never above the offer', () => {
    // 100 × 20 ÷ 30123.45 = 0.06639…, so 0.066; notional 1988.1477; margin 99.407385; fee 0.99407385.
    const c = openCost({ margin: '100', price: '30123.45', leverage: 20, feeRate: '0.0005', qtyScale: 3 });
    expect(parts(c)).toEqual(['0.066', '1988.1477', '99.407385', '0.99407385', '100.40145885']);
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
