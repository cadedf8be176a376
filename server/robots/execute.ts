import type Decimal from 'decimal.js';
import { orderQty, worstFillPrice } from '../../domain/robots/fill';
import type { Decision } from '../../domain/robots/strategies';
import type { ExecFill, Instrument, MarketSource } from '../market/source';

/**
 * Sends a strategy's decision to the market as a taker order limited to the worst price the
 * backtest fills at (domain/robots/fill.ts: SLIPPAGE past the best level), as the spot engine's
 * market orders do: a buy's quantity is sized so that even at its limit, fee included, it spends
 * no more than the decision's cash. Answers the fills (none when the book is empty, the market is
 * not trading, or the size is below the minimum).
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
  const limit = worstFillPrice(decision.side, best[0], instrument.priceScale);
  const qty = orderQty(decision, limit, feeRate, held, instrument.qtyScale);
  if (qty.lte(0) || qty.lt(instrument.minQty)) return [];
  return market.execute({
    symbol: instrument.symbol,
    side: decision.side,
    qty: qty.toFixed(),
    limit: limit.toFixed(),
  });
}
