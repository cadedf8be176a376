/**
 * The small modules every first screen needs beside the entry (the session, the screen frame, the
 * live-data hooks, the market status line…), bundled as one chunk. Left to the automatic split,
 * each module that a lazy screen shares with the entry became a chunk of its own: 29 files on
 * the first load of `/`, ~5 KiB of gzip spent on their import and export glue and their own gzip
 * streams. Their dependencies come along (rolldown's default), so the chunk holds the texts'
 * setup, React and the router too: all of it runs before the first paint whatever the route.
 * A screen's own modules stay out: a deep link to another screen loads nothing of Home.
 */
export const FIRST_CHUNK = {
  name: 'first',
  test: new RegExp(
    [
      'src/state/session',
      'src/components/(brand-mark|screen|tone)',
      'src/components/content/(state-views|use-live-data)',
      'src/components/market/(market-status-line|feed-badge)',
      'src/market/coin-quotes',
      'domain/protocol/endpoints/first-load',
      'domain/protocol/market-states',
    ]
      .map((module) => `${module.replaceAll('/', '[\\\\/]')}\\.tsx?$`)
      .join('|'),
  ),
};

/**
 * The main thread's side of the market worker (src/market/client.ts with comlink, the pacer and
 * the patches' appliers), which loads as the worker starts, after the first screen's largest
 * paint (src/market/client-start.ts): one file. Left to the split, they went into a chunk shared
 * with other modules the streaming screens import, which the first load of `/` fetched whole.
 */
export const MARKET_CLIENT_CHUNK = {
  name: 'market-client',
  test: new RegExp(
    [
      'src/market/(client|pacing|wake-line)\\.ts$',
      'domain/market-data/candles-transfer',
      'node_modules/comlink/',
    ]
      .map((module) => module.replaceAll('/', '[\\\\/]'))
      .join('|'),
  ),
};
