import type { Batch } from '../batch';
import type { TradingDeps } from '../deps';
import type { BookingContext } from './booking';
import { createMatchJobs } from './match-job';
import { traderAccounts } from './match-locks';
import { LIVE, liveOrdersAmong } from './live-orders';
import { finishOrders } from './matching';
import { messageAbout } from './notify';
import { entryOf, RestingIndex } from './resting';
import type { OrderRow } from './rows';
import { expiryOf, nextTradingDayOpen } from './session';
import type { SpotSettings } from './settings';

/**
 * What every spot call shares: the resting limit orders the engine follows, its settings, and the
 * matching and expiry jobs the market's events and the clock start.
 */
export type SpotCore = {
  readonly deps: TradingDeps;
  readonly index: RestingIndex;
  /** Whether this node trades `symbol` (a cluster's partition trades its own). */
  holds(symbol: string): boolean;
  /** The settings loaded by `start`; throws before it. */
  current(): SpotSettings;
  load(settings: SpotSettings): void;
  bookingContext(): BookingContext;
  /** Follows a live limit order's row in the resting index. */
  follow(row: OrderRow): void;
  /** Schedules one matching job per symbol at a time; after a job that filled, looks again. */
  maybeMatch(symbol: string): void;
  /** Expires the day orders whose session has ended. */
  expireDue(): Promise<number>;
};

export function createSpotCore(deps: TradingDeps): SpotCore {
  const { market, writer, clock } = deps;
  const index = new RestingIndex();
  let settings: SpotSettings | null = null;
  let expiring = false;

  const current = (): SpotSettings => {
    if (!settings) throw new Error('spot engine not started');
    return settings;
  };
  const bookingContext = (): BookingContext => {
    const now = clock.now();
    return { settings: current(), now, unlockAt: () => nextTradingDayOpen(now), realistic: deps.realistic };
  };
  const expiresAtOf = (row: OrderRow): number | null =>
    row.timeInForce === 'day' && row.tradingDay ? expiryOf(market, row.tradingDay) : null;
  const maybeMatch = createMatchJobs(deps, index, bookingContext);

  async function expireDue(): Promise<number> {
    const now = clock.now();
    const due = index.all().filter((e) => e.expiresAt !== null && e.expiresAt <= now);
    if (due.length === 0 || expiring) return 0;
    expiring = true;
    try {
      // The users' accounts in the batch's first round, as a matching job's (match-locks.ts).
      const prefetch = (batch: Batch) =>
        due.forEach((e) => {
          const instrument = market.instrument(e.symbol);
          if (instrument) batch.ledger.want(traderAccounts(e, instrument));
        });
      return await writer.run(
        async (jc) => {
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
        },
        { prefetch },
      );
    } finally {
      expiring = false;
    }
  }

  return {
    deps,
    index,
    holds: deps.holds ?? (() => true),
    current,
    load: (next) => (settings = next),
    bookingContext,
    follow: (row) => {
      if (row.type === 'limit' && LIVE.includes(row.status)) index.add(entryOf(row, expiresAtOf(row)));
    },
    maybeMatch,
    expireDue,
  };
}
