import { HomeSection } from './home-section';
import { useTranslation } from '../../i18n/hook';

type Props = { history: readonly string[]; onPick: (term: string) => void; onClear: () => void };

/** Recent searches, most recent first; a tap searches again. */
export function SearchHistory({ history, onPick, onClear }: Props) {
  const { t } = useTranslation('market');
  if (history.length === 0)
    return (
      <p className="hint" data-testid="search-hint">
        {t('search.hint')}
      </p>
    );
  return (
    <HomeSection
      title={t('search.history')}
      testId="search-history"
      aside={
        <button type="button" className="text-link" data-testid="search-history-clear" onClick={onClear}>
          {t('search.clear')}
        </button>
      }
    >
      <ul className="history">
        {history.map((term) => (
          <li key={term}>
            <button
              type="button"
              className="history__chip"
              data-testid={`history-${term}`}
              onClick={() => onPick(term)}
            >
              {term}
            </button>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
