import Decimal from 'decimal.js';
import { stockTick } from '../../domain/rules/stock';
import type { Cluster } from '../support/cluster';
import { operator } from '../support/operator';
import type { partitionsWorld } from './partitions-support';

type World = ReturnType<typeof partitionsWorld>;
export type Funded = { userId: string; userToken: string };

/** The asks node `i` shows for `symbol`, best first. */
export async function asksOn(cluster: Cluster, i: number, symbol: string): Promise<[string, string][]> {
  const res = await fetch(`${cluster.nodes[i]!.url}/ipxtrg-api/stock/index/books`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ symbol, depth: '50' }).toString(),
    signal: AbortSignal.timeout(5_000),
  });
  return ((await res.json()) as { data: { asks: [string, string][] } }).data.asks;
}

/**
 * The limit buy at `target` that takes every ask shown up to it, and never trades above it. What
 * the book gained meanwhile, or a target the book does not show, leaves a remainder resting at
 * the target, which takes the asks up to it as they come.
 */
export function sweepTo(asks: [string, string][], target: Decimal) {
  let quantity = new Decimal(0);
  let shown = false;
  for (const [p, q] of asks) {
    const level = new Decimal(p);
    if (level.gt(target)) break;
    quantity = quantity.plus(q);
    shown = level.eq(target);
  }
  return { price: target.toFixed(2), quantity: (shown ? quantity : quantity.plus(100)).toFixed() };
}

/** Where a stock's levels start: the last print or the best ask, whichever is higher; its tick; its ceiling. */
export async function levelsOf(cluster: Cluster, i: number, symbol: string) {
  const res = await fetch(`${cluster.nodes[i]!.url}/ipxtrg-api/stock/index/info?symbol=${symbol}`);
  const info = ((await res.json()) as { data: { price: string; upperLimit: string } }).data;
  const [bestAsk] = await asksOn(cluster, i, symbol);
  const price = Decimal.max(info.price, bestAsk?.[0] ?? info.price);
  const tick = new Decimal(stockTick(price.toFixed()));
  const ceiling = new Decimal(info.upperLimit);
  /** The level `k` ticks above the start, at most the day's ceiling. */
  const level = (k: number) => Decimal.min(price.plus(tick.times(k)), ceiling);
  return { price, tick, ceiling, level };
}

/** A real account with 100,000,000 TRY, whose buys walk a price up. */
export async function fundedMover(cluster: Cluster): Promise<Funded> {
  const env = { port: new URL(cluster.nodes[0]!.url).port, dataDir: cluster.dataDir };
  const mover = (await operator(['create-user', '--kyc', 'approved'], env)) as Funded;
  await operator(['fund', mover.userId, '100000000', '--reason', 'walk'], env);
  return mover;
}

/**
 * A mover's walk of `symbol` up to `target()`, every 200 ms through `via()` (a node alive now), each
 * order sized from the book that node shows, until `going()` says stop. Answers are tallied.
 */
export async function walk(
  world: World,
  cluster: Cluster,
  mover: Funded,
  symbol: string,
  plan: { via: () => number; target: () => Decimal; going: () => boolean },
  tally: Map<string, number>,
): Promise<void> {
  while (plan.going()) {
    const i = plan.via();
    let what: string;
    try {
      const order = sweepTo(await asksOn(cluster, i, symbol), plan.target());
      const answer = await world.call(i, '/stock/order/buy', mover.userToken, {
        symbol,
        type: 'limit',
        ...order,
      });
      what = `${symbol} ${answer.code} ${answer.key ?? ''}`.trim();
    } catch (error) {
      what = `${symbol} ${String(error)}`;
    }
    tally.set(what, (tally.get(what) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 200));
  }
}
