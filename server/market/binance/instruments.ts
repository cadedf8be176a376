import { coinInstrument as catalogueEntry } from '../catalogue';
import type { Instrument } from '../source';
import type { SymbolFacts } from './parse';
import { scaleOfStep, onGrid } from './scale';

/** Our catalogue entry for a Binance spot pair, its grid taken from PRICE_FILTER and LOT_SIZE. */
export function coinInstrument(facts: SymbolFacts): Instrument {
  const priceScale = scaleOfStep(facts.tickSize);
  const qtyScale = scaleOfStep(facts.stepSize);
  return catalogueEntry({
    symbol: facts.symbol,
    base: facts.base,
    quote: facts.quote,
    priceScale,
    qtyScale,
    minQty: onGrid(facts.minQty, qtyScale) ?? facts.minQty,
  });
}
