import type { CoinInfo, CoinTicker, MarketStatus, StockQuote } from '../../domain/protocol/market';

/**
 * Realistic REST answers for tests and screenshots (never imported by the app). Figures are
 * decimal strings as the wire carries them.
 */
const TS = 1767261600000; // 2026-01-01 13:00 Istanbul

export function sampleQuote(
  symbol: string,
  name: string,
  price: string,
  changePct: string,
  turnover: string,
  kind: 'stock' | 'index' = 'stock',
): StockQuote {
  return {
    symbol,
    name,
    market: kind,
    country: 'TR',
    price,
    prevClose: price,
    open: price,
    high: price,
    low: price,
    change: '0',
    changePct,
    volume: '1000000',
    turnover,
    ts: TS,
  };
}

export const SAMPLE_STOCKS: StockQuote[] = [
  sampleQuote('THYAO', 'Türk Hava Yolları', '312.25', '1.87', '9834000000'),
  sampleQuote('ASELS', 'Aselsan', '148.90', '-0.73', '6120000000'),
  sampleQuote('GARAN', 'Garanti BBVA', '131.60', '2.41', '5450000000'),
  sampleQuote('AKBNK', 'Akbank', '63.15', '0', '3310000000'),
  sampleQuote('BIMAS', 'BİM Mağazalar', '548.50', '-1.32', '2290000000'),
  sampleQuote('SASA', 'SASA Polyester', '4.18', '-3.46', '1870000000'),
];

export const SAMPLE_INDICES: StockQuote[] = [
  sampleQuote('XU100', 'BIST 100', '10843.27', '0.92', '98700000000', 'index'),
  sampleQuote('XU030', 'BIST 30', '11876.04', '1.12', '71200000000', 'index'),
  sampleQuote('XBANK', 'BIST Banka', '15402.88', '-0.41', '21400000000', 'index'),
];

export const SAMPLE_STATUS: MarketStatus = {
  market: 'BIST',
  state: 'open',
  open: true,
  nextOpen: null,
  nextClose: 1767279600000, // 18:00 Istanbul
  holiday: null,
  ts: TS,
};

const COINS: [string, string, string, string, number][] = [
  ['BTCUSDT', 'Bitcoin', '97234.51', '2.13', 2],
  ['ETHUSDT', 'Ethereum', '3412.08', '-1.05', 2],
  ['SOLUSDT', 'Solana', '187.364', '4.72', 3],
  ['XRPUSDT', 'XRP', '2.3418', '-0.22', 4],
];

export const SAMPLE_COIN_INFOS: CoinInfo[] = COINS.map(([symbol, name, , , priceScale]) => ({
  symbol,
  base: symbol.replace('USDT', ''),
  quote: 'USDT',
  name,
  priceScale,
  qtyScale: 4,
  minQty: '0.0001',
}));

export const SAMPLE_COIN_TICKERS: CoinTicker[] = COINS.map(([symbol, , price, changePct], index) => ({
  symbol,
  price,
  open: price,
  high: price,
  low: price,
  change: '0',
  changePct,
  volume: '1000',
  quoteVolume: String((COINS.length - index) * 250_000_000),
  mark: price,
  ts: TS,
}));

export function samplePage<T>(list: T[], page = 1, size = list.length) {
  return { list: list.slice((page - 1) * size, page * size), total: list.length, page, size };
}
