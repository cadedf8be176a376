import type { SessionCalendar } from '../calendar';
import type { MarketEvent } from '../source';
import type { IndexLevel } from './index-level';
import type { Tradable } from './tradable';

/** A long pause (a sleeping laptop, a debugger) is skipped rather than replayed tick by tick. */
const MAX_CATCH_UP_MS = 60_000;
/**
 * What the live market (its timer and its reads) replays of a busy spell at most; the rest is
 * skipped. A replay runs in one go, ~4 ms of CPU a tick of the bench market plus each tick's
 * frames to every socket: seconds of it held the event loop for seconds, the owner's lease proof
 * with it, and at 5,000 sockets on a loaded machine a cluster's owner lost its lease every few
 * seconds (fanout-5000). Explicit `step(now)` calls (tests stepping a fake clock) replay up to
 * MAX_CATCH_UP_MS.
 */
const LIVE_CATCH_UP_MS = 1_000;

type LoopSetup = {
  clock: { now(): number };
  tickMs: number;
  bench: boolean;
  created: number;
  calendar: SessionCalendar;
  stocks: readonly Tradable[];
  coins: readonly Tradable[];
  indices: ReadonlyMap<string, IndexLevel>;
  emit: (event: MarketEvent) => void;
};

/** One tick of the whole market: BIST's session opening or closing, the stocks, the indices, the coins. */
function createMarketTicks({
  tickMs,
  bench,
  created,
  calendar,
  stocks,
  coins,
  indices,
  emit,
}: Omit<LoopSetup, 'clock'>) {
  let bistOpen = calendar.isOpen(created);
  let nextChange = calendar.nextChange(created);
  // Our own fills moved a member: the indices catch up on the next tick instead of per order, as
  // an index's level, ticker and candles (a Decimal sum over every member) cost more than the fill.
  let indicesBehind = false;

  function tickAt(t: number): void {
    if (nextChange !== null && t >= nextChange) {
      const open = calendar.isOpen(t);
      nextChange = calendar.nextChange(t);
      if (open !== bistOpen) {
        bistOpen = open;
        emit({ type: 'status', status: calendar.status('BIST', t) });
      }
    }
    const indicative = bench && t % 100 < tickMs;
    let moved = false;
    for (const stock of stocks) if (stock.tick(t, bistOpen, emit, indicative)) moved = true;
    if (moved || indicesBehind) for (const index of indices.values()) index.update(t, emit);
    indicesBehind = false;
    for (const coin of coins) coin.tick(t, true, emit, false);
  }

  return {
    tickAt,
    bistOpen: () => bistOpen,
    /** Our own fill moved a stock: the indices follow on the next tick. */
    indicesMoved() {
      indicesBehind = true;
    },
  };
}

/** The simulator's time: fixed ticks up to now, BIST's sessions opening and closing, and its timer. */
export function createTickLoop(setup: LoopSetup) {
  const { clock, tickMs } = setup;
  let lastTick = setup.created;
  const ticks = createMarketTicks(setup);
  let timer: ReturnType<typeof setTimeout> | null = null;

  // A listener that reads the market inside a tick's events reads it as it stands: it does not
  // start a catch-up of its own in the middle of the tick.
  let stepping = false;
  function step(now: number, maxCatchUpMs = MAX_CATCH_UP_MS): void {
    if (stepping) return;
    stepping = true;
    try {
      if (now - lastTick > maxCatchUpMs)
        lastTick += Math.floor((now - lastTick - maxCatchUpMs) / tickMs) * tickMs;
      while (lastTick + tickMs <= now) {
        lastTick += tickMs;
        ticks.tickAt(lastTick);
      }
    } finally {
      stepping = false;
    }
  }
  /**
   * Reads catch up first, as execute() does: a broker whose event loop was busy reads the market
   * of now, not of its last timer, so an order priced on a book fills against that same book (a
   * contract priced on a book 15 ticks old filled nothing 14 times in 40: catch-up.test.ts).
   */
  // While pinned (MarketSource.pin) reads do not step: the caller prices and executes on one tick.
  let pinned = 0;
  const current = () => {
    if (pinned === 0) step(clock.now(), LIVE_CATCH_UP_MS);
  };

  function pin<T>(fn: () => T): T {
    current();
    pinned++;
    try {
      return fn();
    } finally {
      pinned--;
    }
  }

  return {
    step: (now: number) => step(now),
    current,
    pin,
    lastTick: () => lastTick,
    bistOpen: ticks.bistOpen,
    indicesMoved: ticks.indicesMoved,
    // The timer keeps the process alive on purpose: a source nobody stops is a leak to see.
    // Each wake-up lands on the next tick boundary, so an event leaves within a millisecond or
    // two of the time it carries (a free-running interval would make it up to a tick old).
    start() {
      if (timer) return;
      const run = () => {
        step(clock.now(), LIVE_CATCH_UP_MS);
        timer = setTimeout(run, Math.max(1, lastTick + tickMs - clock.now()));
      };
      timer = setTimeout(run, 0);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
