/** How often a stock screen re-reads its instrument over REST when the stream can't carry it. */
export const INSTRUMENT_POLL_MS = 2_000;
