import type { MarketConfig } from '../config';
import { createBinanceCoins } from './binance/coins';
import { createNodeTransport } from './binance/transport';
import { createCompositeSource } from './composite';
import type { MarketSource, TradedMarket } from './source';
import {
  buildSimulator,
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from './simulator/simulator';

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
  return around(config, createSimulator(simulatorOptions(config, startPrices, traded, slice)));
}

/** One turn of the event loop: timers and sockets (a lease's proof among them) run first. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The same market, its instruments made one at a time with `pause` between them (a turn of the
 * event loop): a node taking a trading partition over goes on proving its lease while it draws
 * the market's history (server/market/simulator/simulated-market.ts simulatedMarketInSlices).
 */
export async function buildMarket(
  config: MarketConfig,
  startPrices: ReadonlyMap<string, string> | undefined,
  traded: TradedMarket | undefined,
  slice: ((symbol: string) => boolean) | undefined,
  pause: () => Promise<void> = nextTurn,
): Promise<MarketSource> {
  return around(config, await buildSimulator(simulatorOptions(config, startPrices, traded, slice), pause));
}

const clock = { now: () => Date.now() };

function simulatorOptions(
  config: MarketConfig,
  startPrices: ReadonlyMap<string, string> | undefined,
  traded: TradedMarket | undefined,
  slice: ((symbol: string) => boolean) | undefined,
): SimulatorOptions {
  return {
    seed: config.seed,
    clock,
    alwaysOpen: config.alwaysOpen,
    profile: config.profile,
    ...(startPrices ? { startPrices } : {}),
    ...(traded ? { traded } : {}),
    ...(slice ? { slice } : {}),
  };
}

/** The simulator alone, or beside Binance's coins. */
function around(config: MarketConfig, simulator: Simulator): MarketSource {
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
