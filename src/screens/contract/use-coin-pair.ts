import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { BookLevels } from '../../../domain/market/market-estimate';
import type { FeedState } from '../../../domain/market-data/contract';
import { coinPairRefusal, isCoinPairTradable, type CoinPairRefusal } from '../../../domain/rules/tradable';
import { useLiveData, type LiveData, type LiveOptions } from '../../components/content/use-live-data';
import { useTopic } from '../../market/client-start';
import { market } from '../../state/market';
import { instrumentFeed } from '../../market/stream-feed';
import { loadCoinInfos } from './spot-first-calls';

export const DEFAULT_PAIR = 'BTCUSDT';
const NONE: readonly CoinInfo[] = [];

/** A pair the link asked for that the ticket does not show: one that takes no orders, or no pair at all. */
export type RefusedPair = { info: CoinInfo; reason: CoinPairRefusal } | { symbol: string; reason: 'unknown' };

export type CoinPair = {
  /** Every pair's facts (open positions may be on any); the ticket offers only `choices`. */
  infos: LiveData<CoinInfo[]>;
  /** The pairs that take orders now (domain/rules/tradable, the broker's own rule). */
  choices: CoinInfo[];
  /**
   * The pair ?symbol= asked for when it takes no orders (an upcoming coin sale's token, USDT/TRY)
   * or the broker lists no such pair (a typo, a stale link), and why.
   */
  refused: RefusedPair | null;
  symbol: string;
  setSymbol: (symbol: string) => void;
  info: CoinInfo | null;
  /**
   * Live last trade and mark price; null until the stream has sent them. Read in a render, each
   * re-renders its reader on every tick: a ticket reads them only where a figure needs them.
   */
  readonly last: string | null;
  readonly mark: string | null;
  /** The live funding rate, a percent per interval ('0.0100' = 0.01 %); null until one came. */
  readonly funding: string | null;
  /** The pair's book as the page holds it (once a ticket follows it); read as `last` is. */
  readonly book: BookLevels | undefined;
  /** The last trade now, for a handler (a limit price started at it): no render follows it. */
  lastNow: () => string | null;
  feed: FeedState;
};

/** The pairs that take orders at `now`, in the broker's order. */
export function tradablePairs(list: readonly CoinInfo[], now: number): CoinInfo[] {
  return list.filter((info) => isCoinPairTradable(info, now));
}

/**
 * The pair a coin ticket trades (?symbol= when it takes orders, else BTCUSDT), its facts (scales,
 * minimum) and its live last and mark prices. Only this pair's leaves are read, and only when
 * the ticket reads them (getters on the render's snapshot), so a tick re-renders the price cell,
 * not the whole form: on the reference phone a render of the spot ticket per book or mark patch
 * was a long task. `mark: false` follows no mark stream (the spot ticket shows none); `keep` says
 * when the pairs are kept for the next visit (useLiveData's option: at once unless a function);
 * `stream: false` follows no stream yet (the spot ticket's until its largest paint).
 */
export function useCoinPair({
  mark: withMark = true,
  keep = true,
  stream = true,
}: { mark?: boolean; keep?: LiveOptions['keep']; stream?: boolean } = {}): CoinPair {
  const search = useSearch();
  const asked = (new URLSearchParams(search).get('symbol') ?? '').trim().toUpperCase();
  const [chosen, setSymbol] = useState<string>('');
  // A token listing while the ticket is open shows on the next visit.
  const [now] = useState(Date.now);
  // Kept across visits (kept-answers.ts): the Trade tab opened again shows its ticket at once.
  const infos = useLiveData('coin-infos', loadCoinInfos, true, { keep });
  const list = infos.status === 'ready' ? infos.data : NONE;
  const choices = useMemo(() => tradablePairs(list, now), [list, now]);
  const offered = (wanted: string) => choices.some((i) => i.symbol === wanted);
  const symbol =
    chosen ||
    (offered(asked) ? asked : offered(DEFAULT_PAIR) ? DEFAULT_PAIR : (choices[0]?.symbol ?? DEFAULT_PAIR));
  const info = choices.find((i) => i.symbol === symbol) ?? null;
  // Said until the user picks a pair of their own.
  const askedInfo = chosen ? undefined : list.find((i) => i.symbol === asked);
  const reason = askedInfo ? coinPairRefusal(askedInfo, now) : null;
  // A …USDT symbol the broker lists no pair for is said too, rather than swapped for BTCUSDT in
  // silence (another symbol, say a stock's, is not this ticket's to name).
  const unknown = !chosen && infos.status === 'ready' && asked.endsWith('USDT') && askedInfo === undefined;
  let refused: RefusedPair | null = null;
  if (askedInfo && reason) refused = { info: askedInfo, reason };
  else if (unknown) refused = { symbol: asked, reason: 'unknown' };
  useTopic(info && stream ? { kind: 'ticker', market: 'coin', symbol } : null);
  useTopic(info && stream && withMark ? { kind: 'mark', market: 'coin', symbol } : null);
  const snap = useSnapshot(market);
  // Per stream: this pair's ticker (and mark, when followed) must be live, not merely the socket.
  const followed = withMark ? [`ticker|${symbol}`, `mark|${symbol}`] : [`ticker|${symbol}`];
  const feed = snap.started
    ? instrumentFeed(
        snap.feed.state,
        followed.map((key) => snap.streams[key]?.state),
      )
    : 'connecting';
  return {
    infos,
    choices,
    refused,
    symbol,
    setSymbol,
    info,
    get last() {
      return snap.tickers[symbol]?.last ?? null;
    },
    get mark() {
      return snap.marks[symbol]?.mark ?? null;
    },
    get funding() {
      return snap.marks[symbol]?.funding ?? null;
    },
    get book() {
      return snap.books[symbol];
    },
    lastNow: () => market.tickers[symbol]?.last ?? null,
    feed,
  };
}
