import { useTranslation } from '../../i18n/hook';
import { SortIcon } from '../../components/market/market-icons';
import { nextSort, type Sort, type SortField } from '../../market/sort';

/** Three columns as in a row: name, price (with traded value below), change. */
const COLUMNS: readonly (readonly SortField[])[] = [['symbol'], ['price', 'volume'], ['change']];

/**
 * Column headers that sort the list: a tap on a new column sorts it descending, again flips it.
 * The traded value's header says what it counts (`unit`: TL for BIST, USDT for coins) where the
 * word alone does not: tr-TR "Hacim (TL)", as the instrument screen's, since a bare "Hacim" read
 * as its "Hacim (adet)"; en-US "Turnover" is already the value (and "Turnover (USDT)" no longer
 * fit beside "Price" at 390 px).
 */
export function SortHeader({
  sort,
  onSort,
  unit,
}: {
  sort: Sort;
  onSort: (sort: Sort) => void;
  unit: 'TL' | 'USDT';
}) {
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
                {field === 'volume' ? t(`sort.volume_${unit}`) : t(`sort.${field}`)}
                <SortIcon sortOrder={active ? sort.direction : null} />
              </button>
            );
          })}
        </span>
      ))}
    </div>
  );
}
