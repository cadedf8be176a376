/**
 * The coins' price scales the page already read (`/coin/infos`, asked as the Trade tab, Home's
 * coin list, a coin's screens, search, exchange, alerts or conditional orders open): the worker
 * starts a coin's streams with them instead of asking the broker for the same answer again.
 * Apart from MarketDataApi so in-thread fakes of the market half need not implement it (the
 * worker's object does).
 */
export interface CoinScalesApi {
  /** Each pair's price scale by symbol; added to what the worker knows. */
  setCoinScales(scales: Readonly<Record<string, number>>): void;
}

/** The scales of a list of pairs, as setCoinScales takes them. */
export function coinScalesOf(
  infos: readonly { symbol: string; priceScale: number }[],
): Record<string, number> {
  const scales: Record<string, number> = {};
  for (const info of infos) scales[info.symbol] = info.priceScale;
  return scales;
}
