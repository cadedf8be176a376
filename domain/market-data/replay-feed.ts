import type { ReplayState } from '../protocol/replay';

/**
 * A replay in the market-data worker: its frames go through the live socket's codec, feed and
 * state code, into a state of their own whose symbols the patch names by `replayKey`, so a
 * replay's THYAO never writes the live THYAO cells. The chart, book and tape read those keys.
 */

/**
 * The name a replayed symbol's ticker, book, trades and candles go by in patches and the page's
 * market state. A ':' never appears in a symbol (/^[A-Z0-9]+$/) nor a '|' here (candle keys and
 * topic keys join with it), so no live key can equal it.
 */
export function replayKey(id: string, symbol: string): string {
  return `replay:${id}:${symbol}`;
}

/** The replay as its last read left it, its frames taken out (they went into the state). */
export type ReplayView = Omit<ReplayState, 'frames'>;

/**
 * What the page learns of the followed replay: `view` after each read that changed it (null
 * until the first), `failed` the error key of a read that failed (null when the last one
 * answered), `ended` once the broker says the replay is gone (REPLAY_NOT_FOUND): polling stopped.
 */
export type ReplayPatch = {
  id: string;
  view: ReplayView | null;
  failed: string | null;
  ended: boolean;
};

/**
 * The worker's replay half (its object implements this too; in-thread fakes need not). The
 * replay is read over REST with the session token given to `authenticate`.
 */
export interface ReplayFeedApi {
  /**
   * Follows replay `id` (null: none): its state is read now and every poll period while it runs,
   * not while it is paused or over; a new id starts from snapshots, null drops the state.
   */
  followReplay(id: string | null): void;
  /** Reads the followed replay again now (the page changed it: a control, an order, a retry). */
  refreshReplay(): void;
}
