import { ExecutionNotes } from '../costs/notes';
import type { ExecutionToPrice } from '../costs/price';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { Instrument } from '../market/source';
import { prepareOrder, type OrderRequest } from '../trading/spot/order-request';
import type { SpotSettings } from '../trading/spot/settings';
import { ReplayConditionals, type LegDraft, type ReplayLeg } from './conditionals';
import { ReplayFrames } from './frames';
import { PaperAccount, type PaperBooked } from './paper';
import type { Recorded } from './record-codec';
import { ReplayMarket } from './replay-market';
import { RecordTape } from './tape';

/** The speeds a replay runs at (market time per real time). */
export const REPLAY_SPEEDS = [1, 5, 20, 60] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export type ReplayInfo = {
  id: bigint;
  userId: bigint;
  day: string;
  /** Where the session's record starts and ends (market time). */
  from: number;
  to: number;
  instruments: readonly Instrument[];
  settings: SpotSettings;
  startBalances: Readonly<Record<string, string>>;
};

/**
 * One user's replay: the recorded market at the replay's clock (ReplayMarket), the paper account
 * and its conditional orders, and the frames the user has not read yet. The clock runs at `speed`
 * times real time while not paused; every event up to it is applied in time order, each book or
 * trade event followed by the matching of the symbol's resting orders and the firing of its
 * conditional orders, as the live engines follow the live market. Nothing past the clock is
 * applied (RecordTape holds it back), so no order, fill or frame can see it.
 */
export class ReplayRun {
  readonly market: ReplayMarket;
  readonly frames: ReplayFrames;
  readonly paper: PaperAccount;
  readonly conditionals = new ReplayConditionals();
  /** Its bookings noted for their realistic counterparts (server/costs), written with its fills at the end. */
  readonly costs: ExecutionNotes;
  /** By the paper account's lives: a reset starts a new list (nothing it held is held after). */
  readonly executions: ExecutionToPrice[][] = [[]];
  private readonly tapes: RecordTape[];
  /** The replay's clock (market time). */
  t: number;
  speed: ReplaySpeed = 1;
  paused = false;
  /** When the paper account last did something (a placement, a fill): no jump goes back before it. */
  lastActionAt: number | null = null;
  private wallAt: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    db: Db,
    readonly info: ReplayInfo,
    wallNow: number,
  ) {
    this.t = info.from;
    this.wallAt = wallNow;
    this.market = new ReplayMarket(info.instruments, () => this.t, `R${info.id}-`);
    this.frames = new ReplayFrames(this.market);
    this.paper = new PaperAccount(info.startBalances, info.userId);
    this.costs = new ExecutionNotes(this.market);
    this.tapes = info.instruments.map((i) => new RecordTape(db, i.symbol));
  }

  /** Runs `fn` after the run's earlier operations: two requests never interleave their awaits. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Starts every symbol again from its last snapshot at or before `at`, and applies what follows up to it. */
  async seek(at: number): Promise<void> {
    let t = at;
    for (const tape of this.tapes) {
      const found = await tape.seek(at);
      if (found) {
        this.market.restore(tape.symbol, found.snapshot);
        t = Math.max(t, Math.min(found.at, this.info.to));
      }
    }
    this.t = t;
    await this.runTo(t, false);
    this.frames.restart();
  }

  /** Moves the clock to where real time since the last look puts it, at the replay's speed. */
  async advance(wallNow: number): Promise<void> {
    const elapsed = Math.max(0, wallNow - this.wallAt);
    this.wallAt = wallNow;
    if (this.paused || this.t >= this.info.to) return;
    await this.runTo(Math.min(this.info.to, this.t + elapsed * this.speed), true);
    if (this.t >= this.info.to) this.paused = true;
  }

  /**
   * Jumps to market time `at`: forward only, or back no further than the paper account's last
   * action (DECISIONS: never back past a fill). With orders resting the jump runs every event
   * between, so they fill as they would have; with none it starts from the nearest snapshot.
   */
  async jump(at: number, wallNow: number): Promise<void> {
    await this.advance(wallNow);
    const floor = Math.max(this.info.from, this.lastActionAt ?? this.info.from);
    if (at < floor || at > this.info.to) throw new ApiError('REPLAY_JUMP_INVALID');
    const waiting = this.paper.openOrders().length > 0 || this.conditionals.pending().length > 0;
    if (at >= this.t && waiting) await this.runTo(at, true);
    else await this.seek(at);
  }

  private async runTo(target: number, matching: boolean): Promise<void> {
    const lists = await Promise.all(this.tapes.map((tape) => tape.until(target)));
    const events: { symbol: string; event: Recorded }[] = [];
    lists.forEach((list, i) => {
      for (const event of list) events.push({ symbol: this.tapes[i]!.symbol, event });
    });
    events.sort((a, b) => a.event.t - b.event.t);
    for (const { symbol, event } of events) {
      this.t = Math.max(this.t, event.t);
      this.market.apply(symbol, event);
      this.frames.note(symbol, event);
      if (event.kind === 'trades') this.costs.hear(symbol, event.trades);
      if (matching) this.react(symbol, event);
    }
    this.t = Math.max(this.t, target);
  }

  /** What the live engines do on a market event: fire conditional orders, match resting ones. */
  private react(symbol: string, event: Recorded): void {
    if (event.kind === 'trades') {
      const scale = this.market.instrument(symbol)?.priceScale ?? 8;
      for (const leg of this.conditionals.fire(symbol, event.trades, scale)) this.placeLeg(leg);
    }
    if ((event.kind === 'book' || event.kind === 'trades') && this.paper.openOrders(symbol).length > 0) {
      const touched = this.paper.match(this.market, this.info.settings, symbol, this.t);
      this.noteBooked(touched);
      if (touched.length > 0) this.lastActionAt = this.t;
    }
  }

  private placeLeg(leg: ReplayLeg): void {
    try {
      const order = this.place({
        symbol: leg.symbol,
        side: leg.side,
        type: leg.limit === null ? 'market' : 'limit',
        quantity: leg.quantity,
        price: leg.limit ?? undefined,
      });
      leg.placedOrderId = String(order.id);
    } catch (error) {
      leg.state = 'refused';
      leg.reason = error instanceof ApiError ? error.key : 'INTERNAL_ERROR';
    }
  }

  /** An order of the paper account, checked by the live order rules, executed on the replay's book now. */
  place(request: Omit<OrderRequest, 'wallet'>) {
    const instrument = this.market.instrument(request.symbol);
    if (!instrument) throw new ApiError('REPLAY_SYMBOL_NOT_RECORDED', { symbol: request.symbol });
    const wallet = instrument.market === 'coin' ? 'coin' : 'stock';
    const owner = { userId: this.info.userId, accountType: 'demo' as const };
    const { input, refusal } = prepareOrder(this.market, this.info.settings, owner, { ...request, wallet });
    if (refusal) throw refusal;
    const booked = this.paper.place(this.market, this.info.settings, input, this.t);
    this.noteBooked([booked]);
    this.lastActionAt = this.t;
    return booked.order;
  }

  /** Notes what the paper account just booked for the realistic counterparts. */
  private noteBooked(booked: readonly PaperBooked[]): void {
    for (const one of booked) {
      const { exec, settle } = this.costs.note(one);
      settle();
      if (exec) this.executions[this.executions.length - 1]!.push({ ...exec, kind: 'replay' });
    }
  }

  addConditional(draft: LegDraft): ReplayLeg {
    const instrument = this.market.instrument(draft.symbol);
    if (!instrument) throw new ApiError('REPLAY_SYMBOL_NOT_RECORDED', { symbol: draft.symbol });
    const leg = this.conditionals.add(
      draft,
      this.market.ticker(draft.symbol)?.last ?? null,
      instrument.priceScale,
      this.t,
    );
    this.lastActionAt = this.t;
    return leg;
  }

  /** Back to the starting balances: orders and conditional orders cancelled, the clock where it is. */
  reset(): void {
    this.paper.reset();
    this.conditionals.clear();
    this.executions.push([]);
  }
}
