import { and, eq, lte } from 'drizzle-orm';
import { directionOf } from '../../../domain/conditional/trigger';
import type { ConditionalOrder } from '../../../domain/protocol/conditional';
import type { Trade } from '../../../domain/protocol/market';
import type { Session } from '../../auth/session';
import { conditionalOrders, type ConditionalRow } from '../../db/schema/conditional';
import { confirmOrder } from '../../options/checks';
import { ApiError } from '../../http/errors';
import type { MarketEvent } from '../../market/source';
import type { TradingDeps } from '../deps';
import type { SpotEngine } from '../spot/engine';
import { checkAdd, type AddInput, type Wallet } from './draft';
import { fireLeg } from './fire';
import { checkSellable, endLegs, freezeHold, pendingLegs, releaseHold } from './holds';
import { conditionalToWire } from './rows';
import { TriggerIndex, type TriggerEntry } from './trigger-index';

/** How often waiting conditional orders are checked for expiry (on the engines' clock). */
export const CONDITIONAL_EXPIRY_MS = 1_000;

/** How soon a leg whose firing failed (not refused: a database or fencing failure) is armed again. */
const REARM_MS = 1_000;

/** Conditional orders: placed with a hold, fired by the feed's trades on the owner, ended by the user or expiry. */
export type ConditionalTrading = {
  add(session: Session, wallet: Wallet, input: AddInput): Promise<ConditionalOrder[]>;
  cancel(session: Session, wallet: Wallet, id: bigint): Promise<ConditionalOrder[]>;
  /** Ends the legs whose expiry passed on the engines' clock, releasing their holds. */
  expireDue(): Promise<number>;
  /** Before a demo reset: the demo's waiting orders are cancelled, their holds back the ledgered way. */
  onDemoReset(userId: bigint): Promise<void>;
};

export type ConditionalEngine = ConditionalTrading & {
  start(): Promise<void>;
  stop(): void;
  /** Waiting triggers the index follows (tests, diagnostics). */
  armedCount(): number;
};

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
  };
}

export function createConditionalTrading(deps: TradingDeps, spot: SpotEngine): ConditionalEngine {
  const { db, market, writer, clock } = deps;
  const index = new TriggerIndex();
  let running = false;
  let unsubscribe: (() => void) | null = null;
  /** Trailing stops whose best price moved since it was last written. */
  const trailed = new Map<bigint, TriggerEntry>();
  let writingTrails = false;

  const arm = (row: ConditionalRow) => {
    if (row.state !== 'pending') return;
    index.add(entryOf(row, market.instrument(row.symbol)?.priceScale ?? 2));
  };
  const disarm = (rows: readonly ConditionalRow[]) => rows.forEach((r) => index.remove(r.symbol, r.id));

  function fire(entry: TriggerEntry, trade: Pick<Trade, 'id' | 't' | 'price'>): void {
    trailed.delete(entry.id);
    writer
      .run(async (jc) => {
        const fired = await fireLeg(jc, market, spot, entry.id, trade, clock.now());
        if (fired) jc.afterCommit(() => disarm(fired.rows));
        return fired;
      })
      .catch((error: unknown) => {
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
    const [last] = market.trades(row.symbol, 1);
    if (last) onTrades(row.symbol, [last]);
  }

  function onTrades(symbol: string, trades: readonly Trade[]): void {
    if (!index.has(symbol)) return;
    for (const trade of trades) {
      const { fired, trailed: moved } = index.trade(symbol, trade.price);
      for (const e of moved) trailed.set(e.id, e);
      for (const e of fired) fire(e, trade);
    }
    if (trailed.size > 0) void writeTrails();
  }

  /** Writes the trailing stops' new best prices (a takeover goes on from them), one job at a time. */
  async function writeTrails(): Promise<void> {
    if (writingTrails) return;
    writingTrails = true;
    try {
      while (trailed.size > 0) {
        const batch = [...trailed.values()];
        trailed.clear();
        await writer.run(async (jc) => {
          for (const e of batch)
            await jc.tx
              .update(conditionalOrders)
              .set({ best: e.trail!.best, triggerPrice: e.trigger, updatedAt: clock.now() })
              .where(and(eq(conditionalOrders.id, e.id), eq(conditionalOrders.state, 'pending')));
        });
      }
    } catch (error) {
      deps.log?.warn({ err: error }, 'trailing stops not written');
    } finally {
      writingTrails = false;
    }
  }

  function onMarket(event: MarketEvent): void {
    if (event.type === 'trades') onTrades(event.symbol, event.trades);
  }

  async function add(session: Session, wallet: Wallet, input: AddInput): Promise<ConditionalOrder[]> {
    const now = clock.now();
    const checked = checkAdd(market, spot.settings(), wallet, input, now);
    await confirmOrder(db, session.userId, input.tradePassword);
    const { instrument, legs, hold, held } = checked;
    const rows = await writer.run(async (jc) => {
      const owner = {
        userId: session.userId,
        accountType: session.accountType,
        wallet,
        symbol: instrument.symbol,
      };
      if (input.side === 'sell')
        await checkSellable(jc, session, wallet, instrument, held, input.quantity, now);
      const written: ConditionalRow[] = [];
      let groupId: bigint | null = null;
      for (const leg of legs) {
        const [row]: ConditionalRow[] = await jc.tx
          .insert(conditionalOrders)
          .values({
            ...owner,
            groupId,
            kind: leg.kind,
            side: leg.side,
            quantity: leg.quantity,
            triggerPrice: leg.trigger,
            limitPrice: leg.limit,
            trailBy: leg.trail?.by ?? null,
            trailValue: leg.trail?.value ?? null,
            best: leg.best,
            frozen: groupId === null ? hold : '0',
            state: 'pending',
            expiresAt: input.expiresAt ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        written.push(row!);
        groupId ??= row!.id;
      }
      const [first] = await jc.tx
        .update(conditionalOrders)
        .set({ groupId })
        .where(eq(conditionalOrders.id, groupId!))
        .returning();
      written[0] = first!;
      await freezeHold(jc, first!, groupId!, instrument, hold);
      jc.afterCommit(() => written.forEach(arm));
      return written;
    });
    return rows.map(conditionalToWire);
  }

  async function cancel(session: Session, wallet: Wallet, id: bigint): Promise<ConditionalOrder[]> {
    const rows = await writer.run(async (jc) => {
      const [row] = await jc.tx
        .select()
        .from(conditionalOrders)
        .where(
          and(
            eq(conditionalOrders.id, id),
            eq(conditionalOrders.userId, session.userId),
            eq(conditionalOrders.accountType, session.accountType),
            eq(conditionalOrders.wallet, wallet),
          ),
        );
      if (!row) throw new ApiError('CONDITIONAL_NOT_FOUND');
      const legs = row.state === 'pending' ? await pendingLegs(jc, row.groupId ?? row.id) : [];
      if (!legs.some((l) => l.id === id)) throw new ApiError('CONDITIONAL_NOT_CANCELLABLE');
      await releaseHold(jc, legs, market.instrument(row.symbol));
      const ended = await endLegs(jc, legs, 'cancelled', (l) => (l.id === id ? 'user' : 'oco'), clock.now());
      jc.afterCommit(() => disarm(ended));
      return ended;
    });
    return rows.map(conditionalToWire);
  }

  let expiring = false;
  async function expireDue(): Promise<number> {
    if (expiring) return 0;
    expiring = true;
    try {
      const now = clock.now();
      const due = await db
        .selectDistinct({ groupId: conditionalOrders.groupId })
        .from(conditionalOrders)
        .where(and(eq(conditionalOrders.state, 'pending'), lte(conditionalOrders.expiresAt, now)));
      if (due.length === 0) return 0;
      return await writer.run(async (jc) => {
        let n = 0;
        for (const { groupId } of due) {
          if (groupId === null) continue;
          const legs = await pendingLegs(jc, groupId);
          if (legs.length === 0) continue;
          await releaseHold(jc, legs, market.instrument(legs[0]!.symbol));
          const ended = await endLegs(jc, legs, 'expired', () => 'expired', now);
          jc.afterCommit(() => disarm(ended));
          n += ended.length;
        }
        return n;
      });
    } finally {
      expiring = false;
    }
  }

  async function onDemoReset(userId: bigint): Promise<void> {
    await writer.run(async (jc) => {
      const groups = await jc.tx
        .selectDistinct({ groupId: conditionalOrders.groupId })
        .from(conditionalOrders)
        .where(
          and(
            eq(conditionalOrders.userId, userId),
            eq(conditionalOrders.accountType, 'demo'),
            eq(conditionalOrders.state, 'pending'),
          ),
        );
      for (const { groupId } of groups) {
        if (groupId === null) continue;
        const legs = await pendingLegs(jc, groupId);
        if (legs.length === 0) continue;
        await releaseHold(jc, legs, market.instrument(legs[0]!.symbol));
        const ended = await endLegs(jc, legs, 'cancelled', () => 'demo_reset', clock.now());
        jc.afterCommit(() => disarm(ended));
      }
    });
  }

  return {
    add,
    cancel,
    expireDue,
    onDemoReset,
    async start() {
      running = true;
      const rows = await db.select().from(conditionalOrders).where(eq(conditionalOrders.state, 'pending'));
      rows.forEach(arm);
      unsubscribe = market.on(onMarket);
      // What traded while no node followed these triggers (a restart, a takeover): the last trade
      // of each symbol is looked at once, so a price that crossed meanwhile fires them now.
      for (const symbol of new Set(rows.map((r) => r.symbol))) {
        const [last] = market.trades(symbol, 1);
        if (last) onTrades(symbol, [last]);
      }
    },
    stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = null;
      index.clear();
      trailed.clear();
    },
    armedCount: () => index.size(),
  };
}
