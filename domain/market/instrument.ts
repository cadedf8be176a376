/**
 * What an instrument is, everywhere (server, worker, screens). Symbols follow DECISIONS §4:
 * BIST tickers as listed (`THYAO`, `XU100`), coins as `BTCUSDT`.
 */
export const MARKETS = ['stock', 'index', 'coin'] as const;
export type Market = (typeof MARKETS)[number];

/** BIST market group (DECISIONS §5): 1 = Yıldız/Ana Pazar group 1 (±20%), 2 (±15%), 3 = others (±10%). */
export type StockGroup = 1 | 2 | 3;

/** Candle intervals, shortest first. */
export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE = 60_000;
export const INTERVAL_MS: Readonly<Record<Interval, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};

export function isInterval(value: string): value is Interval {
  return (INTERVALS as readonly string[]).includes(value);
}

/**
 * Istanbul has been UTC+3 all year since 2016, so BIST bars align on a fixed offset; coins
 * align on UTC as exchanges print them.
 */
export const ISTANBUL_OFFSET_MS = 3 * 60 * MINUTE;
const MONDAY_EPOCH_SHIFT = 3 * 1440 * MINUTE; // 1970-01-01 was a Thursday

/** Open time of the bar holding `ts`; days and weeks (from Monday) start at local midnight. */
export function barOpenTime(ts: number, interval: Interval, offsetMs: number): number {
  const size = INTERVAL_MS[interval];
  const shift = interval === '1w' ? offsetMs + MONDAY_EPOCH_SHIFT : offsetMs;
  return Math.floor((ts + shift) / size) * size - shift;
}

/** Offset a market's bars align on. */
export function barOffset(market: Market): number {
  return market === 'coin' ? 0 : ISTANBUL_OFFSET_MS;
}
