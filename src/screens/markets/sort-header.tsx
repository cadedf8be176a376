import { useTranslation } from '../../i18n-hook';
import { SortIcon } from '../../components/market/market-icons';
import { nextSort, type Sort, type SortField } from '../../market/sort';

/** Three columns as in a row: name, price (with traded value below), change. */
const COLUMNS: readonly (readonly SortField[])[] = [['symbol'], ['price', 'volume'], ['change']];

/** Column headers that sort the list: a tap on a new column sorts it descending, again flips it. */
export function SortHeader({ sort, onSort }: { sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useTranslation('market');
  return (
    <div className="sort-header" role="group" aria-label={t('sort.label')}>
      {COLUMNS.map((fields) => (
        <span key={fields.join('-')} className="sort-header__cell">
          {fields.map((field) => {
            const active = sort.field === field;
            return (
              <button
                key={field}
                type="button"
                className="sort-header__button"
                data-testid={`sort-${field}`}
                aria-pressed={active}
                onClick={() => onSort(nextSort(sort, field))}
              >
                {t(`sort.${field}`)}
                <SortIcon sortOrder={active ? sort.direction : null} />
              </button>
            );
          })}
        </span>
      ))}
    </div>
  );
}
