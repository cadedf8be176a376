import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conditionalOrders } from '../db/schema/conditional';
import { spotOrders } from '../db/schema/trading';
import type { Exchange } from '../funding/exchange/service';
import type { ConditionalTrading } from '../trading/conditional/engine';
import type { ContractTrading } from '../trading/contracts/engine';
import type { Trading } from '../trading/services';
import type { SpotTrading } from '../trading/spot/engine';
import type { PartitionMap } from './partition-map';

type Route = {
  at(p: number): Trading;
  bySymbol(symbol: string): Trading;
  every(ps?: readonly number[]): Trading[];
  coins(): Trading;
  /** Where a row of `wallet` with this symbol lives; a row not found goes to the wallet's first. */
  ofRow(symbol: string | undefined, wallet: 'stock' | 'coin'): Trading;
};

function routeOver(parts: readonly Trading[], map: PartitionMap): Route {
  const at = (p: number): Trading => {
    const part = parts[p];
    if (!part) throw new Error(`no engines for trading partition ${p}`);
    return part;
  };
  const bySymbol = (symbol: string) => at(map.of(symbol));
  return {
    at,
    bySymbol,
    every: (ps = parts.map((_, p) => p)) => ps.map(at),
    coins: () => at(map.coins),
    ofRow: (symbol, wallet) =>
      symbol === undefined ? at(map.ofWallet(wallet)[0] ?? map.coins) : bySymbol(symbol),
  };
}

function spotRouter(route: Route, map: PartitionMap, db: Db): SpotTrading {
  const { bySymbol, every, coins, ofRow } = route;
  return {
    start: async () => {},
    stop: () => {},
    place: (session, request) => bySymbol(request.symbol).spot.place(session, request),
    async cancel(session, request) {
      if (request.id !== undefined) {
        const [row] = await db
          .select({ symbol: spotOrders.symbol })
          .from(spotOrders)
          .where(eq(spotOrders.id, request.id));
        return ofRow(row?.symbol, request.wallet).spot.cancel(session, request);
      }
      if (request.symbol) return bySymbol(request.symbol).spot.cancel(session, request);
      const each = every(map.ofWallet(request.wallet)).map((t) => t.spot.cancel(session, request));
      return (await Promise.all(each)).flat();
    },
    async modify(session, request) {
      const [row] = await db
        .select({ symbol: spotOrders.symbol })
        .from(spotOrders)
        .where(eq(spotOrders.id, request.id));
      return ofRow(row?.symbol, request.wallet).spot.modify(session, request);
    },
    expireDue: async () => sum(await Promise.all(every().map((t) => t.spot.expireDue()))),
    async onDemoReset(userId) {
      await Promise.all(every().map((t) => t.spot.onDemoReset(userId)));
    },
    settings: () => coins().spot.settings(),
    now: () => coins().spot.now(),
    restingCount: () => sum(every().map((t) => t.spot.restingCount())),
  };
}

/** Every contract call is the coins' partition's, whoever holds it at the time of the call. */
function contractsRouter({ coins }: Route): ContractTrading {
  const c = () => coins().contracts;
  return {
    start: async () => {},
    stop: () => {},
    rules: (owner) => c().rules(owner),
    open: (owner, input) => c().open(owner, input),
    preview: (owner, input) => c().preview(owner, input),
    list: (owner, filter) => c().list(owner, filter),
    active: (owner) => c().active(owner),
    query: (owner, id) => c().query(owner, id),
    close: (owner, id, quantity) => c().close(owner, id, quantity),
    closeAll: (owner, ids) => c().closeAll(owner, ids),
    setTakeProfit: (owner, id, price) => c().setTakeProfit(owner, id, price),
    setStopLoss: (owner, id, price) => c().setStopLoss(owner, id, price),
    addMargin: (owner, id, amount) => c().addMargin(owner, id, amount),
    onDemoReset: (userId) => c().onDemoReset(userId),
    riskFigures: (symbol, mark) => c().riskFigures(symbol, mark),
    settled: () => c().settled(),
    transfer: (owner, input) => c().transfer(owner, input),
    assets: (owner) => c().assets(owner),
  };
}

function conditionalRouter({ bySymbol, every, ofRow }: Route, db: Db): ConditionalTrading {
  return {
    add: (session, wallet, input) => bySymbol(input.symbol).conditional.add(session, wallet, input),
    async cancel(session, wallet, id) {
      const [row] = await db
        .select({ symbol: conditionalOrders.symbol })
        .from(conditionalOrders)
        .where(eq(conditionalOrders.id, id));
      return ofRow(row?.symbol, wallet).conditional.cancel(session, wallet, id);
    },
    async modify(session, wallet, input) {
      const [row] = await db
        .select({ symbol: conditionalOrders.symbol })
        .from(conditionalOrders)
        .where(eq(conditionalOrders.id, input.id));
      return ofRow(row?.symbol, wallet).conditional.modify(session, wallet, input);
    },
    expireDue: async () => sum(await Promise.all(every().map((t) => t.conditional.expireDue()))),
    async onDemoReset(userId) {
      await Promise.all(every().map((t) => t.conditional.onDemoReset(userId)));
    },
  };
}

/**
 * A node's `ctx.trading` over a cluster's trading partitions: each call goes to the engines of
 * the partition its symbol is in (this node's own while it owns that partition, its owner's over
 * the bus otherwise: partition.ts). A cancel by id looks the row's symbol up first; a call that
 * names no symbol (cancel every order of a wallet, a demo reset, expiry) goes to every
 * partition it can touch, and each ends only its own rows (TradingDeps.holds). Contracts trade
 * on the coin books, so all of them go to the coins' partition. The exchange runs here, outside
 * every writer (funding/exchange/service.ts).
 */
export function tradingRouter(
  parts: readonly Trading[],
  map: PartitionMap,
  db: Db,
  exchange: Exchange,
): Trading {
  const route = routeOver(parts, map);
  return {
    spot: spotRouter(route, map, db),
    contracts: contractsRouter(route),
    conditional: conditionalRouter(route, db),
    exchange,
    clock: { now: () => route.coins().clock.now() },
    // Each partition's engines start and stop with its ownership (partition.ts).
    async start() {},
    async stop() {},
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
