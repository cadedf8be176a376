import type { TradingDeps } from '../deps';

/** Spot orders for BIST stocks and coins: matching against the source, ledgered fills. */
export type SpotTrading = {
  /** Loads live orders and starts following the market. */
  start(): Promise<void>;
  stop(): void;
};

export function createSpotTrading(deps: TradingDeps): SpotTrading {
  void deps;
  return { start: async () => undefined, stop: () => undefined };
}
