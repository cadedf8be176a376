import Decimal from 'decimal.js';

/**
 * How far from the last price an AI product's trade may go: a buy takes asks up to 2% over it, a
 * sell bids down to 2% under it, never further. The live trade's limit and the backtest's fill
 * price both come from here, so a backtest never fills better than a live trade could.
 */
export const PRICE_GUARD = '0.02';

/** The worst price a trade of `side` accepts from `reference`, on the BIST price scale (kuruş). */
export function guardPrice(side: 'buy' | 'sell', reference: Decimal.Value): Decimal {
  const factor = new Decimal(1)[side === 'buy' ? 'plus' : 'minus'](PRICE_GUARD);
  return new Decimal(reference)
    .times(factor)
    .toDecimalPlaces(2, side === 'buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
}
