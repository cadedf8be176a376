import '../../styles/market.css';
import { memo, useLayoutEffect, useRef } from 'react';
import type { Locale } from '../../../domain/format/locale';
import { formatPrice } from '../../../domain/format/number';
import { flashChange } from './flash';

type Props = { value: string; decimals: number; locale: Locale; testId?: string; className?: string };

/** A price that flashes green or red on the DOM node when it moves (never a second render). */
export const PriceCell = memo(function PriceCell({ value, decimals, locale, testId, className }: Props) {
  const ref = useRef<HTMLSpanElement>(null);
  const previous = useRef(value);
  // A layout effect, so the tint is painted with the digits rather than a frame after them.
  useLayoutEffect(() => {
    if (previous.current === value) return;
    flashChange(ref.current, previous.current, value);
    previous.current = value;
  }, [value]);
  return (
    <span
      ref={ref}
      className={className ? `price-cell ${className}` : 'price-cell'}
      data-testid={testId}
      data-value={value}
    >
      {formatPrice(value, locale, decimals)}
    </span>
  );
});
