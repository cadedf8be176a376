import { describe, expect, it } from 'vitest';
import { leverageQuestions, leverageRetry, type LeverageCase } from './leverage';
import { optionQuestions, optionRetry, type OptionCase } from './option';
import { ensure } from '../assert';
import type { KeyedQuestion } from './question';

/** A fixed sequence, so the choices' order is known; the values checked do not depend on it. */
function sequence(): () => number {
  let n = 0;
  return () => (((n++ * 0.37) % 1) + 1) % 1;
}

type Maybe = KeyedQuestion | null | undefined;
const rightValue = (q: Maybe) => ensure(q, 'a question').choices.find((c) => c.id === q?.answer);
const values = (q: Maybe) =>
  ensure(q, 'a question')
    .choices.map((c) => c.value ?? c.tag)
    .sort();
const factsOf = (q: Maybe) => ensure(q, 'a question').facts;

// One flat tier (0.5 %), the default taker fee 0.05 % and liquidation fee 0.5 %.
const long10: LeverageCase = {
  symbol: 'BTCUSDT',
  side: 'long',
  leverage: 10,
  margin: '100',
  mark: '50000',
  fundingRate: '0.01',
  rules: {
    feeRate: '0.0005',
    liquidationFeeRate: '0.005',
    tiers: [{ maxNotional: null, mmr: '0.005', deduction: '0' }],
  },
  qtyScale: 5,
  priceScale: 2,
};

describe('leverage questions (hand-computed)', () => {
  const [liq, drop, funding] = ensure(leverageQuestions(long10, sequence(), ['q1', 'q2', 'q3']), 'a round');

  it('asks the liquidation price: (qty·entry − margin) ÷ (qty·(1 − mmr − fees))', () => {
    // qty = 100 × 10 ÷ 50000 = 0.02; P = (1000 − 100) ÷ (0.02 × 0.9895) = 45477.5138959…
    expect(rightValue(liq)?.value).toBe('45477.51');
    // The readings without maintenance and fees: a whole margin (45000), half (47500), 20 % (40000).
    expect(values(liq)).toEqual(['40000', '45000', '45477.51', '47500']);
    expect(factsOf(liq)).toMatchObject({ qty: '0.02', margin: '100', entry: '50000', leverage: '10' });
  });

  it('a 10 % fall at 10× takes the whole margin: liquidated', () => {
    // Loss 0.02 × 5000 = 100 = the margin; the distractors 10 % of margin, half and a quarter of the loss.
    expect(rightValue(drop)?.tag).toBe('liquidated');
    expect(values(drop)).toEqual(['10', '25', '50', 'liquidated']);
    expect(ensure(drop, 'a question').explain).toMatchObject({ loss: '100', left: '0', liquidated: '1' });
  });

  it('funding a day is three intervals on the notional', () => {
    // 0.02 × 50000 × 0.01 % = 0.1 an interval, 0.3 a day; on the margin 0.03; hourly 2.4; received −0.3.
    expect(rightValue(funding)?.value).toBe('0.3');
    expect(values(funding)).toEqual(['0.03', '0.1', '0.3', '2.4']);
  });

  it('at 6× a 10 % fall is a loss, not a liquidation', () => {
    const six = ensure(
      leverageQuestions({ ...long10, leverage: 6, margin: '600' }, sequence(), [])?.[1],
      'q2',
    );
    // qty = 600 × 6 ÷ 50000 = 0.072; loss = 0.072 × 5000 = 360 of a 600 margin.
    expect(rightValue(six)?.value).toBe('360');
    expect(ensure(six, 'a question').explain.left).toBe('240');
  });

  it('a short is liquidated above the entry', () => {
    const q = ensure(leverageQuestions({ ...long10, side: 'short' }, sequence(), [])?.[0], 'q1');
    // P = (1000 + 100) ÷ (0.02 × 1.0105) = 54428.500742…
    expect(rightValue(q)?.value).toBe('54428.5');
  });

  it('retries on other numbers, the answer worked out again', () => {
    const retry = leverageRetry('liquidation', 'q4', long10, [1, 2, 3, 5, 10, 20], () => 0.6);
    // 0.6 picks margin × 1.5 = 150, entry × 1.03 = 51500, leverage 20 (the only other above 5).
    // qty = 150 × 20 ÷ 51500 = 0.05825 (down to 5 places); the margin it locks 2999.875 ÷ 20 = 149.99375.
    expect(retry?.facts).toMatchObject({
      margin: '149.99375',
      entry: '51500',
      leverage: '20',
      qty: '0.05825',
    });
    // P = (2999.875 − 149.99375) ÷ (0.05825 × 0.9895) = 49444.1637…
    expect(rightValue(retry)?.value).toBe('49444.16');
  });

  it('gives no round for a margin that opens nothing', () => {
    expect(leverageQuestions({ ...long10, margin: '0' }, sequence(), [])).toBeNull();
  });
});

const call: OptionCase = {
  symbol: 'THYAO',
  kind: 'call',
  strike: '100',
  spot: '98',
  premium: '2.5',
  multiplier: 100,
  contracts: '2',
  feeRate: '0.001',
  minFee: '5',
};

describe('option questions (hand-computed)', () => {
  const [maxLoss, even, payoff] = optionQuestions(call, sequence(), ['q1', 'q2', 'q3']);

  it('the most a buyer loses is the premium total and its fee', () => {
    // 2.5 × 100 × 2 = 500, fee max(0.50, 5) = 5: 505. Wrong: unlimited, the strike's notional, premium × contracts.
    expect(rightValue(maxLoss)?.value).toBe('505');
    expect(values(maxLoss)).toEqual(['20000', '5', '505', 'unlimited']);
  });

  it('a call breaks even at strike + premium', () => {
    expect(rightValue(even)?.value).toBe('102.5');
    expect(values(even)).toEqual(['100', '102.5', '350', '97.5']);
  });

  it('pays (settle − strike) × multiplier × contracts at expiry', () => {
    // Settle 10 % above max(spot, strike) = 110: (110 − 100) × 100 × 2 = 2000.
    expect(factsOf(payoff).settle).toBe('110');
    expect(rightValue(payoff)?.value).toBe('2000');
    expect(values(payoff)).toEqual(['1495', '20', '2000', '2400']);
  });

  it('a put: break-even strike − premium, paid below the strike', () => {
    const [, putEven, putPaid] = optionQuestions({ ...call, kind: 'put', spot: '103' }, sequence(), []);
    expect(rightValue(putEven)?.value).toBe('97.5');
    // Settle 10 % below min(103, 100) = 90: (100 − 90) × 100 × 2 = 2000.
    expect(factsOf(putPaid).settle).toBe('90');
    expect(rightValue(putPaid)?.value).toBe('2000');
  });

  it('retries with other contracts and premium', () => {
    const again = optionRetry('maxLoss', 'q4', call, () => 0.5);
    // 0.5: contracts 1 + 2 = 3; premium 2.5 × 1.25 = 3.125 → 3 × 100 × 3.125 = 937.5, fee 5: 942.5.
    expect(again.facts).toMatchObject({ contracts: '3', premium: '3.125' });
    expect(rightValue(again)?.value).toBe('942.5');
  });
});
