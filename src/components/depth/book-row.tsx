import { memo, type CSSProperties } from 'react';
import { formatDecimal, formatPrice } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import { useBookLevel, type BookSide } from './use-book-level';

type Props = {
  symbol: string;
  side: BookSide;
  price: string;
  priceScale: number;
  qtyScale: number;
  locale: Locale;
};

/**
 * A book level. Memoised on its props, so a new order of prices re-renders only the rows that
 * moved; the depth bar's width comes from CSS (`--qty` over the panel's `--book-max`), so a new
 * largest level repaints the bars without re-rendering any row.
 */
export const BookRow = memo(function BookRow({ symbol, side, price, priceScale, qtyScale, locale }: Props) {
  const qty = useBookLevel(symbol, side, price);
  const size = qty === undefined ? 0 : Number(qty);
  const style = { '--qty': Number.isFinite(size) ? size : 0 } as CSSProperties;
  const priceCell = (
    <span className={`book-row__price book-row__price--${side}`}>
      {formatPrice(price, locale, priceScale)}
    </span>
  );
  const qtyCell = (
    <span className="book-row__qty">
      {/* Every level at the pair's quantity decimals, so the column's digits line up: 0,2057 sat
          under 0,07724 with its point a place off. */}
      {formatDecimal(qty, locale, { decimals: qtyScale })}
    </span>
  );
  return (
    <li className={`book-row book-row--${side}`} style={style} data-testid={`book-${side}-${price}`}>
      <span className="book-row__bar" aria-hidden="true" />
      {side === 'bid' ? qtyCell : priceCell}
      {side === 'bid' ? priceCell : qtyCell}
    </li>
  );
});
