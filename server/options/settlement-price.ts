import type { MarketSource } from '../market/source';

/**
 * How the settlement price was found: a print, a one-minute bar's close, the price the market
 * went on from after a stop (it printed nothing at expiry), or (last resort) the live price.
 */
export type SettlementPrice = { price: string; at: number; from: 'trade' | 'candle' | 'resumed' | 'live' };

/** The trades the source keeps are the newest; this many reach back well past a pass's lateness. */
const TRADES_LOOKED_AT = 500;

/**
 * The price the source printed at expiry (DECISIONS §2): the last trade at or before `expiresAt`.
 * The kept trades are the newest, in order, so a trade at or before expiry found among them is the
 * last one (every later trade is newer, so also kept). When the pass comes too late for them, the
 * one-minute bar that ends at the expiry (session closes are on the minute) closes at that same
 * last print. Only when the source has neither is the live price taken, at the pass's time — a
 * source without history (an exchange feed) settles at the first pass after expiry.
 */
export function settlementPrice(
  market: MarketSource,
  symbol: string,
  expiresAt: number,
): SettlementPrice | null {
  const trades = market.trades(symbol, TRADES_LOOKED_AT);
  for (let i = trades.length - 1; i >= 0; i--) {
    const trade = trades[i]!;
    if (trade.t <= expiresAt) return { price: trade.price, at: trade.t, from: 'trade' };
  }
  // Expired before the source's record starts (the broker was down, or restarted, and its bars
  // from then are generated): the last price printed before expiry is where it went on from,
  // not the close of a made-up bar.
  const record = market.printedSince?.(symbol) ?? null;
  if (record && expiresAt <= record.since) return { price: record.price, at: record.since, from: 'resumed' };
  const bar = market.candles(symbol, '1m', 1, expiresAt - 1).at(-1);
  if (bar && bar.t < expiresAt) return { price: bar.c, at: bar.t, from: 'candle' };
  const ticker = market.ticker(symbol);
  return ticker ? { price: ticker.last, at: ticker.t, from: 'live' } : null;
}
