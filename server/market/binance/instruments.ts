import type { Instrument } from '../source';
import type { SymbolFacts } from './parse';
import { scaleOfStep, onGrid } from './scale';

/** exchangeInfo has no display names; the common ones are here, others show their base asset. */
const NAMES: Readonly<Record<string, string>> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  BNB: 'BNB',
  SOL: 'Solana',
  XRP: 'XRP',
  ADA: 'Cardano',
  DOGE: 'Dogecoin',
  AVAX: 'Avalanche',
  DOT: 'Polkadot',
  LINK: 'Chainlink',
  LTC: 'Litecoin',
  TRX: 'TRON',
  MATIC: 'Polygon',
  POL: 'Polygon',
  ATOM: 'Cosmos',
  SHIB: 'Shiba Inu',
  TON: 'Toncoin',
};

/** Our catalogue entry for a Binance spot pair, its grid taken from PRICE_FILTER and LOT_SIZE. */
export function coinInstrument(facts: SymbolFacts): Instrument {
  const priceScale = scaleOfStep(facts.tickSize);
  const qtyScale = scaleOfStep(facts.stepSize);
  return {
    symbol: facts.symbol,
    name: NAMES[facts.base] ?? facts.base,
    market: 'coin',
    country: '',
    priceScale,
    qtyScale,
    group: null,
    t1: false,
    lot: 1,
    base: facts.base,
    quote: facts.quote,
    minQty: onGrid(facts.minQty, qtyScale) ?? facts.minQty,
    members: [],
  };
}
