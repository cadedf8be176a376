import { marketCapOf, type MarketCap } from '../../../domain/trade/market-cap';
import { stockBand } from '../../../domain/rules/stock';
import type { Instrument, MarketSource } from '../../market/source';

/**
 * A market order's cap on the source's book as it is now (domain/trade/market-cap): the level
 * where the book covers its quantity and that plus the protection room, inside the stock's band.
 * Null when that side is empty.
 */
export function marketCap(
  source: MarketSource,
  instrument: Instrument,
  side: 'buy' | 'sell',
  qty: string,
): MarketCap | null {
  const book = source.book(instrument.symbol, 1000);
  const band =
    instrument.market === 'stock'
      ? stockBand(instrument, source.ticker(instrument.symbol)?.prev ?? null)
      : null;
  return marketCapOf(
    (side === 'buy' ? book?.asks : book?.bids) ?? [],
    side,
    qty,
    instrument.priceScale,
    band,
  );
}
