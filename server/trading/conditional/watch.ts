import { and, eq, inArray } from 'drizzle-orm';
import { ensure } from '../../../domain/assert';
import { directionOf } from '../../../domain/conditional/trigger';
import type { Trade } from '../../../domain/protocol/market';
import { conditionalOrders, type ConditionalRow } from '../../db/schema/conditional';
import type { MarketEvent, MarketSource } from '../../market/source';
import type { Db } from '../../db/client';
import { heldSymbols } from '../../cluster/held-symbols';
import type { Batch } from '../batch';
import type { JobContext } from '../writer';
import { fillSystemAccounts } from '../spot/booking';
import { traderAccounts } from '../spot/match-locks';
import type { TradingDeps } from '../deps';
import type { SpotEngine } from '../spot/engine';
import { fireLeg } from './holds';
import type { Notifier } from './notify';
import { TriggerIndex, type TriggerEntry } from './trigger-index';

/** How soon a leg whose firing failed (not refused: a database or fencing failure) is armed again. */
const REARM_MS = 1_000;
/** At least the tape a source keeps of a symbol: the simulator 500 to 1,000 prints, a follower's mirror 200. */
const TAPE = 1_000;

/**
 * Since when a waiting leg has waited for its trigger: a trailing stop's row is written again as
 * its best price moves, stamped with the time of the print that moved it (prints before it are
 * measured against the best as it was then); any other leg from its placing.
 */
const waitingSince = (row: ConditionalRow) => (row.kind === 'trailing' ? row.updatedAt : row.createdAt);

function entryOf(row: ConditionalRow, scale: number): TriggerEntry {
  return {
    id: row.id,
    symbol: row.symbol,
    direction: directionOf(row.kind, row.side),
    trigger: row.triggerPrice,
    trail:
      row.kind === 'trailing' && row.trailBy && row.trailValue && row.best
        ? { side: row.side, offset: { by: row.trailBy, value: row.trailValue }, best: row.best, scale }
        : null,
    owner: { userId: row.userId, accountType: row.accountType },
  };
}

/** A trailed stop's new best price: only a trailing stop's best moves. */
const trailedBest = (e: TriggerEntry) => ensure(e.trail, 'a trailed stop has its trail').best;

/** Trailing stops whose best price moved since it was last written, and their writing. */
function createTrailWriter({ writer, log }: Pick<TradingDeps, 'writer' | 'log'>) {
  /** Each moved stop with the time of the print that moved its best price last. */
  const trailed = new Map<bigint, { entry: TriggerEntry; at: number }>();
  let writingTrails = false;
  /** Writes the trailing stops' new best prices (a takeover goes on from them), one job at a time. */
  async function writeTrails(): Promise<void> {
    if (writingTrails) return;
    writingTrails = true;
    try {
      while (trailed.size > 0) {
        const batch = [...trailed.values()];
        trailed.clear();
        await writer.run(async (jc) => {
          for (const { entry: e, at } of batch)
            await jc.tx
              .update(conditionalOrders)
              .set({ best: trailedBest(e), triggerPrice: e.trigger, updatedAt: at })
              .where(and(eq(conditionalOrders.id, e.id), eq(conditionalOrders.state, 'pending')));
        });
      }
    } catch (error) {
      log?.warn({ err: error }, 'trailing stops not written');
    } finally {
      writingTrails = false;
    }
  }
  return {
    moved: (entry: TriggerEntry, at: number) => void trailed.set(entry.id, { entry, at }),
    forget: (id: bigint) => void trailed.delete(id),
    clear: () => trailed.clear(),
    write() {
      if (trailed.size > 0) void writeTrails();
    },
  };
}

/**
 * A firing's accounts, in its batch's first round: the hold it releases and the order it places
 * post to the owner's cash and asset of the symbol and to the symbol's system accounts. Locked
 * later, in rounds (the hold's cash, then the rest), they met another stock partition's batch that
 * locked the same user's wallet in code order, asset before cash: a cycle (docs/partitions.md,
 * "Lock order").
 */
function lockFirst(batch: Batch, { symbol, owner }: TriggerEntry, market: MarketSource): void {
  const instrument = market.instrument(symbol);
  if (instrument)
    batch.ledger.want([...fillSystemAccounts(instrument), ...traderAccounts(owner, instrument)]);
}

/** A crossed trigger's firing, in a batch that locks its accounts first; disarmed once committed. */
function runFire(
  { writer, market, clock }: Pick<TradingDeps, 'writer' | 'market' | 'clock'>,
  {
    spot,
    notifier,
    disarm,
  }: { spot: SpotEngine; notifier: Notifier; disarm(rows: readonly ConditionalRow[]): void },
  entry: TriggerEntry,
  trade: Pick<Trade, 'id' | 't' | 'price'>,
) {
  return writer.run(
    async (jc) => {
      const fired = await fireAndTell(jc, { market, spot, notifier }, entry.id, trade, clock.now());
      if (fired) jc.afterCommit(() => disarm(fired.rows));
      return fired;
    },
    { prefetch: (batch) => lockFirst(batch, entry, market) },
  );
}

/** One firing's job: the leg fired (or refused at the trigger), and the user told in the same transaction. */
async function fireAndTell(
  jc: JobContext,
  { market, spot, notifier }: { market: MarketSource; spot: SpotEngine; notifier: Notifier },
  id: bigint,
  trade: Pick<Trade, 'id' | 't' | 'price'>,
  now: number,
) {
  const fired = await fireLeg(jc, market, spot, id, trade, now);
  if (!fired) return null;
  const [leg, ...others] = fired.rows;
  if (leg) await notifier.tell(jc, { kind: 'fired', leg, others });
  return fired;
}

/**
 * What traded while no node followed these triggers (a restart, a takeover): the tape the
 * source kept (a takeover's is the previous owner's, as this node mirrored it) is gone through
 * oldest first, each leg armed before the first print after it began waiting. Looking at the
 * last print alone missed a trigger the price crossed and left again while its firing was lost
 * with a killed owner.
 */
function catchUp(
  market: MarketSource,
  rows: readonly ConditionalRow[],
  watch: { arm(row: ConditionalRow): void; onTrades(symbol: string, trades: readonly Trade[]): void },
): void {
  const bySymbol = new Map<string, ConditionalRow[]>();
  for (const row of rows) {
    const legs = bySymbol.get(row.symbol);
    if (legs) legs.push(row);
    else bySymbol.set(row.symbol, [row]);
  }
  for (const [symbol, legs] of bySymbol) {
    legs.sort((a, b) => waitingSince(a) - waitingSince(b));
    const waiting = legs.values();
    let next = waiting.next();
    for (const trade of market.trades(symbol, TAPE)) {
      for (; !next.done && waitingSince(next.value) < trade.t; next = waiting.next()) watch.arm(next.value);
      watch.onTrades(symbol, [trade]);
    }
    for (; !next.done; next = waiting.next()) watch.arm(next.value);
  }
}

/**
 * The waiting legs of the partition's symbols (every waiting leg without `symbols`): a takeover
 * loads only the partition it takes.
 */
function waitingLegs(db: Db, symbols: string[] | null): Promise<ConditionalRow[]> {
  const pending = eq(conditionalOrders.state, 'pending');
  return db
    .select()
    .from(conditionalOrders)
    .where(symbols ? and(pending, inArray(conditionalOrders.symbol, symbols)) : pending);
}

/**
 * The waiting conditional orders' triggers, followed on the feed's trades: a crossed trigger fires
 * its leg through the writer, and a trailing stop's moved best price is written for a takeover.
 */
export function createTriggerWatch(deps: TradingDeps, spot: SpotEngine, notifier: Notifier) {
  const { db, market, clock } = deps;
  const index = new TriggerIndex();
  let running = false;
  let unsubscribe: (() => void) | null = null;
  const trails = createTrailWriter(deps);

  const arm = (row: ConditionalRow) => {
    if (row.state !== 'pending') return;
    index.add(entryOf(row, market.instrument(row.symbol)?.priceScale ?? 2));
  };
  const disarm = (rows: readonly ConditionalRow[]) => rows.forEach((r) => index.remove(r.symbol, r.id));

  function fire(entry: TriggerEntry, trade: Pick<Trade, 'id' | 't' | 'price'>): void {
    trails.forget(entry.id);
    runFire(deps, { spot, notifier, disarm }, entry, trade).catch((error: unknown) => {
      // Not fired (the batch failed whole, or this node lost the partition): the leg is still
      // pending in the database, so it waits again unless the engine stopped meanwhile.
      deps.log?.error({ err: error, id: String(entry.id) }, 'conditional order not fired');
      setTimeout(() => void rearm(entry.id), REARM_MS).unref();
    });
  }

  async function rearm(id: bigint): Promise<void> {
    if (!running) return;
    const [row] = await db.select().from(conditionalOrders).where(eq(conditionalOrders.id, id));
    if (!row || row.state !== 'pending') return;
    arm(row);
    lookAtLast(row.symbol);
  }

  function onTrades(symbol: string, trades: readonly Trade[]): void {
    if (!index.has(symbol)) return;
    for (const trade of trades) {
      const { fired, trailed: moved } = index.trade(symbol, trade.price);
      for (const e of moved) trails.moved(e, trade.t);
      for (const e of fired) fire(e, trade);
    }
    trails.write();
  }

  function lookAtLast(symbol: string): void {
    const [last] = market.trades(symbol, 1);
    if (last) onTrades(symbol, [last]);
  }

  return {
    arm,
    disarm,
    async start() {
      running = true;
      const rows = await waitingLegs(db, heldSymbols(market, deps.holds));
      unsubscribe = market.on((event: MarketEvent) => {
        if (event.type === 'trades') onTrades(event.symbol, event.trades);
      });
      // A leg whose expiry passed while no node followed it is the expiry job's to end, not the
      // tape's to fire: prints after its expiry would.
      const now = clock.now();
      catchUp(
        market,
        rows.filter((row) => row.expiresAt === null || row.expiresAt > now),
        { arm, onTrades },
      );
    },
    stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = null;
      index.clear();
      trails.clear();
    },
    armedCount: () => index.size(),
  };
}
