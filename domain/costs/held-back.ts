import Decimal from 'decimal.js';

/**
 * The units of a symbol the paper account holds and a real account would not: what its resting
 * buys filled on paper while the queue ahead of them had not traded (never bought for real), less
 * what its resting sells filled on paper and the queue kept from selling (still held for real; the
 * figure is then negative). Paper's later sells realise a gain on those units that a real account
 * never had, so a real sell can sell at most paper's holding less them.
 */
export function sellableOnVenue(paperHeld: Decimal.Value, heldBack: Decimal.Value): string {
  return Decimal.max(0, new Decimal(paperHeld).minus(heldBack)).toFixed();
}

/** The held-back units after an execution that filled `paperQty` on paper and `realQty` for real. */
export function heldBackAfter(
  heldBack: Decimal.Value,
  side: 'buy' | 'sell',
  paperQty: Decimal.Value,
  realQty: Decimal.Value,
): string {
  const gap = new Decimal(paperQty).minus(realQty);
  return new Decimal(heldBack).plus(side === 'buy' ? gap : gap.negated()).toFixed();
}
