import { useSnapshot } from 'valtio';
import { market } from '../state/market';
import { useTopic } from './client-start';
import type { RowQuote } from './quote';

export type LiveFigures = { last: string; change: string; pct: string; vol: string };

/**
 * A row's figures: live once its ticker has arrived, the REST values before. Only this symbol's
 * four leaves are read from the snapshot, so another symbol's tick never re-renders the caller.
 * `streaming` false (row off screen) drops the subscription but keeps the last values.
 */
export function useLiveQuote(quote: RowQuote, streaming = true): LiveFigures {
  useTopic(streaming ? { kind: 'ticker', market: quote.market, symbol: quote.symbol } : null);
  const live = useSnapshot(market).tickers[quote.symbol];
  if (!live) return { last: quote.last, change: quote.change, pct: quote.pct, vol: quote.vol };
  return {
    last: live.last,
    change: live.change,
    pct: live.pct,
    vol: quote.volFromBase ? live.vol : live.turnover,
  };
}
