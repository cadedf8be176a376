import '../../styles/market.css';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { screenFeed } from '../../market/stream-feed';
import { market } from '../../state/market';

/**
 * The live feed's state beside a live widget (DESIGN.md "is this data fresh?"): a quiet dot when
 * live, a visible label when connecting, stale, reconnecting or polling — stale too while any
 * stream on screen is (the socket being up is not the screen's figures being live).
 */
export function FeedBadge({ testId = 'feed-badge' }: { testId?: string }) {
  const { t } = useTranslation('market');
  const snapshot = useSnapshot(market);
  // Nothing on screen streams (an empty watchlist): there is no feed to vouch for.
  if (!snapshot.started) return null;
  const state = screenFeed(
    snapshot.feed.state,
    Object.values(snapshot.streams).map((health) => health.state),
  );
  return (
    <span className={`feed-badge feed-badge--${state}`} data-testid={testId} data-state={state} role="status">
      <span className="feed-badge__dot" aria-hidden="true" />
      {t(`feed.${state}`)}
    </span>
  );
}
