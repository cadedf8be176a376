import { proxy } from 'valtio';
import { addToWatchlist, getWatchlist, removeFromWatchlist, type WatchKind } from './watchlist-calls';

/**
 * Which symbols the signed-in user watches, for the star on every row and instrument screen.
 * Keyed leaves (`watchlist.stock[symbol]`) so a toggle re-renders one star. Loaded once per token;
 * a toggle shows at once and is undone if the server refuses.
 */
export const watchlist = proxy({
  stock: {} as Record<string, true>,
  coin: {} as Record<string, true>,
  /** The token the sets were loaded for; '' = not loaded. */
  loadedFor: '',
});

let loading: Promise<void> | null = null;
let loadingFor = '';
/**
 * Stars flipped while a load is in flight: the load's answer may predate them, so they are laid
 * over it (what the user chose last wins over a list fetched before the choice reached the server).
 */
const flippedDuringLoad = new Map<string, { kind: WatchKind; symbol: string; watched: boolean }>();

/** Loads both watchlists for this token unless they already are (concurrent callers share one load). */
export function ensureWatchlist(token: string): Promise<void> {
  if (token === '') {
    resetWatchlist();
    return Promise.resolve();
  }
  if (watchlist.loadedFor === token) return Promise.resolve();
  if (loading && loadingFor === token) return loading;
  loadingFor = token;
  const run = Promise.all([
    getWatchlist('stock', { silent: true }),
    getWatchlist('coin', { silent: true }),
  ]).then(
    ([stocks, coins]) => {
      if (loadingFor !== token) return;
      watchlist.stock = Object.fromEntries(stocks.map((item) => [item.symbol, true as const]));
      watchlist.coin = Object.fromEntries(coins.map((item) => [item.symbol, true as const]));
      for (const { kind, symbol, watched } of flippedDuringLoad.values()) setWatched(kind, symbol, watched);
      flippedDuringLoad.clear();
      watchlist.loadedFor = token;
    },
    () => {
      if (loadingFor === token) flippedDuringLoad.clear();
    },
  );
  loading = run;
  void run.finally(() => {
    if (loading === run) loading = null;
  });
  return run;
}

/** Marks a symbol watched or not, in one place (the watchlist screen uses it after its own loads). */
export function setWatched(kind: WatchKind, symbol: string, watched: boolean): void {
  if (watched) watchlist[kind][symbol] = true;
  else delete watchlist[kind][symbol];
  if (loading) flippedDuringLoad.set(`${kind}|${symbol}`, { kind, symbol, watched });
}

/**
 * Flips a star: shown at once, then sent; on failure the star goes back and the error is rethrown
 * for the caller to tell the user.
 */
export async function toggleWatch(kind: WatchKind, symbol: string): Promise<boolean> {
  const watched = !watchlist[kind][symbol];
  setWatched(kind, symbol, watched);
  try {
    if (watched) await addToWatchlist(kind, symbol, { silent: true });
    else await removeFromWatchlist(kind, symbol, { silent: true });
    return watched;
  } catch (error) {
    setWatched(kind, symbol, !watched);
    throw error;
  }
}

export function resetWatchlist(): void {
  watchlist.stock = {};
  watchlist.coin = {};
  watchlist.loadedFor = '';
  loading = null;
  loadingFor = '';
  flippedDuringLoad.clear();
}
