import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Session } from '../../auth/session';
import { spotOrders } from '../../db/schema/trading';
import { ApiError } from '../../http/errors';
import { ensureAccounts } from '../../ledger/account-rows';
import type { MarketEvent } from '../../market/source';
import type { TradingDeps } from '../deps';
import type { JobContext } from '../writer';
import { fillSystemAccounts, type BookingContext } from './booking';
import {
  forgetDemoHoldings,
  LIVE,
  liveDemoOrders,
  liveOrdersAmong,
  ordersToCancel,
  type CancelRequest,
} from './live-orders';
import { finishInIndex, finishOrders, marketable, matchSymbol } from './matching';
import { announceBooked, messageAbout } from './notify';
import { SpotPending } from './pending';
import { placeOrder, prefetchOrder, replayOf, type Placed } from './place';
import { entryOf, RestingIndex } from './resting';
import { prepareOrder, type OrderRequest, type Owner, type PreparedOrder } from './order-request';
import { confirmOrder } from '../../accounts/pins';
import { orderToWire, type OrderRow } from './rows';
import { expiryOf, nextTradingDayOpen, tradingDayOf } from './session';
import { loadSpotSettings, SETTINGS_REFRESH_MS, type SpotSettings } from './settings';

/** Thrown by an order's job when the user confirms orders with the trade password (checked outside). */
const NEEDS_PIN = Symbol('needs trade password');

export type { CancelRequest } from './live-orders';
export type { OrderRequest } from './order-request';

/** Spot orders for BIST stocks and coins: matching against the source, ledgered fills. */
/** How long a symbol whose matching job failed waits before it is matched again. */
const MATCH_RETRY_MS = 1_000;

export type SpotTrading = {
  /** Loads live orders and starts following the market. */
  start(): Promise<void>;
  stop(): void;
  /** Checks the rules, then places through the writer; answers once durable. */
  place(session: Session, request: OrderRequest): Promise<Placed>;
  /** Cancels one live order, or every live one (of a symbol); answers the cancelled orders. */
  cancel(session: Session, request: CancelRequest): Promise<OrderRow[]>;
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
   * Checks and places an order inside another engine's writer job (a conditional order firing),
   * so the order and what fired it commit together; a broken rule throws its refusal.
   */
  placeWithin(jc: JobContext, owner: Owner, request: OrderRequest): Promise<Placed>;
};

export function createSpotTrading(deps: TradingDeps): SpotEngine {
  const { db, market, writer, clock } = deps;
  const holds = deps.holds ?? (() => true);
  const index = new RestingIndex();
  const busy = new Set<string>();
  let settings: SpotSettings | null = null;
  let unsubscribe: (() => void) | null = null;
  const timers: ReturnType<typeof setInterval>[] = [];

  const current = (): SpotSettings => {
    if (!settings) throw new Error('spot engine not started');
    return settings;
  };
  const bookingContext = (): BookingContext => {
    const now = clock.now();
    return { settings: current(), now, unlockAt: () => nextTradingDayOpen(now) };
  };
  const expiresAtOf = (row: OrderRow): number | null =>
    row.timeInForce === 'day' && row.tradingDay ? expiryOf(market, row.tradingDay) : null;

  function follow(row: OrderRow): void {
    if (row.type === 'limit' && LIVE.includes(row.status)) index.add(entryOf(row, expiresAtOf(row)));
  }

  /** Schedules one matching job per symbol at a time; after a job that filled, looks again. */
  function maybeMatch(symbol: string): void {
    if (busy.has(symbol) || !index.has(symbol) || !marketable(market, index, symbol)) return;
    busy.add(symbol);
    const instrument = market.instrument(symbol);
    writer
      .run((jc) => matchSymbol(jc, market, bookingContext(), index, symbol), {
        prefetch: instrument ? (batch) => batch.ledger.want(fillSystemAccounts(instrument)) : undefined,
      })
      .then(
        (filled) => {
          busy.delete(symbol);
          if (filled > 0) maybeMatch(symbol);
        },
        (error: unknown) => {
          // A job that keeps failing must neither go unheard nor run again on every book event:
          // it is logged, and the symbol waits a moment before matching is tried again.
          deps.log?.error({ err: error, symbol }, 'spot matching job failed');
          setTimeout(() => busy.delete(symbol), MATCH_RETRY_MS).unref();
        },
      );
  }

  function onMarket(event: MarketEvent): void {
    if (event.type === 'book' || event.type === 'trades' || event.type === 'ticker') maybeMatch(event.symbol);
    else if (event.type === 'status') void expireDue();
  }

  let expiring = false;
  async function expireDue(): Promise<number> {
    const now = clock.now();
    const due = index.all().filter((e) => e.expiresAt !== null && e.expiresAt <= now);
    if (due.length === 0 || expiring) return 0;
    expiring = true;
    try {
      return await writer.run(async (jc) => {
        const rows = await liveOrdersAmong(
          jc.tx,
          due.map((e) => e.id),
        );
        const done = await finishOrders(jc, market, bookingContext(), index, rows, {
          kind: 'finish',
          status: 'system_closed',
          reason: 'expired',
        });
        for (const order of done) await messageAbout(jc, order, 'expired');
        // Entries whose rows were already finished elsewhere leave the index too.
        jc.afterCommit(() => due.forEach((e) => index.remove(e.symbol, e.id)));
        return done.length;
      });
    } finally {
      expiring = false;
    }
  }

  const prepare = (owner: Owner, request: OrderRequest) => prepareOrder(market, current(), owner, request);

  /** The placing part of a job: the order booked in `jc`'s batch, the engine told after commit. */
  async function placeInJob(jc: JobContext, input: PreparedOrder): Promise<Placed> {
    const ctx = bookingContext();
    const tradingDay = input.timeInForce === 'day' ? tradingDayOf(market, ctx.now) : null;
    const result = await placeOrder(jc, market, ctx, { ...input, tradingDay });
    if (result.replayed) return result;
    const { order } = result;
    jc.afterCommit(() => follow(order));
    finishInIndex(jc, index, order);
    announceBooked(jc, market, result);
    if (result.fills.length > 0) {
      const wire = orderToWire(order, market);
      await messageAbout(jc, order, 'filled', { qty: wire.filledQty, avgPrice: wire.avgPrice ?? '0' });
    }
    return result;
  }

  async function placeWithin(jc: JobContext, owner: Owner, request: OrderRequest): Promise<Placed> {
    const { input, refusal } = prepare(owner, request);
    if (refusal) throw refusal;
    const placed = await placeInJob(jc, input);
    const { order } = placed;
    if (order.type === 'limit') jc.afterCommit(() => maybeMatch(order.symbol));
    return placed;
  }

  async function place(session: Session, request: OrderRequest): Promise<Placed> {
    const { input, refusal } = prepare(session, request);
    if (refusal) {
      if (input.clientOrderId === null) throw refusal;
      // A retry of an order placed before the market moved (past its price band, the session's
      // close) gets its order: refused, it read as "nothing placed", and the same order confirmed
      // again under a new id was placed twice. Only refusals pay for the lookup.
      return writer.run(
        async (jc) => {
          const replay = await replayOf(jc.batch, input);
          if (!replay) throw refusal;
          return replay;
        },
        { inMemory: true },
      );
    }
    let verified = false;
    const attempt = () =>
      writer.run(
        async (jc) => {
          // The setting is read with the batch; only a user who turned it on pays for the check.
          if (!verified && (await SpotPending.of(jc.batch).confirms(jc.tx, session.userId))) throw NEEDS_PIN;
          return placeInJob(jc, input);
        },
        // Every write goes through the batch: no savepoint, no statement of its own.
        { inMemory: true, prefetch: (batch) => prefetchOrder(batch, input, clock.now()) },
      );
    let placed: Placed;
    try {
      placed = await attempt();
    } catch (error) {
      if (error !== NEEDS_PIN) throw error;
      // Outside the writer: the PIN's hash check is slow and must not hold the batch.
      await confirmOrder(db, session.userId, request.tradePassword);
      verified = true;
      placed = await attempt();
    }
    if (!placed.replayed && placed.order.type === 'limit') maybeMatch(placed.order.symbol);
    return placed;
  }

  async function cancel(session: Session, request: CancelRequest): Promise<OrderRow[]> {
    if (request.id === undefined && !request.all) throw new ApiError('FIELD_REQUIRED', { field: 'id' });
    return writer.run(async (jc) => {
      // A cancel of every order reaches each partition of the wallet: each ends its own.
      const rows = (await ordersToCancel(jc.tx, session, request)).filter((row) => holds(row.symbol));
      return finishOrders(jc, market, bookingContext(), index, rows, {
        kind: 'finish',
        status: 'cancelled',
        reason: 'user',
      });
    });
  }

  /**
   * Before a demo reset: the demo's live orders are cancelled the usual, ledgered way (their
   * holds come back), and its T+1 locks and cost bases go, since the reset takes the shares.
   * Each step is whole on its own, so a reset that fails afterwards leaves nothing holding
   * money it does not have.
   */
  async function onDemoReset(userId: bigint): Promise<void> {
    await writer.run(async (jc) => {
      const rows = (await liveDemoOrders(jc.tx, userId)).filter((row) => holds(row.symbol));
      await finishOrders(jc, market, bookingContext(), index, rows, {
        kind: 'finish',
        status: 'cancelled',
        reason: 'demo_reset',
      });
      await forgetDemoHoldings(jc.tx, userId);
    });
  }

  return {
    async start() {
      settings = await loadSpotSettings(db);
      // Every instrument's fill accounts exist before its first trade. A batch that had to create
      // one after its first round of locks (docs/partitions.md, "Lock order") could wait on the
      // same insert by a posting outside the writer that waits for a user the batch holds.
      const tradable = market.instruments().filter((i) => i.market === 'stock' || i.market === 'coin');
      await ensureAccounts(db, tradable.flatMap(fillSystemAccounts));
      const rows = await db
        .select()
        .from(spotOrders)
        .where(and(inArray(spotOrders.status, LIVE), isNotNull(spotOrders.price)));
      rows.filter((row) => holds(row.symbol)).forEach(follow);
      unsubscribe = market.on(onMarket);
      const refresh = setInterval(() => {
        loadSpotSettings(db).then(
          (next) => (settings = next),
          () => undefined,
        );
      }, SETTINGS_REFRESH_MS);
      const expiry = setInterval(() => void expireDue().catch(() => undefined), 1000);
      for (const timer of [refresh, expiry]) {
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      timers.splice(0).forEach(clearInterval);
      index.clear();
    },
    place,
    placeWithin,
    cancel,
    expireDue,
    onDemoReset,
    settings: current,
    now: () => clock.now(),
    restingCount: () => index.all().length,
  };
}
