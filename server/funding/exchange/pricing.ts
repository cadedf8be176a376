import Decimal from 'decimal.js';
import { exchangeRoute, type BookTop, type ExchangeRoute } from '../../../domain/funding/exchange';
import { fundingDecimals } from '../../../domain/funding/amounts';
import { ApiError } from '../../http/errors';
import type { MarketSource } from '../../market/source';

/** A coin the exchange may convert: one with a USDT market in the catalogue. */
function listed(market: MarketSource, coin: string): boolean {
  const instrument = market.instrument(`${coin}USDT`);
  return instrument !== undefined && instrument.market === 'coin' && instrument.quote === 'USDT';
}

/** Whether the exchange converts `from` into `to` at all. */
export function isRouted(market: MarketSource, from: string, to: string): boolean {
  return exchangeRoute(from, to, (coin) => listed(market, coin)) !== null;
}

/** The pair's route, or EXCHANGE_UNSUPPORTED (same currency, TRY with a coin, an unlisted coin). */
export function routeOf(market: MarketSource, from: string, to: string): ExchangeRoute {
  const route = exchangeRoute(from, to, (coin) => listed(market, coin));
  if (!route) throw new ApiError('EXCHANGE_UNSUPPORTED', { from, to });
  return route;
}

/**
 * Decimals a conversion pays and receives in `currency`: the wallet's (TRY 2, every coin 8, as
 * deposits and the wallets count them). Not a coin market's quantity step: BTC's 0.00001 cut
 * 100 USDT's 0.0010386 BTC to 0.00103, 0.8 % kept beside a fee shown as 0.
 */
export function scaleOf(currency: string): number {
  return fundingDecimals(currency);
}

/**
 * The best bid and ask of each book the route crosses, read now. No book at all (the feed has
 * not delivered one, or it went away) → FEED_STALE; a side with nobody on it → NO_LIQUIDITY.
 * Never the last trade price: the user takes the side of the book a real order would.
 */
export function readTops(market: MarketSource, route: ExchangeRoute): BookTop[] {
  return route.legs.map(({ symbol }) => {
    const book = market.book(symbol, 1);
    if (!book) throw new ApiError('FEED_STALE');
    const bid = book.bids[0]?.[0];
    const ask = book.asks[0]?.[0];
    if (bid === undefined || ask === undefined) throw new ApiError('NO_LIQUIDITY');
    if (new Decimal(bid).lte(0) || new Decimal(ask).lte(0)) throw new ApiError('NO_LIQUIDITY');
    return { bid, ask };
  });
}
