import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { FeedState } from '../../../domain/market-data/contract';
import { getStockInfo } from '../../api/instrument';
import { useLiveData } from '../../components/content/use-live-data';
import { usePollInterval, useTopic } from '../../market/client';
import { account, loadProfile } from '../../state/account';
import { market } from '../../state/market';
import { instrumentFeed } from '../../market/stream-feed';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { useSessionTurn } from '../../components/market/use-bist-session';
import { stockOrderEndpoints } from '../../../domain/protocol/endpoints/stock-orders';
import { call } from '../../api/call';

const loadHold = (symbol: string) => call(stockOrderEndpoints.hold, { symbol }, { silent: true });

const ACCOUNT_CHANNELS = ['orders', 'balances'] as const;

/** One instrument in view: re-read every 2 s over REST if the stream can't carry it (as its screen does). */
const TICKET_POLL_MS = 2_000;

/**
 * Everything the ticket reads for one symbol: the stock's facts and band (REST), the live last
 * price and feed/book state (worker), the account's cash and shares (hold/info, again after every
 * order and account switch) and whether orders need the trade password (profile).
 */
export function useTicketData(symbol: string) {
  const { accountEpoch, profile, profileStatus } = useSnapshot(account);
  const info = useLiveData(`trade-info|${symbol}`, () => getStockInfo(symbol), symbol !== '');
  // The session it carries turns at 10:00 and 18:00: the badge and the market-order block follow.
  useSessionTurn(info.status === 'ready' ? info.data.status : null, info.refresh);
  const hold = useLiveData(`hold-info|${symbol}|${accountEpoch}`, () => loadHold(symbol), symbol !== '');
  const tradable = info.status === 'ready' && info.data.market === 'stock';
  useTopic(tradable ? { kind: 'ticker', market: 'stock', symbol } : null);
  useTopic(tradable ? { kind: 'book', market: 'stock', symbol } : null);
  usePollInterval(TICKET_POLL_MS);

  const snap = useSnapshot(market);
  const liveLast = snap.tickers[symbol]?.last;
  const last = liveLast ?? (info.status === 'ready' ? info.data.price : null);
  const pct = snap.tickers[symbol]?.pct ?? (info.status === 'ready' ? info.data.changePct : null);
  // Per stream: a starved ticker or book pauses market orders even while the socket is live.
  const feed: FeedState = tradable
    ? instrumentFeed(snap.feed.state, [
        snap.streams[`ticker|${symbol}`]?.state,
        snap.streams[`book|${symbol}`]?.state,
      ])
    : snap.feed.state;
  const levels = snap.books[symbol];
  const book = levels?.state;

  useEffect(() => {
    if (profileStatus === 'idle') void loadProfile();
  }, [profileStatus]);

  // Cash and shares change when an order fills or a deposit lands: re-read behind the figures.
  const refreshHold = () => {
    if (symbol === '') return;
    loadHold(symbol).then(
      (next) => hold.update(() => next),
      () => {
        // The shown figures stay; the server re-checks every order anyway.
      },
    );
  };
  usePrivateRefetch(ACCOUNT_CHANNELS, refreshHold);

  return {
    info,
    hold,
    refreshHold,
    last: last !== null && last !== '' && last !== '0' ? last : null,
    pct,
    feed,
    book,
    /** The book's levels: what a market order is estimated at (domain/market marketEstimate). */
    levels,
    needPassword: profile?.confirmOrdersWithTradePassword === true,
  };
}
