import type { AppConfig } from '../app-config';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { TradingLog } from './deps';
import { createContractTrading, type ContractTrading } from './contracts/engine';
import { createSpotTrading, type SpotTrading } from './spot/engine';
import { createConditionalTrading, type ConditionalTrading } from './conditional/engine';
import type { Read } from './batch';
import { createWriter } from './writer';
import { createExchange, type Exchange } from '../funding/exchange/service';
import { RealisticRecorder } from '../costs/recorder';

/** The broker's trading engines, reachable from every route as `ctx.trading`. */
export type Trading = {
  spot: SpotTrading;
  contracts: ContractTrading;
  /** Stop, stop-limit, take-profit, trailing and one-cancels-other orders, fired on the owner. */
  conditional: ConditionalTrading;
  /** Currency exchange: through the same writer, ordered with what spends the balances. */
  exchange: Exchange;
  /** The engines' time (virtual in tests): other areas date their rows and windows by it too. */
  clock: { now(): number };
  /** Prices each spot fill on a real venue after its batch commits (docs/real-costs.md). */
  realistic?: RealisticRecorder;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createTrading(opts: {
  db: Db;
  market: MarketSource;
  config: AppConfig;
  clock?: { now(): number };
  log?: TradingLog;
  /** A cluster partition's fencing check, made first in every write batch. */
  fence?: Read;
  /** A cluster partition's symbols: the engines load and end only their rows (TradingDeps.holds). */
  holds?: ((symbol: string) => boolean) | undefined;
}): Trading {
  const writer = createWriter(opts.db, opts.fence ? { fence: opts.fence } : {});
  const realistic = new RealisticRecorder(opts);
  const deps = { ...opts, clock: opts.clock ?? { now: () => Date.now() }, writer, realistic: realistic.tap };
  const spot = createSpotTrading(deps);
  const contracts = createContractTrading(deps);
  const conditional = createConditionalTrading(deps, spot);
  return {
    spot,
    contracts,
    conditional,
    exchange: createExchange(deps),
    clock: deps.clock,
    realistic,
    async start() {
      realistic.start();
      await spot.start();
      await contracts.start();
      await conditional.start();
    },
    async stop() {
      conditional.stop();
      contracts.stop();
      spot.stop();
      // Whatever was accepted is written before the database closes.
      await writer.drain();
      realistic.stop();
      await realistic.drain();
    },
  };
}
