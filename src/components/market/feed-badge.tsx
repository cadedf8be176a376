import '../../styles/market.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { FeedState, StreamLiveness } from '../../../domain/market-data/contract';
import type { MarketStatus } from '../../../domain/protocol/market';
import { market } from '../../state/market';

/**
 * What a screen's badge says: the socket's state, unless one of the streams followed right now
 * (those of the figures on screen) has gone stale or was refused — then `stale`. A proxy can
 * starve a ticker while heartbeats pass: the badge said "Live" over frozen lists, holdings and
 * positions. A stream still waiting for its first frame does not count: its
 * figure shows a placeholder, not a stale value.
 */
export function screenFeed(feed: FeedState, streams: readonly StreamLiveness[]): FeedState {
  if (feed !== 'live' && feed !== 'polling') return feed;
  return streams.some((state) => state === 'stale' || state === 'refused') ? 'stale' : feed;
}

/**
 * A connected feed over a BIST session that is closed (evening, weekend, holiday) carries still
 * prices: "Live" there read as if they were moving. The session's state is
 * said instead; a feed that is stale or reconnecting still says so first.
 */
export function sessionFeed(
  state: FeedState,
  session: MarketStatus | null | undefined,
): FeedState | 'closed' {
  if (state !== 'live' && state !== 'polling') return state;
  if (session && !session.open && session.state !== 'always_open') return 'closed';
  return state;
}

/**
 * The live feed's state beside a live widget (DESIGN.md "is this data fresh?"): a quiet dot when
 * live, a visible label when connecting, stale, reconnecting or polling — stale too while any
 * stream on screen is (the socket being up is not the screen's figures being live).
 */
export function FeedBadge({
  testId = 'feed-badge',
  session,
  bist = false,
}: {
  testId?: string;
  /** The BIST session the figures beside the badge belong to, when they are BIST's. */
  session?: MarketStatus | null;
  /**
   * The figures are BIST's: until `session` is known a connected feed is not called "Live" (it
   * said "Canlı" for a moment on every visit out of session, then "Seans kapalı").
   */
  bist?: boolean;
}) {
  const { t } = useTranslation('market');
  const snapshot = useSnapshot(market);
  // Nothing on screen streams (an empty watchlist): there is no feed to vouch for.
  if (!snapshot.started) return null;
  const state = sessionFeed(
    screenFeed(
      snapshot.feed.state,
      Object.values(snapshot.streams).map((health) => health.state),
    ),
    session,
  );
  if (bist && !session && (state === 'live' || state === 'polling')) return null;
  return (
    <span className={`feed-badge feed-badge--${state}`} data-testid={testId} data-state={state} role="status">
      <span className="feed-badge__dot" aria-hidden="true" />
      {t(`feed.${state}`)}
    </span>
  );
}
