import type { CoinInfo, CoinTicker, MarketStatus, StockInfo, StockQuote } from '../../domain/protocol/market';
import type { HoldInfo } from '../../domain/protocol/trading';
import type { CoinAssets } from '../../domain/protocol/coin-wallet';

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

/** The server's default stock costs (server/settings.ts `stockCosts`). */
export const SAMPLE_STOCK_COSTS = {
  commissionRate: '0.0015',
  minCommission: '0',
  bsmvRate: '0.05',
  exchangeFeeRate: '0.00003',
};

/** GET /stock/index/info for THYAO: group 1, lot 1, today's band around 312.25. */
export const SAMPLE_THYAO_INFO: StockInfo = {
  ...sampleQuote('THYAO', 'Türk Hava Yolları', '312.25', '1.87', '9834000000'),
  group: 1,
  t1: false,
  lot: 1,
  priceScale: 2,
  upperLimit: '374.50',
  lowerLimit: '249.80',
  members: [],
  status: SAMPLE_STATUS,
};

/** GET /stock/hold/info for THYAO: 100,000 TRY to spend, no shares. */
export const SAMPLE_THYAO_HOLD: HoldInfo = {
  symbol: 'THYAO',
  cashAvailable: '100000',
  sellable: '0',
  holding: null,
  costs: SAMPLE_STOCK_COSTS,
  limits: { minAmount: '1', maxShares: 1_000_000 },
};

/** POST /coin/assets: 100,000 USDT in the coin wallet, an empty contract wallet. */
export const SAMPLE_COIN_ASSETS: CoinAssets = {
  coin: [{ currency: 'USDT', available: '100000', frozen: '0', total: '100000', valueUsdt: '100000' }],
  contract: { available: '0', frozen: '0', total: '0', unrealizedPnl: '0' },
  totalUsdt: '100000',
};
