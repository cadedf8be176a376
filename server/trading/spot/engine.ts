import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { LIVE_ORDER_STATUSES, type OrderStatus } from '../../../domain/protocol/trading';
import { checkCoinOrder } from '../../../domain/rules/coin';
import { coinRuleUnits, STOCK_RULE_UNITS, type RuleUnits } from '../../../domain/rules/units';
import { checkStockOrder } from '../../../domain/rules/stock';
import type { Session } from '../../auth/session';
import { verifyTradePassword } from '../../accounts/pins';
import { spotOrders, spotPositions, stockLocks } from '../../db/schema/trading';
import { users } from '../../db/schema/users';
import { ApiError } from '../../http/errors';
import { withUnits } from '../../i18n';
import { ensureAccounts } from '../../ledger/account-rows';
import type { Instrument, MarketEvent } from '../../market/source';
import type { TradingDeps } from '../deps';
import type { JobContext } from '../writer';
import { currenciesOf, fillSystemAccounts, type BookingContext } from './booking';
import { finishInIndex, finishOrders, marketable, matchSymbol } from './matching';
import { announceBooked, messageAbout } from './notify';
import { SpotPending } from './pending';
import { placeOrder, prefetchOrder, replayOf, type Placed } from './place';
import { entryOf, RestingIndex } from './resting';
import { orderToWire, type OrderRow } from './rows';
import { expiryOf, nextTradingDayOpen, tradingDayOf } from './session';
import { loadSpotSettings, SETTINGS_REFRESH_MS, type SpotSettings } from './settings';

/** What a refused order's figures are counted in, for its message (the ticket says the same). */
function ruleUnits(wallet: 'stock' | 'coin', instrument: Instrument): RuleUnits {
  if (wallet === 'stock') return STOCK_RULE_UNITS;
  const { cash, asset } = currenciesOf({ wallet, symbol: instrument.symbol }, instrument);
  return coinRuleUnits(asset, cash);
}

const LIVE = LIVE_ORDER_STATUSES as OrderStatus[];
/** Thrown by an order's job when the user confirms orders with the trade password (checked outside). */
const NEEDS_PIN = Symbol('needs trade password');

export type OrderRequest = {
  wallet: 'stock' | 'coin';
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  quantity: string;
  price?: string | undefined;
  timeInForce?: 'day' | 'gtc';
  clientOrderId?: string | undefined;
  tradePassword?: string | undefined;
};

export type CancelRequest = {
  wallet: 'stock' | 'coin';
  id?: bigint | undefined;
  all?: boolean;
  symbol?: string | undefined;
};

/** Spot orders for BIST stocks and coins: matching against the source, ledgered fills. */
/** How long a symbol whose matching job failed waits before it is matched again. */
const MATCH_RETRY_MS = 1_000;

/** Whose order: a session, or the user a conditional order is placed for. */
type Owner = Pick<Session, 'userId' | 'accountType'>;

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
        const rows = await jc.tx
          .select()
          .from(spotOrders)
          .where(
            and(
              inArray(
                spotOrders.id,
                due.map((e) => e.id),
              ),
              inArray(spotOrders.status, LIVE),
            ),
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

  async function checkTradePassword(userId: bigint, pin: string | undefined): Promise<void> {
    const [user] = await db
      .select({ confirm: users.confirmOrdersWithTradePassword })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.confirm) return;
    if (pin === undefined || pin === '') throw new ApiError('TRADE_PASSWORD_REQUIRED');
    await verifyTradePassword(db, userId, pin);
  }

  /** The order as the engine places it, and the rule it breaks (if any): checked outside the writer. */
  function prepare(owner: Owner, request: OrderRequest) {
    const s = current();
    const instrument = market.instrument(request.symbol);
    const ticker = market.ticker(request.symbol);
    const draft = {
      side: request.side,
      type: request.type,
      quantity: request.quantity,
      price: request.price,
    };
    const broken =
      request.wallet === 'stock'
        ? checkStockOrder(
            instrument,
            draft,
            { last: ticker?.last ?? null, prevClose: ticker?.prev ?? null },
            s.stockOrderLimits,
          )
        : checkCoinOrder(instrument, draft, ticker?.last ?? null, s.coinSpot);
    if (!instrument) throw new ApiError(broken?.key ?? 'NOT_TRADABLE', broken?.params);
    const refusal = broken
      ? new ApiError(broken.key, withUnits(broken.params, ruleUnits(request.wallet, instrument)))
      : request.wallet === 'stock' && request.type === 'market' && !market.status('BIST').open
        ? new ApiError('MARKET_CLOSED')
        : null;
    const timeInForce = request.wallet === 'coin' ? 'gtc' : (request.timeInForce ?? 'day');
    const input = {
      userId: owner.userId,
      accountType: owner.accountType,
      wallet: request.wallet,
      instrument,
      side: request.side,
      type: request.type,
      quantity: request.quantity,
      price: request.type === 'limit' ? (request.price ?? null) : null,
      timeInForce,
      clientOrderId: request.clientOrderId ?? null,
    };
    return { input, refusal };
  }

  /** The placing part of a job: the order booked in `jc`'s batch, the engine told after commit. */
  async function placeInJob(jc: JobContext, input: ReturnType<typeof prepare>['input']): Promise<Placed> {
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
      await checkTradePassword(session.userId, request.tradePassword);
      verified = true;
      placed = await attempt();
    }
    if (!placed.replayed && placed.order.type === 'limit') maybeMatch(placed.order.symbol);
    return placed;
  }

  async function cancel(session: Session, request: CancelRequest): Promise<OrderRow[]> {
    if (request.id === undefined && !request.all) throw new ApiError('FIELD_REQUIRED', { field: 'id' });
    return writer.run(async (jc) => {
      const mine = and(
        eq(spotOrders.userId, session.userId),
        eq(spotOrders.accountType, session.accountType),
        eq(spotOrders.wallet, request.wallet),
      );
      let rows: OrderRow[];
      if (request.id !== undefined) {
        rows = await jc.tx
          .select()
          .from(spotOrders)
          .where(and(mine, eq(spotOrders.id, request.id)));
        const row = rows[0];
        if (!row) throw new ApiError('ORDER_NOT_FOUND');
        if (!LIVE.includes(row.status)) throw new ApiError('ORDER_NOT_CANCELLABLE');
      } else {
        rows = await jc.tx
          .select()
          .from(spotOrders)
          .where(
            and(
              mine,
              inArray(spotOrders.status, LIVE),
              request.symbol ? eq(spotOrders.symbol, request.symbol) : undefined,
            ),
          );
      }
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
      const rows = await jc.tx
        .select()
        .from(spotOrders)
        .where(
          and(
            eq(spotOrders.userId, userId),
            eq(spotOrders.accountType, 'demo'),
            inArray(spotOrders.status, LIVE),
          ),
        );
      await finishOrders(jc, market, bookingContext(), index, rows, {
        kind: 'finish',
        status: 'cancelled',
        reason: 'demo_reset',
      });
      await jc.tx
        .delete(stockLocks)
        .where(and(eq(stockLocks.userId, userId), eq(stockLocks.accountType, 'demo')));
      await jc.tx
        .delete(spotPositions)
        .where(and(eq(spotPositions.userId, userId), eq(spotPositions.accountType, 'demo')));
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
      rows.forEach(follow);
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
