import type { TradingDeps } from '../deps';

/** USDT-margined perpetuals: positions, the risk engine on mark ticks, funding. */
export type ContractTrading = {
  start(): Promise<void>;
  stop(): void;
};

export function createContractTrading(deps: TradingDeps): ContractTrading {
  void deps;
  return { start: async () => undefined, stop: () => undefined };
}
