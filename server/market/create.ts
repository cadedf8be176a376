import type { MarketConfig } from '../config';
import { createBinanceCoins } from './binance/coins';
import { createNodeTransport } from './binance/transport';
import { createCompositeSource } from './composite';
import type { MarketSource, TradedMarket } from './source';
import { createSimulator } from './simulator/simulator';

/**
 * The source the configuration asks for, on the wall clock: the simulator for everything, or
 * (MARKET_COINS=binance) the simulator for BIST and Binance's public streams for the same coin
 * catalogue, so screens, fills and liquidations still read one source (DECISIONS §1).
 */
export function createMarket(
  config: MarketConfig,
  startPrices?: ReadonlyMap<string, string>,
  traded?: TradedMarket,
  /** A cluster's trading partition draws only its own symbols (server/cluster/partition-map.ts). */
  slice?: (symbol: string) => boolean,
): MarketSource {
  const clock = { now: () => Date.now() };
  const simulator = createSimulator({
    seed: config.seed,
    clock,
    alwaysOpen: config.alwaysOpen,
    profile: config.profile,
    ...(startPrices ? { startPrices } : {}),
    ...(traded ? { traded } : {}),
    ...(slice ? { slice } : {}),
  });
  if (config.coins === 'simulator') return simulator;
  const symbols = simulator
    .instruments()
    .filter((instrument) => instrument.market === 'coin')
    .map((instrument) => instrument.symbol);
  return createCompositeSource(
    simulator,
    createBinanceCoins({ symbols, transport: createNodeTransport(), clock }),
  );
}
