import '../../styles/market.css';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { Market } from '../../../domain/market/instrument';
import { ensureWatchlist, toggleWatch, watchlist } from '../../market/watchlist';
import { LOGIN_PATH, navigate } from '../../paths/navigation';
import { showToast } from '../../services/toast';
import { session } from '../../state/session';
import { useErrorText } from '../content/state-views';
import { StarIcon } from './market-icons';

/** Indices are kept in the stock watchlist: the server knows two lists, stocks and coins. */
export function watchKind(kind: Market): 'stock' | 'coin' {
  return kind === 'coin' ? 'coin' : 'stock';
}

/** The watchlist star: guests go to sign in; a refused toggle is undone and explained. */
export function StarButton({ market: kind, symbol }: { market: Market; symbol: string }) {
  const { t } = useTranslation('market');
  const errorText = useErrorText();
  const { userToken } = useSnapshot(session);
  const list = watchKind(kind);
  const watched = useSnapshot(watchlist)[list][symbol] === true;

  useEffect(() => {
    void ensureWatchlist(userToken);
  }, [userToken]);

  const onClick = () => {
    if (userToken === '') {
      navigate(LOGIN_PATH);
      return;
    }
    toggleWatch(list, symbol).then(
      (now) => showToast(t(now ? 'watch.added' : 'watch.removed', { symbol })),
      (error: unknown) => showToast(errorText(error)),
    );
  };

  return (
    <button
      type="button"
      className="star-button"
      data-testid={`star-${symbol}`}
      aria-pressed={watched}
      aria-label={t(watched ? 'watch.remove' : 'watch.add', { symbol })}
      onClick={onClick}
    >
      <StarIcon filled={watched} />
    </button>
  );
}
