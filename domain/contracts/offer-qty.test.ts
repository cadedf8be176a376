import { describe, expect, it } from 'vitest';
import { d } from './decimal';
import { qtyForOffer, type FillAt } from './open-cost';

/** A book's asks walked best first, as the broker's preview does; what is past its depth is not filled. */
const asks =
  (levels: [string, string][]): FillAt =>
  (qty) => {
    let left = qty;
    let filled = d(0);
    let paid = d(0);
    for (const [price, size] of levels) {
      const take = left.lt(size) ? left : d(size);
      filled = filled.plus(take);
      paid = paid.plus(take.mul(price));
      left = left.minus(take);
      if (left.lte(0)) break;
    }
    return { qty: filled, price: filled.isZero() ? d(0) : paid.div(filled) };
  };

describe('qtyForOffer: the quantity a margin opens at market, priced on the levels it takes', () => {
  it('walks again when the best level alone would overspend the margin (hand-computed)', () => {
    // 30 USDT × 10 = 300 at the best ask 100: 3.00. Those take 1 @ 100 and 2 @ 101 = 302, a margin
    // of 30.2 > 30; at their average 100.666… the margin buys 2.980… → 2.98, which take 1 @ 100 and
    // 1.98 @ 101 = 299.98, a margin of 29.998 ≤ 30.
    const book = asks([
      ['100', '1'],
      ['101', '2'],
      ['102', '10'],
    ]);
    expect(qtyForOffer('30', 10, 2, book)?.toFixed()).toBe('2.98');
  });

  it('takes the best level when it holds the whole quantity', () => {
    expect(qtyForOffer('10', 10, 2, asks([['100', '5']]))?.toFixed()).toBe('1');
  });

  it('is null on an empty book', () => {
    expect(qtyForOffer('10', 10, 2, asks([]))).toBeNull();
  });
});
