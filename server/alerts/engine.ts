import type { AlertFired } from '../../domain/protocol/alert-fired';
import { createAlertBook, type AlertBook } from './alert-book';
import type { AlertEngineDeps, Known } from './engine-types';
import type { MarketSource } from '../market/source';
import { catchUpPrices } from './catch-up';
import { createSettleQueue, type SettleQueue } from './settle-queue';
import { alertsOf, type StoredAlert } from './store';
import { heldSymbols } from '../cluster/held-symbols';

export type { AlertEngineDeps } from './engine-types';

/** A firing as the alert's owner is told it (null: the alert is no longer watched). */
function firedAlert(known: Map<string, Known>, id: string, figure: string, t: number): AlertFired | null {
  const meta = known.get(id);
  if (!meta) return null;
  return { id, symbol: meta.symbol, kind: meta.kind, threshold: meta.threshold, figure, t };
}

/**
 * The stored alerts, each in the state the tape since its stored state leaves it (catch-up.ts),
 * and what the tape crossed settled as a tick's would be. One added over the bus meanwhile is
 * already watched from its own first tick: the tape is not gone through again for it.
 */
function loadStored(
  { market, book, queue }: { market: MarketSource; book: AlertBook; queue: SettleQueue },
  stored: readonly StoredAlert[],
): void {
  const fresh = stored.filter((row) => !book.known.has(String(row.id)));
  const { armed, crossings } = catchUpPrices(market, fresh);
  for (const row of fresh) book.add({ ...row, armed: armed.get(String(row.id)) ?? row.armed });
  for (const c of crossings)
    queue.settle(
      c.id,
      { armed: !c.fired, restingUntil: null, firedAt: c.fired ? c.t : null },
      c.fired ? firedAlert(book.known, c.id, c.price, c.t) : null,
    );
}

/**
 * Evaluates every alert on the ticks of the market source: price alerts through the two-sided
 * index (a tick costs the crossings it finds), move alerts through one window per symbol and
 * window, contract risk alerts on mark ticks from the contract engine's figures. A fire or a
 * re-arm is written in order (one queue), then told: live to the app, and by Web Push.
 */
export function createAlertEngine(deps: AlertEngineDeps) {
  const { db, market, trading } = deps;
  const book = createAlertBook(market, () => trading.clock.now());
  const { prices, moves, risks, known, lastPrice } = book;
  const queue = createSettleQueue(deps, known);
  // Deleted while the stored alerts load: the load may have read the row before it went.
  let deletedWhileLoading: Set<string> | null = null;
  let off: (() => void) | null = null;

  const fire = (id: string, figure: string, t: number) => firedAlert(known, id, figure, t);

  function onPrice(symbol: string, last: string): void {
    const before = lastPrice.get(symbol);
    lastPrice.set(symbol, last);
    const t = trading.clock.now();
    if (before !== undefined && before !== last)
      for (const c of prices.tick(symbol, before, last))
        queue.settle(
          c.id,
          { armed: !c.fired, restingUntil: null, firedAt: c.fired ? t : null },
          c.fired ? fire(c.id, last, t) : null,
        );
    for (const m of moves.tick(symbol, t, last))
      queue.settle(
        m.id,
        { armed: true, restingUntil: moves.restingUntil(m.id), firedAt: t },
        fire(m.id, m.percent.toDecimalPlaces(2).toFixed(2), t),
      );
  }

  function onMark(symbol: string, mark: string): void {
    if (!risks.watches(symbol)) return;
    const t = trading.clock.now();
    for (const c of risks.step(symbol, trading.contracts.riskFigures(symbol, mark), known))
      queue.settle(
        c.id,
        { armed: c.armed, restingUntil: null, firedAt: c.fire ? t : null },
        c.fire && c.figure !== null ? fire(c.id, c.figure, t) : null,
      );
  }

  return {
    /** Listens at once (an alert added while the stored ones load is watched from its first tick). */
    async start(): Promise<void> {
      off = market.on((event) => {
        if (event.type === 'ticker') onPrice(event.symbol, event.ticker.last);
        else if (event.type === 'mark') onMark(event.symbol, event.mark.mark);
      });
      deletedWhileLoading = new Set();
      const stored = await alertsOf(db, heldSymbols(market, deps.holds));
      const gone = deletedWhileLoading;
      deletedWhileLoading = null;
      loadStored(
        { market, book, queue },
        stored.filter((row) => !gone.has(String(row.id))),
      );
    },
    async stop(): Promise<void> {
      off?.();
      off = null;
      await queue.settled();
    },
    /** A new alert, committed: watched from the next tick (one already watched stays as it is). */
    add: book.add,
    /** Forgets an alert deleted; whether it was watched here. */
    remove(id: bigint): boolean {
      deletedWhileLoading?.add(String(id));
      return book.remove(String(id));
    },
    size: () => known.size,
    /** Resolves once every fire and re-arm so far is saved and told (tests, shutdown). */
    settled: () => queue.settled(),
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
