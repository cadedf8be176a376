import Decimal from 'decimal.js';
import type { Decision } from '../../domain/robots/strategies';
import type { ExecFill, Instrument, MarketSource } from '../market/source';

/** How far past the best level a robot's taker order may walk the book (its limit). */
const SLIPPAGE = new Decimal('0.01');

/**
 * Sends a strategy's decision to the market as a taker order with a limit (SLIPPAGE past the
 * best level), as the spot engine's market orders do: a buy's quantity is sized so that even at
 * its limit, fee included, it spends no more than the decision's cash. Answers the fills (none
 * when the book is empty, the market is not trading, or the size is below the minimum).
 */
export function executeDecision(
  market: MarketSource,
  instrument: Instrument,
  decision: Decision,
  feeRate: Decimal,
  held: Decimal,
): ExecFill[] {
  const book = market.book(instrument.symbol, 1);
  const best = decision.side === 'buy' ? book?.asks[0] : book?.bids[0];
  if (!best) return [];
  const price = new Decimal(best[0]);
  const limit =
    decision.side === 'buy'
      ? price.times(SLIPPAGE.plus(1)).toDecimalPlaces(instrument.priceScale, Decimal.ROUND_DOWN)
      : price.times(new Decimal(1).minus(SLIPPAGE)).toDecimalPlaces(instrument.priceScale, Decimal.ROUND_UP);
  const qty = (
    decision.side === 'buy'
      ? decision.spend.div(limit.times(feeRate.plus(1)))
      : Decimal.min(decision.qty, held)
  ).toDecimalPlaces(instrument.qtyScale, Decimal.ROUND_DOWN);
  if (qty.lte(0) || qty.lt(instrument.minQty)) return [];
  return market.execute({
    symbol: instrument.symbol,
    side: decision.side,
    qty: qty.toFixed(),
    limit: limit.toFixed(),
  });
}
