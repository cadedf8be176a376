import '../../styles/market.css';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { market } from '../../state/market';

/**
 * The live feed's state beside a live widget (DESIGN.md "is this data fresh?"): a quiet dot when
 * live, a visible label when connecting, stale, reconnecting or polling.
 */
export function FeedBadge({ testId = 'feed-badge' }: { testId?: string }) {
  const { t } = useTranslation('market');
  const snapshot = useSnapshot(market);
  // Nothing on screen streams (an empty watchlist): there is no feed to vouch for.
  if (!snapshot.started) return null;
  const { state } = snapshot.feed;
  return (
    <span className={`feed-badge feed-badge--${state}`} data-testid={testId} data-state={state} role="status">
      <span className="feed-badge__dot" aria-hidden="true" />
      {t(`feed.${state}`)}
    </span>
  );
}
