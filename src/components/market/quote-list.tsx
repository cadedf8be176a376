import '../../styles/market.css';
import { useTranslation } from '../../i18n/hook';
import type { RowQuote } from '../../market/quote';
import { TickerRow } from './ticker-row';

/** Rows of live instruments; each row streams and renders on its own. */
type Props = {
  rows: readonly RowQuote[];
  star?: boolean;
  testId?: string;
  /** Called with the symbol when a row is opened; keep it stable (rows are memoised). */
  onOpen?: (symbol: string) => void;
};

export function QuoteList({ rows, star = false, testId, onOpen }: Props) {
  return (
    <ul className="quote-list" data-testid={testId}>
      {rows.map((quote) => (
        <TickerRow key={quote.symbol} quote={quote} star={star} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/** Grey rows in the shape of ticker rows (DESIGN.md: skeletons, not spinners). */
export function QuoteListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('market');
  return (
    <div
      className="skeleton-list skeleton-list--quotes"
      role="status"
      aria-label={t('list.loading')}
      aria-busy="true"
      data-testid="list-skeleton"
    >
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton-list__row ticker-row-skeleton">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}
