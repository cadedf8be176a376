import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/content/state-views';

type Paged = { hasMore: boolean; loadingMore: boolean; moreError: unknown; more: () => Promise<void> };

/** "Show more" under a list, with its own error line: a failed page never hides the rows shown. */
export function LoadMore({ paged }: { paged: Paged }) {
  const { t } = useTranslation('ipo');
  const errorText = useErrorText();
  if (!paged.hasMore) return null;
  return (
    <div className="ipo-more">
      {paged.moreError !== null && (
        <p className="field__error" role="alert">
          {errorText(paged.moreError)}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        data-testid="load-more"
        disabled={paged.loadingMore}
        aria-busy={paged.loadingMore || undefined}
        onClick={() => void paged.more()}
      >
        {t('list.more')}
      </button>
    </div>
  );
}
