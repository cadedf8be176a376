import { useState } from 'react';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { FeedState } from '../../../domain/market-data/contract';
import { getCoinInfos } from '../../api/market';
import { useLiveData, type LiveData } from '../../components/content/use-live-data';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';
import { instrumentFeed } from '../../market/stream-feed';

export const DEFAULT_PAIR = 'BTCUSDT';
const loadInfos = () => getCoinInfos({ silent: true });

export type CoinPair = {
  infos: LiveData<CoinInfo[]>;
  symbol: string;
  setSymbol: (symbol: string) => void;
  info: CoinInfo | null;
  /** Live last trade and mark price; null until the stream has sent them. */
  last: string | null;
  mark: string | null;
  feed: FeedState;
};

/**
 * The pair a coin ticket trades (?symbol=, else BTCUSDT), its facts (scales, minimum) and its
 * live last and mark prices. Only this pair's leaves are read, so other pairs' ticks don't render.
 */
export function useCoinPair(): CoinPair {
  const search = useSearch();
  const asked = (new URLSearchParams(search).get('symbol') ?? '').trim().toUpperCase();
  const [chosen, setSymbol] = useState<string>('');
  const infos = useLiveData('coin-infos', loadInfos);
  const list = infos.status === 'ready' ? infos.data : [];
  const symbol = chosen || (list.some((i) => i.symbol === asked) ? asked : DEFAULT_PAIR);
  const info = list.find((i) => i.symbol === symbol) ?? null;
  useTopic(info ? { kind: 'ticker', market: 'coin', symbol } : null);
  useTopic(info ? { kind: 'mark', market: 'coin', symbol } : null);
  const snap = useSnapshot(market);
  const last = snap.tickers[symbol]?.last ?? null;
  const mark = snap.marks[symbol]?.mark ?? null;
  // Per stream: this pair's ticker and mark must be live, not merely the socket.
  const feed = snap.started
    ? instrumentFeed(snap.feed.state, [
        snap.streams[`ticker|${symbol}`]?.state,
        snap.streams[`mark|${symbol}`]?.state,
      ])
    : 'connecting';
  return { infos, symbol, setSymbol, info, last, mark, feed };
}
