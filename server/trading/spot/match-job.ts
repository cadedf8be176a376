import type { TradingDeps } from '../deps';
import type { BookingContext } from './booking';
import { crossingEntries, matchAccounts } from './match-locks';
import { marketable, matchSymbol } from './matching';
import type { RestingEntry, RestingIndex } from './resting';

/** How long a symbol whose matching job failed waits before it is matched again. */
const MATCH_RETRY_MS = 1_000;

/**
 * The matching jobs of an engine: one per symbol at a time, started when the book crosses a
 * resting order; after a job that filled (or left an order the book came to cross meanwhile), it
 * looks again. Answers `maybeMatch`.
 */
export function createMatchJobs(
  { market, writer, clock, log }: Pick<TradingDeps, 'market' | 'writer' | 'clock' | 'log'>,
  index: RestingIndex,
  bookingContext: () => BookingContext,
): (symbol: string) => void {
  const busy = new Set<string>();

  function maybeMatch(symbol: string): void {
    if (busy.has(symbol) || !index.has(symbol) || !marketable(market, index, symbol)) return;
    busy.add(symbol);
    const instrument = market.instrument(symbol);
    // Chosen when the batch begins (its prefetch, run again if the batch is), not when the job
    // runs: the job fills only these, whose users' accounts the batch locked first.
    let chosen: RestingEntry[] = [];
    writer
      .run((jc) => matchSymbol(jc, market, bookingContext(), index, chosen), {
        prefetch: (batch) => {
          chosen = crossingEntries(market, index, symbol, clock.now());
          if (instrument) batch.ledger.want(matchAccounts(instrument, chosen));
        },
      })
      .then(
        (filled) => {
          busy.delete(symbol);
          // Orders the book came to cross after the batch began wait for the next job.
          const mine = new Set(chosen.map((e) => e.id));
          const later = crossingEntries(market, index, symbol, clock.now()).some((e) => !mine.has(e.id));
          if (filled > 0 || later) maybeMatch(symbol);
        },
        (error: unknown) => {
          // A job that keeps failing must neither go unheard nor run again on every book event:
          // it is logged, and the symbol waits a moment before matching is tried again.
          log?.error({ err: error, symbol }, 'spot matching job failed');
          setTimeout(() => busy.delete(symbol), MATCH_RETRY_MS).unref();
        },
      );
  }
  return maybeMatch;
}
