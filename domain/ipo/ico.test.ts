import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import { checkIcoCommit, icoAllocation, icoEstimate, type IcoCommitRules, type IcoTerms } from './ico';

// 1000 tokens at 0.1 USDT, 2 decimals: the offer is worth 100 USDT.
const terms: IcoTerms = { tokenPrice: '0.1', tokensOffered: '1000', tokenScale: 2 };

function allocate(t: IcoTerms, commitments: [string, string][]) {
  const outcome = icoAllocation(
    t,
    commitments.map(([id, amount]) => ({ id, amount })),
  );
  if (!outcome.ok) throw new Error(`refused: ${outcome.error.key}`);
  return outcome;
}

describe('ICO pro rata, hand-computed', () => {
  it('splits an oversubscribed offer by commitment, refunding the rest', () => {
    // total 150 + 50 = 200 > 100: A 150/200 × 1000 = 750 tokens, spent 75, refund 75; B 250, 25, 25.
    const outcome = allocate(terms, [
      ['A', '150'],
      ['B', '50'],
    ]);
    expect(outcome).toMatchObject({ oversubscribed: true, totalCommitted: '200', offeredValue: '100' });
    expect(outcome.shares).toEqual([
      { id: 'A', committed: '150', tokens: '750', spent: '75', refund: '75' },
      { id: 'B', committed: '50', tokens: '250', spent: '25', refund: '25' },
    ]);
    expect([outcome.tokensSold, outcome.tokensUnsold]).toEqual(['1000', '0']);
  });

  it('rounds tokens down and leaves the dust unsold', () => {
    // total 400.5: A 300 × 1000 / 400.5 = 749.0636… → 749.06, spent 74.906, refund 225.094;
    // B 100 000 / 400.5 = 249.6878… → 249.68, spent 24.968, refund 75.032;
    // C 500 / 400.5 = 1.2484… → 1.24, spent 0.124, refund 0.376.
    // Sold 749.06 + 249.68 + 1.24 = 999.98; 0.02 unsold.
    const outcome = allocate(terms, [
      ['A', '300'],
      ['B', '100'],
      ['C', '0.5'],
    ]);
    expect(outcome.shares.map((s) => [s.tokens, s.spent, s.refund])).toEqual([
      ['749.06', '74.906', '225.094'],
      ['249.68', '24.968', '75.032'],
      ['1.24', '0.124', '0.376'],
    ]);
    expect([outcome.tokensSold, outcome.tokensUnsold]).toEqual(['999.98', '0.02']);
  });

  it('refunds a commitment too small for one token unit in full', () => {
    // 0.00000001 × 1000 / 400.50000001 ≈ 0.000000025 → 0.00 tokens.
    const outcome = allocate(terms, [
      ['A', '400.5'],
      ['tiny', '0.00000001'],
    ]);
    expect(outcome.shares[1]).toEqual({
      id: 'tiny',
      committed: '0.00000001',
      tokens: '0',
      spent: '0',
      refund: '0.00000001',
    });
  });

  it('fills an undersubscribed offer completely and leaves the rest unsold', () => {
    // total 50.05 ≤ 100: A 30 / 0.1 = 300 tokens, spent 30; B 20.05 / 0.1 = 200.5, spent 20.05.
    const outcome = allocate(terms, [
      ['A', '30'],
      ['B', '20.05'],
    ]);
    expect(outcome.oversubscribed).toBe(false);
    expect(outcome.shares.map((s) => [s.tokens, s.spent, s.refund])).toEqual([
      ['300', '30', '0'],
      ['200.5', '20.05', '0'],
    ]);
    expect([outcome.tokensSold, outcome.tokensUnsold]).toEqual(['500.5', '499.5']);
    // Exactly subscribed (100 = 100): everything sold, nothing refunded.
    expect(allocate(terms, [['A', '100']]).shares[0]).toMatchObject({ tokens: '1000', refund: '0' });
  });

  it('charges tokens × price rounded up to 8 decimals, never above the commitment', () => {
    // price 0.123456789, whole tokens: ⌊1 / 0.123456789⌋ = ⌊8.10000007…⌋ = 8 (9 would cost 1.111111101);
    // 8 × 0.123456789 = 0.987654312 → 0.98765432 spent; refund 1 − 0.98765432 = 0.01234568.
    const outcome = allocate({ tokenPrice: '0.123456789', tokensOffered: '100', tokenScale: 0 }, [
      ['A', '1'],
    ]);
    expect(outcome.shares[0]).toEqual({
      id: 'A',
      committed: '1',
      tokens: '8',
      spent: '0.98765432',
      refund: '0.01234568',
    });
  });

  it('keeps every digit of Launchpad-sized numbers', () => {
    // 10^9 tokens at 0.02 (18 decimals) = 20 000 000 USDT; 80 000 000 committed:
    // A 50/80 × 10^9 = 625 000 000 tokens, spent 12 500 000, refund 37 500 000; B 375 000 000, 7 500 000, 22 500 000.
    const outcome = allocate({ tokenPrice: '0.02', tokensOffered: '1000000000', tokenScale: 18 }, [
      ['A', '50000000'],
      ['B', '30000000'],
    ]);
    expect(outcome.shares.map((s) => [s.tokens, s.spent, s.refund])).toEqual([
      ['625000000', '12500000', '37500000'],
      ['375000000', '7500000', '22500000'],
    ]);
  });

  it('sells nothing without commitments', () => {
    expect(allocate(terms, [])).toMatchObject({
      shares: [],
      tokensSold: '0',
      tokensUnsold: '1000',
      oversubscribed: false,
    });
  });

  it('refuses bad terms and commitments with a key', () => {
    const refuse = (t: IcoTerms, amount = '1') => {
      const outcome = icoAllocation(t, [{ id: 'a', amount }]);
      return outcome.ok ? null : outcome.error;
    };
    expect(refuse({ ...terms, tokenPrice: '0' })).toEqual({
      key: 'ICO_TERMS_INVALID',
      params: { field: 'tokenPrice' },
    });
    expect(refuse({ ...terms, tokenPrice: 'abc' })?.params).toEqual({ field: 'tokenPrice' });
    expect(refuse({ ...terms, tokensOffered: '1.001' })?.params).toEqual({ field: 'tokensOffered' });
    expect(refuse({ ...terms, tokensOffered: 'Infinity' })?.params).toEqual({ field: 'tokensOffered' });
    expect(refuse({ ...terms, tokenScale: 19 })?.params).toEqual({ field: 'tokenScale' });
    expect(refuse(terms, '0')?.key).toBe('AMOUNT_NOT_POSITIVE');
    expect(refuse(terms, '1.000000001')?.key).toBe('AMOUNT_PRECISION');
    expect(refuse(terms, 'x')?.key).toBe('NUMBER_FORMAT');
    const twice = icoAllocation(terms, [
      { id: 'a', amount: '1' },
      { id: 'a', amount: '2' },
    ]);
    expect(twice.ok ? null : twice.error.key).toBe('IPO_DUPLICATE_APPLICATION');
  });
});

describe('ICO pro rata, seeded random', () => {
  it('never sells more than offered nor spends more than committed', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 300; run++) {
      const t: IcoTerms = {
        tokenPrice: new Decimal(1 + Math.floor(random() * 1e6)).dividedBy(1e6).toFixed(),
        tokensOffered: String(1 + Math.floor(random() * 1e5)),
        tokenScale: Math.floor(random() * 9),
      };
      const commitments = Array.from({ length: Math.floor(random() * 8) }, (_, i) => ({
        id: `u${i}`,
        amount: new Decimal(1 + Math.floor(random() * 1e12)).dividedBy(1e8).toFixed(),
      }));
      const outcome = icoAllocation(t, commitments);
      const context = `SEED=${seed} run ${run}`;
      expect(outcome.ok, context).toBe(true);
      if (!outcome.ok) return;
      expect(new Decimal(outcome.tokensSold).plus(outcome.tokensUnsold).eq(t.tokensOffered), context).toBe(
        true,
      );
      for (const share of outcome.shares) {
        expect(new Decimal(share.spent).plus(share.refund).eq(share.committed), context).toBe(true);
        expect(new Decimal(share.refund).gte(0), context).toBe(true);
        // Worth what was spent, to within one USDT unit of rounding up.
        const worth = new Decimal(share.tokens).times(t.tokenPrice);
        expect(
          new Decimal(share.spent).minus(worth).gte(0) &&
            new Decimal(share.spent).minus(worth).lt('0.00000001'),
          context,
        ).toBe(true);
      }
    }
  });
});

describe('ICO commitment checks', () => {
  const rules: IcoCommitRules = {
    t: 5,
    window: { start: 0, end: 10 },
    min: '10',
    max: '1000',
    committed: '900',
    available: '500',
  };

  it('accepts a commitment in the window, within the cap and the balance', () => {
    expect(checkIcoCommit('100', rules)).toBeNull();
  });

  it('answers the first broken rule', () => {
    expect(checkIcoCommit('100', { ...rules, t: 10 })).toEqual({ key: 'ICO_NOT_SUBSCRIBING' });
    expect(checkIcoCommit('abc', rules)).toEqual({ key: 'NUMBER_FORMAT', params: { field: 'amount' } });
    expect(checkIcoCommit('0', rules)?.key).toBe('AMOUNT_NOT_POSITIVE');
    expect(checkIcoCommit('10.000000001', rules)?.key).toBe('AMOUNT_PRECISION');
    expect(checkIcoCommit('9.99', rules)).toEqual({ key: 'AMOUNT_BELOW_MINIMUM', params: { min: '10' } });
    // 1000 − 900 already committed = 100 of room left.
    expect(checkIcoCommit('100.01', rules)).toEqual({ key: 'AMOUNT_ABOVE_MAXIMUM', params: { max: '100' } });
    expect(checkIcoCommit('600', { ...rules, max: null })).toEqual({ key: 'INSUFFICIENT_BALANCE' });
  });
});

describe('ICO estimate before committing', () => {
  it('is the pro-rata share if the window closed now', () => {
    // 100 USDT offered; 150 committed by others + 50 mine = 200: I get 50/200 × 1000 = 250 tokens,
    // spend 25, get 25 back.
    expect(icoEstimate(terms, '150', '50')).toEqual({
      tokens: '250',
      spent: '25',
      refund: '25',
      oversubscribed: true,
    });
    // Undersubscribed: 20 + 30 = 50 ≤ 100: all 30 buys 300 tokens.
    expect(icoEstimate(terms, '20', '30')).toEqual({
      tokens: '300',
      spent: '30',
      refund: '0',
      oversubscribed: false,
    });
    // Nobody else yet.
    expect(icoEstimate(terms, '0', '10')?.tokens).toBe('100');
  });

  it('has no answer for an unusable amount', () => {
    expect(icoEstimate(terms, '10', '')).toBeNull();
    expect(icoEstimate(terms, '10', '0')).toBeNull();
    expect(icoEstimate(terms, '10', '1.000000001')).toBeNull();
  });
});
