import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Session } from '../../auth/session';
import { spotOrders } from '../../db/schema/trading';
import { ensureAccounts } from '../../ledger/account-rows';
import type { MarketEvent } from '../../market/source';
import type { TradingDeps } from '../deps';
import type { JobContext } from '../writer';
import { fillSystemAccounts, type Booked } from './booking';
import { cancel, onDemoReset, place, placeWithin } from './engine-calls';
import { createSpotCore } from './engine-core';
import { LIVE, type CancelRequest } from './live-orders';
import { modify, type ModifyRequest } from './modify';
import type { OrderRequest, StoredLeg } from './order-request';
import type { Placed } from './place';
import type { OrderRow } from './rows';
import { loadSpotSettings, SETTINGS_REFRESH_MS, type SpotSettings } from './settings';

export type { CancelRequest } from './live-orders';
export type { OrderRequest } from './order-request';
export type { ModifyRequest } from './modify';

/** Spot orders for BIST stocks and coins: matching against the source, ledgered fills. */
export type SpotTrading = {
  /** Loads live orders and starts following the market. */
  start(): Promise<void>;
  stop(): void;
  /** Checks the rules, then places through the writer; answers once durable. */
  place(session: Session, request: OrderRequest): Promise<Placed>;
  /** Cancels one live order, or every live one (of a symbol); answers the cancelled orders. */
  cancel(session: Session, request: CancelRequest): Promise<OrderRow[]>;
  /**
   * Changes a resting limit order's price and/or lots in one writer job: the hold re-taken, a
   * new price checked as a new order's and executed if it crosses; answers the order as it is.
   */
  modify(session: Session, request: ModifyRequest): Promise<Booked>;
  /** Expires the day orders whose session has ended (the engine also runs this on a timer). */
  expireDue(): Promise<number>;
  /**
   * A demo reset ends that user's live demo orders (cancelled, reason demo_reset) without moving
   * money: the ledgered reset that comes with it returns every demo balance, holds included.
   */
  onDemoReset(userId: bigint): Promise<void>;
  settings(): SpotSettings;
  /** The engine's clock (virtual in tests): reads that depend on time use it too. */
  now(): number;
  /** Resting limit orders the engine follows (tests, diagnostics). */
  restingCount(): number;
};

/** The engine as the broker's own services see it (a follower's remote one has no jobs to join). */
export type SpotEngine = SpotTrading & {
  /**
   * Checks and places a fired conditional leg's order, read from its row, inside the conditional
   * engine's writer job, so the order and what fired it commit together; a broken rule throws its
   * refusal.
   */
  placeWithin(jc: JobContext, leg: StoredLeg): Promise<Placed>;
};

export function createSpotTrading(deps: TradingDeps): SpotEngine {
  const { db, market } = deps;
  const core = createSpotCore(deps);
  let unsubscribe: (() => void) | null = null;
  const timers: ReturnType<typeof setInterval>[] = [];

  function onMarket(event: MarketEvent): void {
    if (event.type === 'book' || event.type === 'trades' || event.type === 'ticker')
      core.maybeMatch(event.symbol);
    else if (event.type === 'status') void core.expireDue();
  }

  return {
    async start() {
      core.load(await loadSpotSettings(db));
      // Every instrument's fill accounts exist before its first trade. A batch that had to create
      // one after its first round of locks (docs/partitions.md, "Lock order") could wait on the
      // same insert by a posting outside the writer that waits for a user the batch holds.
      const tradable = market.instruments().filter((i) => i.market === 'stock' || i.market === 'coin');
      await ensureAccounts(db, tradable.flatMap(fillSystemAccounts));
      const rows = await db
        .select()
        .from(spotOrders)
        .where(and(inArray(spotOrders.status, LIVE), isNotNull(spotOrders.price)));
      rows.filter((row) => core.holds(row.symbol)).forEach(core.follow);
      unsubscribe = market.on(onMarket);
      const refresh = setInterval(() => {
        loadSpotSettings(db).then(core.load, () => undefined);
      }, SETTINGS_REFRESH_MS);
      const expiry = setInterval(() => void core.expireDue().catch(() => undefined), 1000);
      for (const timer of [refresh, expiry]) {
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      timers.splice(0).forEach(clearInterval);
      core.index.clear();
    },
    place: (session, request) => place(core, session, request),
    placeWithin: (jc, leg) => placeWithin(core, jc, leg),
    cancel: (session, request) => cancel(core, session, request),
    modify: (session, request) => modify(core, session, request),
    expireDue: core.expireDue,
    onDemoReset: (userId) => onDemoReset(core, userId),
    settings: core.current,
    now: () => deps.clock.now(),
    restingCount: () => core.index.all().length,
  };
}
