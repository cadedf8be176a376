import { isPriceKind, isRiskKind, type AlertKind } from '../../domain/alerts/kinds';
import { riskStep } from '../../domain/alerts/crossing';
import { createMoveIndex } from '../../domain/alerts/move-index';
import { createPriceIndex } from '../../domain/alerts/price-index';
import type { AlertFired } from '../../domain/protocol/alert-fired';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { Trading } from '../trading/services';
import { deliverAlert } from './deliver';
import { allAlerts, plainDecimal, saveAlertState, type Owner, type StoredAlert } from './store';
import type { VapidKeys } from './vapid';

/** What the engine remembers of each alert besides its index entry: whom to tell, and what. */
type Known = {
  owner: Owner;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  windowMinutes: number | null;
};
type RiskAlert = { id: string; armed: boolean };

export type AlertEngineDeps = {
  db: Db;
  market: MarketSource;
  trading: Trading;
  vapid: () => Promise<VapidKeys>;
  log: { error(obj: object, msg: string): void };
};

/**
 * Evaluates every alert on the ticks of the market source: price alerts through the two-sided
 * index (a tick costs the crossings it finds), move alerts through one window per symbol and
 * window, contract risk alerts on mark ticks from the contract engine's figures. A fire or a
 * re-arm is written in order (one queue), then told: live to the app, and by Web Push.
 */
export function createAlertEngine(deps: AlertEngineDeps) {
  const { db, market, trading } = deps;
  const prices = createPriceIndex();
  const moves = createMoveIndex();
  const risks = new Map<string, Map<string, RiskAlert>>();
  const known = new Map<string, Known>();
  const lastPrice = new Map<string, string>();
  const inflight = new Set<Promise<unknown>>();
  let queue: Promise<unknown> = Promise.resolve();
  let off: (() => void) | null = null;

  function track(work: Promise<unknown>): void {
    const run = work
      .catch((error: unknown) => deps.log.error({ err: error }, 'alert not saved or told'))
      .finally(() => inflight.delete(run));
    inflight.add(run);
  }

  /** Saves the alert's new state, then (a fire) tells its owner; in order, after what came before. */
  function settle(
    id: string,
    state: { armed: boolean; restingUntil: number | null; firedAt: number | null },
    fired: AlertFired | null,
  ): void {
    const meta = known.get(id);
    if (!meta) return;
    queue = queue.then(async () => {
      await saveAlertState(db, BigInt(id), state);
      if (fired) track(deliverAlert(deps, meta.owner, fired, meta.windowMinutes));
    });
    track(queue);
  }

  function fire(id: string, figure: string, t: number): AlertFired | null {
    const meta = known.get(id);
    if (!meta) return null;
    return { id, symbol: meta.symbol, kind: meta.kind, threshold: meta.threshold, figure, t };
  }

  function onPrice(symbol: string, last: string): void {
    const before = lastPrice.get(symbol);
    lastPrice.set(symbol, last);
    const t = trading.clock.now();
    if (before !== undefined && before !== last)
      for (const c of prices.tick(symbol, before, last))
        settle(
          c.id,
          { armed: !c.fired, restingUntil: null, firedAt: c.fired ? t : null },
          c.fired ? fire(c.id, last, t) : null,
        );
    for (const m of moves.tick(symbol, t, last))
      settle(
        m.id,
        { armed: true, restingUntil: moves.restingUntil(m.id), firedAt: t },
        fire(m.id, m.percent.toDecimalPlaces(2).toFixed(2), t),
      );
  }

  function onMark(symbol: string, mark: string): void {
    const watching = risks.get(symbol);
    if (!watching || watching.size === 0) return;
    const figures = trading.contracts.riskFigures(symbol, mark);
    const t = trading.clock.now();
    for (const [id, alert] of watching) {
      const meta = known.get(id);
      if (!meta || !isRiskKind(meta.kind)) continue;
      const mine = figures.filter(
        (f) => f.userId === meta.owner.userId && f.accountType === meta.owner.accountType,
      );
      // The position nearest to trouble speaks for the symbol: the least distance, the highest ratio.
      let worst: string | null = null;
      for (const f of mine) {
        const value = meta.kind === 'liquidation' ? f.liquidationDistance : f.marginRatio;
        if (value === null) continue;
        if (
          worst === null ||
          (meta.kind === 'liquidation' ? Number(value) < Number(worst) : Number(value) > Number(worst))
        )
          worst = value;
      }
      const step = riskStep(meta.kind, meta.threshold, worst, alert.armed);
      if (step.armed === alert.armed && !step.fire) continue;
      alert.armed = step.armed;
      settle(
        id,
        { armed: step.armed, restingUntil: null, firedAt: step.fire ? t : null },
        step.fire && worst !== null ? fire(id, worst, t) : null,
      );
    }
  }

  function index(row: StoredAlert): void {
    const id = String(row.id);
    const threshold = plainDecimal(row.threshold);
    known.set(id, {
      owner: { userId: row.userId, accountType: row.accountType },
      symbol: row.symbol,
      kind: row.kind,
      threshold,
      windowMinutes: row.windowMinutes,
    });
    if (isPriceKind(row.kind)) {
      prices.add({ id, symbol: row.symbol, kind: row.kind, threshold, armed: row.armed });
      if (!lastPrice.has(row.symbol)) {
        const last = market.ticker(row.symbol)?.last;
        if (last !== undefined) lastPrice.set(row.symbol, last);
      }
    } else if (row.kind === 'move') {
      const last = market.ticker(row.symbol)?.last;
      moves.add(
        { id, symbol: row.symbol, percent: threshold, windowMinutes: row.windowMinutes ?? 15 },
        row.restingUntil ?? 0,
        last === undefined ? undefined : { t: trading.clock.now(), price: last },
      );
    } else {
      let bySymbol = risks.get(row.symbol);
      if (!bySymbol) risks.set(row.symbol, (bySymbol = new Map()));
      bySymbol.set(id, { id, armed: row.armed });
    }
  }

  return {
    /** Listens at once (an alert added while the stored ones load is watched from its first tick). */
    async start(): Promise<void> {
      off = market.on((event) => {
        if (event.type === 'ticker') onPrice(event.symbol, event.ticker.last);
        else if (event.type === 'mark') onMark(event.symbol, event.mark.mark);
      });
      for (const row of await allAlerts(db)) if (!known.has(String(row.id))) index(row);
    },
    async stop(): Promise<void> {
      off?.();
      off = null;
      await this.settled();
    },
    /** A new alert, committed: watched from the next tick. */
    add: index,
    remove(id: bigint): void {
      const key = String(id);
      const meta = known.get(key);
      if (!meta) return;
      known.delete(key);
      prices.remove(key);
      moves.remove(key);
      risks.get(meta.symbol)?.delete(key);
    },
    size: () => known.size,
    /** Resolves once every fire and re-arm so far is saved and told (tests, shutdown). */
    async settled(): Promise<void> {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
