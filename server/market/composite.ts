import { onOneState, routedBySymbol, type Instrument, type MarketEvent, type MarketSource } from './source';

/**
 * Stocks and indices from one source, coins from another (MARKET_COINS=binance: the simulator
 * for BIST, the exchange adapter for coins), seen as one MarketSource. Every call goes to the
 * source whose catalogue holds the symbol; coins the stock source may also carry are hidden,
 * so a symbol never has two prices. BIST status comes from the stocks, CRYPTO from the coins.
 */
export function createCompositeSource(stocks: MarketSource, coins: MarketSource): MarketSource {
  const stockSide = (inst: Instrument | undefined): Instrument | undefined =>
    inst && inst.market !== 'coin' ? inst : undefined;
  const route = (symbol: string): MarketSource | null => {
    if (coins.instrument(symbol)?.market === 'coin') return coins;
    return stockSide(stocks.instrument(symbol)) ? stocks : null;
  };

  return {
    instruments: () => [
      ...stocks.instruments().filter((inst) => inst.market !== 'coin'),
      ...coins.instruments().filter((inst) => inst.market === 'coin'),
    ],
    instrument: (symbol) => {
      const coin = coins.instrument(symbol);
      return coin?.market === 'coin' ? coin : stockSide(stocks.instrument(symbol));
    },
    ...routedBySymbol(route),
    pin: (fn) => onOneState(stocks, () => onOneState(coins, fn)),
    status: (market) => (market === 'BIST' ? stocks : coins).status(market),
    list(listings) {
      stocks.list?.(listings);
      coins.list?.(listings);
    },
    on(listener, kinds) {
      const pass = (from: MarketSource) => (event: MarketEvent) => {
        const wanted =
          event.type === 'status'
            ? (event.status.market === 'BIST') === (from === stocks)
            : route(event.symbol) === from;
        if (wanted) listener(event);
      };
      const offStocks = stocks.on(pass(stocks), kinds);
      const offCoins = coins.on(pass(coins), kinds);
      return () => {
        offStocks();
        offCoins();
      };
    },
    start() {
      stocks.start();
      coins.start();
    },
    stop() {
      coins.stop();
      stocks.stop();
    },
  };
}
